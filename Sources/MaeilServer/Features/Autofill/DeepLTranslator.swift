import Foundation
import NIOCore
import Vapor

/// DeepL's machine translation (`POST /v2/translate`, the key in
/// `Authorization: DeepL-Auth-Key`; the free host for keys ending `:fx`). Each
/// refusal becomes a `DeepLFailure` the form shows without losing the other
/// sources' rows; answers are kept in memory (`cache`) so the same term typed
/// again costs no quota.
struct DeepLTranslator: Sendable {
    var client: any Client
    var key: String
    /// Nil: DeepL's own host for the key.
    var baseURL: String?
    var timeout: Duration = .seconds(4)
    var cache: DeepLCache

    static func host(forKey key: String) -> String {
        key.hasSuffix(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com"
    }

    private struct Body: Encodable {
        var text: [String]
        var targetLanguage: String
        var sourceLanguage: String

        enum CodingKeys: String, CodingKey {
            case text
            case targetLanguage = "target_lang"
            case sourceLanguage = "source_lang"
        }
    }

    private struct Answer: Decodable {
        struct Translation: Decodable {
            var text: String
        }
        var translations: [Translation]
    }

    /// The term in `to`, or the failure DeepL answered with.
    func translate(_ term: String, from: String, to: String) async throws(DeepLFailure)
        -> String
    {
        let cacheKey = DeepLCacheKey(key: key, term: term, from: from, to: to)
        if let known = cache.value(for: cacheKey) { return known }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .authorization, value: "DeepL-Auth-Key \(key)")
        headers.contentType = .json
        let body: ByteBuffer
        do {
            body = ByteBuffer(
                data: try JSONEncoder().encode(
                    Body(
                        text: [term], targetLanguage: Self.deepLLanguage(to, target: true),
                        sourceLanguage: Self.deepLLanguage(from, target: false))))
        } catch {
            throw .unavailable
        }
        let request = ClientRequest(
            method: .POST, url: URI(string: (baseURL ?? Self.host(forKey: key)) + "/v2/translate"),
            headers: headers, body: body, timeout: TimeAmount(timeout))
        let response: ClientResponse
        do {
            response = try await client.send(request)
        } catch {
            throw isOutgoingTimeout(error) ? .timedOut : .unavailable
        }
        switch response.status.code {
        case 200..<300: break
        case 403: throw .forbidden
        case 429: throw .tooManyRequests
        case 456: throw .quotaExceeded
        default: throw .unavailable
        }
        guard let bytes = response.body,
            let answer = try? JSONDecoder().decode(
                Answer.self, from: Data(bytes.readableBytesView)),
            let text = answer.translations.first?.text.trimmingCharacters(
                in: .whitespacesAndNewlines),
            !text.isEmpty
        else { throw .unavailable }
        cache.set(text, bytes: text.utf8.count + term.utf8.count + 64, for: cacheKey)
        return text
    }

    /// DeepL's codes: upper case; English and Portuguese targets need a variant.
    static func deepLLanguage(_ code: String, target: Bool) -> String {
        let upper = code.uppercased()
        guard target else { return upper }
        switch upper {
        case "EN": return "EN-US"
        case "PT": return "PT-BR"
        default: return upper
        }
    }

}

/// Why DeepL gave nothing: each a message the form shows beside the other rows.
enum DeepLFailure: Error, Equatable, Sendable {
    case forbidden, tooManyRequests, quotaExceeded, unavailable, timedOut

    var code: String {
        switch self {
        case .forbidden: "deepl_forbidden"
        case .tooManyRequests: "deepl_too_many_requests"
        case .quotaExceeded: "deepl_quota_exceeded"
        case .unavailable: "deepl_unavailable"
        case .timedOut: "deepl_timed_out"
        }
    }

    var message: String {
        switch self {
        case .forbidden: "DeepL refused the key: check it (a free key ends with :fx)"
        case .tooManyRequests: "DeepL has had too many requests; try again in a moment"
        case .quotaExceeded: "the DeepL key's characters for this month are used up"
        case .unavailable: "DeepL is not answering properly right now"
        case .timedOut: "DeepL did not answer in time"
        }
    }

    /// The UI string key of the message.
    var textKey: String {
        switch self {
        case .forbidden: "autofillDeepLForbidden"
        case .tooManyRequests: "autofillDeepLTooMany"
        case .quotaExceeded: "autofillDeepLQuota"
        case .unavailable: "autofillDeepLUnavailable"
        case .timedOut: "autofillDeepLTimedOut"
        }
    }
}

struct DeepLCacheKey: Hashable, Sendable {
    var key: String
    var term: String
    var from: String
    var to: String
}

typealias DeepLCache = ByteLimitedCache<DeepLCacheKey, String>

extension Application {
    private struct DeepLCacheStorageKey: StorageKey { typealias Value = DeepLCache }

    /// DeepL's answers, kept for the server's life (set at start).
    var deepLCache: DeepLCache {
        get { storage[DeepLCacheStorageKey.self] ?? DeepLCache(byteLimit: 0) }
        set { storage[DeepLCacheStorageKey.self] = newValue }
    }
}
