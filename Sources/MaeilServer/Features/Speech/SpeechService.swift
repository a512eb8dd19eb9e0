import Foundation
import Vapor

/// Speech for the speak buttons: the first installed engine that reads the text,
/// its audio cached on disk by a hash of engine, language and text (a word is spoken
/// once per server, then served from the cache).
struct SpeechService: Sendable {
    static let maximumLength = 500

    let engines: [SpeechSynthesizer]
    let cacheDirectory: String
    /// An engine that takes longer is stopped, and the answer says so.
    var timeout: TimeInterval = 10

    struct Audio: Sendable {
        var data: Data
        /// The cache key, for the ETag.
        var key: String
    }

    func audio(_ text: String, language: SpeechLanguage) async throws -> Audio {
        guard !text.isEmpty else { throw AppError.invalid("text must not be empty") }
        guard text.count <= Self.maximumLength else {
            throw AppError.invalid("text is longer than \(Self.maximumLength) characters")
        }
        guard !engines.isEmpty else {
            throw AppError(
                status: .serviceUnavailable, code: .speechUnavailable,
                message:
                    "no speech engine is installed on the server (install espeak-ng); the web app speaks with the browser's voice instead"
            )
        }
        guard
            let engine = engines.first(where: {
                $0.languages.contains(language) && $0.reads(text, language)
            })
        else {
            throw AppError.invalid(
                "no installed speech engine reads this \(language.rawValue) text; send Japanese as kana (espeak-ng cannot read kanji)",
                code: .speechFailed)
        }
        let key = SecretDigest.sha256Hex("\(engine.name)\n\(language.rawValue)\n\(text)")
        let file = URL(fileURLWithPath: cacheDirectory).appendingPathComponent("\(key).wav")
        if let cached = try? Data(contentsOf: file) { return Audio(data: cached, key: key) }
        let data: Data
        do {
            data = try await engine.synthesize(text, language, timeout: timeout)
        } catch SpeechSynthesizer.Failure.timedOut {
            throw AppError.invalid(
                "\(engine.name) did not finish within \(Int(timeout)) seconds",
                code: .speechFailed)
        } catch {
            throw AppError.invalid("\(engine.name) failed: \(error)", code: .speechFailed)
        }
        try? FileManager.default.createDirectory(
            atPath: cacheDirectory, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
        return Audio(data: data, key: key)
    }
}

extension Application {
    private struct SpeechKey: StorageKey { typealias Value = SpeechService }

    /// The server's speech: the engines found at start (tests may replace it).
    var speech: SpeechService {
        get {
            storage[SpeechKey.self]
                ?? SpeechService(
                    engines: [], cacheDirectory: maeilSettings.dataDirectory + "/speech-cache")
        }
        set { storage[SpeechKey.self] = newValue }
    }
}

extension Request {
    /// `?text=&lang=` as audio: WAV with an ETag and a day's caching; 304 when unchanged.
    func speechResponse() async throws -> Response {
        let text = queryValue("text") ?? ""
        guard let language = SpeechLanguage(rawValue: queryValue("lang") ?? "") else {
            throw AppError.invalid("lang must be one of ko, en, ja")
        }
        let audio = try await application.speech.audio(text, language: language)
        let etag = "\"\(audio.key)\""
        if headers.first(name: .ifNoneMatch) == etag {
            let response = Response(status: .notModified)
            response.headers.replaceOrAdd(name: .eTag, value: etag)
            return response
        }
        let response = Response(status: .ok, body: .init(data: audio.data))
        response.headers.contentType = HTTPMediaType(type: "audio", subType: "wav")
        response.headers.replaceOrAdd(name: .eTag, value: etag)
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=86400")
        return response
    }
}
