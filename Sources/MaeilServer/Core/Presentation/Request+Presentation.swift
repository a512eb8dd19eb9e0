import Hangul
import MaeilAPI
import Vapor
import VocabCore

/// Small helpers the web controllers share: the page language, counted phrases
/// ("3 words" / "단어 3개"), dates, and the view model of a word row.
extension Request {
    var uiLanguage: UILanguage { Localizer.language(for: self) }

    /// A UI string in the request's language.
    func text(_ key: String) -> String { Localizer.text(key, uiLanguage) }

    /// A counted phrase: the key's `{n}` replaced; English uses `<key>One` for 1.
    func count(_ key: String, _ n: Int) -> String { Localizer.count(key, n, uiLanguage) }

    /// A local path to go back to after a form post (never another site).
    func returnPath(_ raw: String?, fallback: String) -> String {
        LocalPath.validated(raw) ?? fallback
    }

    /// An error as the page's language says it: by its code where the strings
    /// have one, else its own (English) message.
    func errorText(code: ErrorCode, message: String) -> String {
        Localizer.strings(uiLanguage)["errorCode_" + code.rawValue] ?? message
    }

    /// The same, worded from the error's case where the page can (a field's rule).
    func errorText(_ error: any Error, code: ErrorCode, message: String) -> String {
        if let error = error as? ValidationError {
            return WebMessages.validation(error, uiLanguage)
        }
        return errorText(code: code, message: message)
    }

    /// "2026-11-22 14:03" in the user's time zone.
    func dateTimeText(_ date: Date?) -> String {
        guard let date else { return "" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// A calendar day in the user's time zone, as the page's language writes
    /// it: "2026. 11. 22." or "Nov 22, 2026".
    func dateText(_ date: Date?) -> String {
        guard let date else { return "" }
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        switch uiLanguage {
        case .ko:
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy. M. d."
        case .en:
            formatter.locale = Locale(identifier: "en_US")
            formatter.dateFormat = "MMM d, yyyy"
        }
        return formatter.string(from: date)
    }

    /// Whether a `fetch` from our scripts asked for JSON back.
    var wantsJSON: Bool { headers.first(name: .accept)?.contains("application/json") ?? false }
}

extension Localizer {
    static func count(_ key: String, _ n: Int, _ lang: UILanguage) -> String {
        let table = strings(lang)
        let template = (n == 1 ? table[key + "One"] : nil) ?? table[key] ?? key
        return filled(template, ["n": grouped(n)])
    }

    /// 1,784 rather than 1784 (both UI languages group thousands with a comma).
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return n < 0 ? "-" + text : text
    }

    /// A count where room is short, cut (never rounded up) to two or three
    /// figures: 267K and 1.2M in English; in Korean by 천, 만 and 억, as
    /// Korean apps write them (1.2천, 2.6만, 26만, 1.2억). Under 1,000 as it is.
    static func compact(_ n: Int, _ lang: UILanguage) -> String {
        let units: [(size: Int, name: String)] =
            lang == .ko
            ? [(100_000_000, "억"), (10_000, "만"), (1_000, "천")]
            : [(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K")]
        guard let unit = units.first(where: { n.magnitude >= $0.size }) else { return String(n) }
        let tenths = Int(n.magnitude) / (unit.size / 10)
        let text =
            tenths >= 100 || tenths % 10 == 0
            ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        return (n < 0 ? "-" : "") + text + unit.name
    }

    /// Fills `{name}` placeholders of a UI string. In Korean, a particle written
    /// undecided after a placeholder (`“{name}”을(를)`) then takes the one form
    /// that fits the word filled in (`“사과”를`).
    static func format(_ key: String, _ lang: UILanguage, _ values: [String: String]) -> String {
        let text = filled(self.text(key, lang), values)
        return lang == .ko ? Josa.resolve(in: text) : text
    }

    /// `template` with each `{name}` that `values` names filled in, in one
    /// pass: a value is never searched again, so a book called "{n}" keeps
    /// its name, and a placeholder without a value stays as written. A year's
    /// heatmap fills about two thousand of them, where Foundation's
    /// `replacingOccurrences` took half of the diary's time.
    static func filled(_ template: String, _ values: [String: String]) -> String {
        let brace = UInt8(ascii: "{")
        guard template.utf8.contains(brace) else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + 16)
        var rest = template[...]
        while let open = rest.utf8.firstIndex(of: brace) {
            result += rest[..<open]
            let name = rest.index(after: open)
            if let close = rest.utf8[name...].firstIndex(of: UInt8(ascii: "}")),
                let value = values[String(rest[name..<close])]
            {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[name...]
            }
        }
        return result + rest
    }
}
