import Foundation
import Testing

@testable import VocabCore

@Suite("EDICT reader and dictionary queries")
struct EDICTTests {
    static let header =
        "　？？？ /EDICT, EDICT_SUB(P), EDICT2 Japanese-English Electronic Dictionary Files/Copyright Electronic Dictionary Research & Development Group - 2021/"

    static func eucJP(_ text: String) throws -> Data {
        Data(try TextDecoding.iconvConvert(Array(text.utf8), from: "UTF-8", to: "EUC-JP"))
    }

    @Test("entries with and without a reading, common marks, and an entry with no gloss")
    func parse() throws {
        let file = try Self.eucJP(
            """
            \(Self.header)
            学生 [がくせい] /(n) student (esp. a university student)/(P)/
            ああ /(adv) like that/so/(P)/
            ４° [しど] /
            食べる [たべる] /(v1,vt) (1) to eat/(2) to live on (e.g. a salary)/(P)/

            """)
        let entries = try EDICT.parse(file)
        #expect(entries.count == 4)
        #expect(
            entries[0]
                == EDICTEntry(
                    term: "学生", reading: "がくせい",
                    glosses: ["(n) student (esp. a university student)"], common: true))
        #expect(
            entries[1]
                == EDICTEntry(
                    term: "ああ", reading: "", glosses: ["(adv) like that", "so"], common: true))
        #expect(entries[2].glosses.isEmpty && !entries[2].common)
        #expect(entries[3].glosses.count == 2)
    }

    @Test(
        "bad files are refused with the line",
        arguments: [
            ("no header\n学生 [がくせい] /student/\n", 1, "not an EDICT file"),
            ("\(EDICTTests.header)\n学生 [がくせい] /student/\n学生 [がくせい] /stu", 3, "truncated"),
            (
                "\(EDICTTests.header)\n学生 [がくせい] /student/\nthis is not edict\n", 3,
                "not an EDICT entry"
            ),
            ("\(EDICTTests.header)\n学生 [がくせい /student/\n", 2, "not an EDICT entry"),
            ("", 0, "empty"),
        ])
    func badFiles(_ text: String, _ line: Int, _ message: String) throws {
        #expect {
            try EDICT.parse(try Self.eucJP(text))
        } throws: { error in
            guard let error = error as? EDICT.FormatError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    @Test("a file that is not EUC-JP (UTF-8) names the line where decoding failed")
    func notEUCJP() {
        let utf8 = Data("\(Self.header)\n学生 [がくせい] /student/\n".utf8)
        #expect {
            try EDICT.parse(utf8)
        } throws: { error in
            (error as? EDICT.FormatError)?.message.contains("not EUC-JP") == true
        }
    }

    @Test("queries: kana, kanji, romaji through the kana engine, English")
    func queries() {
        let gakusei = EDICTEntry(
            term: "学生", reading: "がくせい", glosses: ["(n) student (esp. a university student)"],
            common: true)
        let taberu = EDICTEntry(
            term: "食べる", reading: "たべる", glosses: ["(v1,vt) (1) to eat", "(2) to live on"],
            common: true)
        #expect(DictionaryQuery("学生").match(gakusei) == .exact)
        #expect(DictionaryQuery("学").match(gakusei) == .prefix)
        #expect(DictionaryQuery("生").match(gakusei) == .substring)
        #expect(DictionaryQuery("がくせい").match(gakusei) == .exact)
        #expect(DictionaryQuery("ガクセイ").match(gakusei) == .exact)
        let romaji = DictionaryQuery("gakusei")
        #expect(romaji.kana == "がくせい" && romaji.match(gakusei) == .exact)
        // Remarks in parentheses do not count: "student (esp. a university student)" is "student".
        #expect(DictionaryQuery("student").match(gakusei) == .exact)
        #expect(DictionaryQuery("stud").match(gakusei) == .prefix)
        #expect(DictionaryQuery("university").match(gakusei) == .words)
        #expect(DictionaryQuery("eat").match(taberu) == .exact)
        #expect(DictionaryQuery("Eat").match(taberu) == .exact)
        #expect(DictionaryQuery("live on").match(taberu) == .exact)
        #expect(DictionaryQuery("water").match(taberu) == nil)
        // English is not romaji: "student" leaves Latin letters, so no kana forms.
        #expect(DictionaryQuery("student").japaneseForms.isEmpty)
    }

    @Test("ranking: exact before prefix before substring, common first, then shorter")
    func ranking() {
        let query = DictionaryQuery("学生")
        let entries = [
            EDICTEntry(
                term: "大学生", reading: "だいがくせい", glosses: ["university student"], common: true),
            EDICTEntry(term: "学生時代", reading: "がくせいじだい", glosses: ["student days"], common: false),
            EDICTEntry(term: "学生", reading: "がくしょう", glosses: ["(arch) scholar"], common: false),
            EDICTEntry(term: "学生", reading: "がくせい", glosses: ["student"], common: true),
            EDICTEntry(term: "学生証", reading: "がくせいしょう", glosses: ["student ID"], common: true),
        ]
        let ranked = DictionaryQuery.ranked(
            entries.enumerated().map { (entry: $1, order: $0, value: $1.term + $1.reading) },
            by: query, limit: 10)
        #expect(
            ranked.map(\.value) == [
                "学生がくせい", "学生がくしょう", "学生証がくせいしょう", "学生時代がくせいじだい", "大学生だいがくせい",
            ])
        #expect(ranked.map(\.match) == [.exact, .exact, .prefix, .prefix, .substring])
    }

    @Test func plainGlossesLoseTheirTags() {
        let entry = EDICTEntry(
            term: "食べる", reading: "たべる",
            glosses: ["(v1,vt) (1) to eat", "(2) to live on (e.g. a salary)", "(P)"],
            common: true)
        #expect(entry.plainGlosses == ["to eat", "to live on (e.g. a salary)"])
    }
}
