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

    /// "2026-11-22 14:03" in the server's time zone.
    func dateTimeText(_ date: Date?) -> String {
        guard let date else { return "" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = maeilSettings.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// Whether a `fetch` from our scripts asked for JSON back.
    var wantsJSON: Bool { headers.first(name: .accept)?.contains("application/json") ?? false }
}

extension Localizer {
    static func count(_ key: String, _ n: Int, _ lang: UILanguage) -> String {
        let table = strings(lang)
        let template = (n == 1 ? table[key + "One"] : nil) ?? table[key] ?? key
        return template.replacingOccurrences(of: "{n}", with: String(n))
    }

    /// Fills `{name}` placeholders of a UI string.
    static func format(_ key: String, _ lang: UILanguage, _ values: [String: String]) -> String {
        var text = self.text(key, lang)
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}

/// A piece of text that is or is not part of a search match. Templates print
/// each piece escaped and wrap hits in `<mark>`, so no HTML is ever built by hand.
struct TextSegment: Encodable, Sendable, Equatable {
    var text: String
    var hit: Bool
}

enum Highlighter {
    /// Splits `text` into segments around the match of `query`, found the way
    /// search finds it (`WordSearchMatcher`: folded substring, partly typed
    /// syllable, choseong, other keyboard layout, one-jamo typo).
    static func segments(_ text: String, query: String?) -> [TextSegment] {
        guard let query, !text.isEmpty else { return text.isEmpty ? [] : [TextSegment(text: text, hit: false)] }
        let characters = Array(text)
        var marked = [Bool](repeating: false, count: characters.count)
        if let match = WordSearchMatcher.match(WordSearchQuery(query), in: text, fuzzy: true) {
            for range in match.ranges {
                for i in range where i < marked.count { marked[i] = true }
            }
        }
        var segments: [TextSegment] = []
        for (character, hit) in zip(characters, marked) {
            if let last = segments.last, last.hit == hit {
                segments[segments.count - 1].text.append(character)
            } else {
                segments.append(TextSegment(text: String(character), hit: hit))
            }
        }
        return segments
    }
}

/// One word in a list (book page, search results, a day of the calendar).
struct WordRowView: Encodable, Sendable {
    var id: String
    var bookID: String
    var bookName: String
    /// The plain term, for labels ("Select apple").
    var termText: String
    var term: [TextSegment]
    var meaning: [TextSegment]
    var reading: [TextSegment]
    var partOfSpeech: String
    var hasReading: Bool
    var memorized: Bool
    var bookmarked: Bool

    init(_ word: WordRecord, highlight query: String? = nil) {
        id = word.id.uuidString
        bookID = word.bookID.uuidString
        bookName = word.bookName ?? ""
        termText = word.term
        hasReading = !word.reading.isEmpty
        term = Highlighter.segments(word.term, query: query)
        meaning = Highlighter.segments(word.meaning, query: query)
        reading = Highlighter.segments(word.reading, query: query)
        partOfSpeech = word.partOfSpeech
        memorized = word.memorized
        bookmarked = word.bookmarked
    }
}

/// A choice in a `<select>`.
struct OptionView: Encodable, Sendable {
    var value: String
    var label: String
    var selected: Bool
}

/// The list of words with its selection and bulk bar (partial `word-list.leaf`).
struct WordListView: Encodable, Sendable {
    var rows: [WordRowView]
    /// Books the selection can move to.
    var moveTargets: [OptionView]
    /// Where the bulk form returns to.
    var returnPath: String
    var showBook: Bool
    var emptyText: String
    var isEmpty: Bool

    init(rows: [WordRowView], moveTargets: [OptionView], returnPath: String, showBook: Bool, emptyText: String) {
        self.rows = rows
        self.moveTargets = moveTargets
        self.returnPath = returnPath
        self.showBook = showBook
        self.emptyText = emptyText
        isEmpty = rows.isEmpty
    }
}

/// Previous/next links of a paged list.
struct PagerView: Encodable, Sendable {
    var label: String
    var previous: String?
    var next: String?

    /// `path` plus the query `items`, with `page` set.
    init(req: Request, path: String, query: [(String, String)], page: Int, total: Int, perPage: Int) {
        let pages = max(1, (total + perPage - 1) / perPage)
        label = Localizer.format("pageOf", req.uiLanguage, ["page": String(page), "pages": String(pages)])
        func url(_ target: Int) -> String {
            var components = URLComponents()
            components.path = path
            components.queryItems = (query.filter { !$0.1.isEmpty } + [("page", String(target))])
                .map { URLQueryItem(name: $0.0, value: $0.1) }
            return components.string ?? path
        }
        previous = page > 1 ? url(page - 1) : nil
        next = page < pages ? url(page + 1) : nil
    }
}

/// Turns a validation problem into a sentence in the page's language. The
/// stores speak English; the web app shows the user's language where it can.
enum WebMessages {
    static func validation(_ error: ValidationError, _ lang: UILanguage) -> String {
        let base = error.field.split(separator: "[").first.map(String.init) ?? error.field
        let label = Localizer.text("field_" + base, lang)
        let message: String
        if error.message.contains("must not be empty") {
            message = Localizer.format("errEmpty", lang, ["field": label])
        } else if let limit = error.message.split(separator: " ").compactMap({ Int($0) }).first,
            error.message.contains("longer than")
        {
            message = Localizer.format("errTooLong", lang, ["field": label, "limit": String(limit)])
        } else if error.message.contains("at most") {
            message = Localizer.format("errTooMany", lang, ["field": label])
        } else {
            message = error.message
        }
        return message.prefix(1).uppercased() + message.dropFirst()
    }

    /// Checks a draft the way the store will, so the page can point at the field.
    static func check(_ draft: WordDraft, _ lang: UILanguage) -> (field: String, message: String)? {
        do {
            try draft.normalized().validate()
            return nil
        } catch {
            let base = error.field.split(separator: "[").first.map(String.init) ?? error.field
            return (base, validation(error, lang))
        }
    }
}
