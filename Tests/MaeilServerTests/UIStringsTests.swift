import AnkiPackage
import Foundation
import Kana
import MaeilAPI
import Testing
import VocabCore

@testable import MaeilServer

/// The UI strings (`Resources/Strings/<language>.json`) against what uses them:
/// the templates' `t.key`, and the keys the Swift code passes to `text`, `count`,
/// `format`, `flash` and page titles. A key used and missing, or kept and used
/// nowhere, fails here.
@Suite("UI strings")
struct UIStringsTests {
    static let server = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MaeilServer")

    static func files(_ ext: String, under folder: String) throws -> [String] {
        let base = server.appendingPathComponent(folder)
        let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix("." + ext) }.map {
            try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)
        }
    }

    static func matches(_ pattern: String, in texts: [String]) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: pattern)
        var found = Set<String>()
        for text in texts {
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) {
                    found.insert(String(text[range]))
                }
            }
        }
        return found
    }

    /// Keys built at run time from a prefix and a value: each stands for itself.
    static let families: [String: [String]] = [
        "errorCode_": ErrorCode.allCases.map(\.rawValue),
        "column_": WordColumn.allCases.map(\.rawValue),
        "month": (1...12).map(String.init),
        "monthShort": (1...12).map(String.init),
        "direction": StudyDirections.allCases.map { $0.rawValue.capitalized },
        "japaneseCourse_": JapaneseCourse.allCases.map(\.rawValue),
        "japaneseChart_": KanaChart.sections.map(\.id),
        "field_": [
            "term", "meaning", "reading", "partOfSpeech", "note", "synonyms", "antonyms",
            "examples", "tags",
            "name", "description", "stars", "text", "reply", "reason", "termLanguage",
            "meaningLanguage",
        ],
        "language_": BookLanguages.common,
        "errEmpty_": ["text", "reply"],
        "ankiRole_": AnkiFieldRole.allCases.map(\.rawValue),
        "ankiDuplicates_": DuplicatePolicy.allCases.map(\.rawValue),
    ]

    /// Placeholders are filled in one pass: what a user typed is never read
    /// as a placeholder, and Korean particles follow the word filled in.
    @Test func placeholdersAreFilledOnceAndParticlesFollowTheWord() {
        #expect(Localizer.filled("{a} and {b}, {a}", ["a": "{b}", "b": "2"]) == "{b} and 2, {b}")
        #expect(Localizer.filled("{unknown} {{a}} {a", ["a": "x"]) == "{unknown} {x} {a")
        #expect(Localizer.filled("no braces", ["a": "x"]) == "no braces")
        #expect(Localizer.filled("{name}님", ["name": "민지 😀"]) == "민지 😀님")
        #expect(Localizer.count("countDays", 1_234, .en) == "1,234 days")
        #expect(Localizer.count("countDays", 1, .en) == "1 day")
        let deleted = Localizer.format("flashBookDeleted", .ko, ["name": "사과", "count": "단어 3개"])
        #expect(deleted == "“사과”와 단어 3개를 삭제했습니다.")
    }

    /// Counts where room is short: cut, never rounded up, to two or three figures.
    @Test func compactCountsAreCutToTheirUnit() {
        let cases: [(Int, String, String)] = [
            (0, "0", "0"), (999, "999", "999"), (1_000, "1K", "1천"), (1_204, "1.2K", "1.2천"),
            (9_999, "9.9K", "9.9천"), (10_000, "10K", "1만"), (26_737, "26K", "2.6만"),
            (267_379, "267K", "26만"), (999_999, "999K", "99만"), (1_250_000, "1.2M", "125만"),
            (123_456_789, "123M", "1.2억"),
        ]
        for (n, english, korean) in cases {
            #expect(Localizer.compact(n, .en) == english, "\(n)")
            #expect(Localizer.compact(n, .ko) == korean, "\(n)")
        }
    }

    /// LIKE's wildcards and its escape character match only themselves.
    @Test func likePatternsMatchTextLiterally() {
        #expect(LikePattern.literal("50%_off\\") == "50\\%\\_off\\\\")
        #expect(LikePattern.literal("사과") == "사과")
        #expect(LikePattern.literal("") == "")
    }

    @Test func bothLanguagesHaveTheSameKeys() {
        #expect(!Localizer.english.isEmpty)
        #expect(Set(Localizer.english.keys) == Set(Localizer.korean.keys))
        for (key, value) in Localizer.korean {
            #expect(!value.isEmpty, "\(key) is empty in Korean")
        }
    }

    @Test func everyKeyUsedExistsAndEveryKeyIsUsed() throws {
        let keys = Set(Localizer.english.keys)
        let templates = try Self.files("leaf", under: "Resources/Views")
        let code = try Self.files("swift", under: ".")
        let inTemplates = try Self.matches(#"\bt\.([A-Za-z0-9_]+)"#, in: templates)
        // Keys handed straight to the localizer; each must exist.
        let calledInCode = try Self.matches(
            #"(?:\.text|\.count|\.format|flash|title:)\(?\s*"([A-Za-z][A-Za-z0-9_]*)"\s*[,)]"#,
            in: code)
        for key in inTemplates.union(calledInCode).subtracting(keys).sorted() {
            Issue.record("the key \(key) is used but in no strings file")
        }
        // Any string literal of the code that is a key uses it (keys passed around as values).
        let literals = try Self.matches(#""([A-Za-z][A-Za-z0-9_]*)""#, in: code)
        var used = inTemplates.union(literals.intersection(keys))
        for (prefix, values) in Self.families { used.formUnion(values.map { prefix + $0 }) }
        // `count` reads `<key>One` for 1, and game kinds have `<key>Hint`.
        for key in used { used.formUnion([key + "One", key + "Hint"]) }
        for key in keys.subtracting(used).sorted() {
            Issue.record("the key \(key) is in the strings files but used nowhere")
        }
        // A family key must name a real value.
        for key in keys {
            for (prefix, values) in Self.families
            where key.hasPrefix(prefix) && !prefix.hasPrefix("month") && prefix != "direction" {
                #expect(
                    values.contains(String(key.dropFirst(prefix.count))),
                    "\(key) names no \(prefix) value")
            }
        }
    }

    /// A page gets only the strings its template, layout and partials show.
    @Test func pagesGetOnlyTheirStrings() {
        let login = TemplateStrings.keys(of: "accounts/login")
        #expect(login.contains("authLoginTitle"), "its own")
        #expect(login.contains("navBooks"), "the layout's")
        #expect(!login.contains("gamesTitle"))
        let book = TemplateStrings.keys(of: "notebook/book")
        #expect(book.contains("pagerLabel"), "a partial's")
        #expect(login.count < Localizer.english.count / 2)
    }
}
