import Foundation
import MaeilTestSupport
import Testing

@testable import VocabCore

/// The catalog read from the data the app ships (Sources/MaeilServer/Resources/Japanese).
@Suite("Japanese course catalog")
struct JapaneseCourseCatalogTests {
    static let catalog: JapaneseCourseCatalog = {
        let folder = SharedFolder.packageRoot.appendingPathComponent(
            "Sources/MaeilServer/Resources/Japanese")
        do {
            return try JapaneseCourseCatalog(
                wordsJSON: Data(contentsOf: folder.appendingPathComponent("jlpt-words.json")),
                kanjiJSON: Data(contentsOf: folder.appendingPathComponent("kanji.json")))
        } catch {
            fatalError("the shipped course data does not load: \(error)")
        }
    }()

    @Test(
        "every course has the source's count, cut into Days of 20",
        arguments: [
            (JapaneseCourse.n5, 662), (.n4, 632), (.n3, 1784), (.n2, 1793), (.n1, 3463),
            (.grade1, 80), (.grade2, 160), (.grade3, 200), (.grade4, 202), (.grade5, 193),
            (.grade6, 191), (.middle, 1110),
        ])
    func counts(_ course: JapaneseCourse, _ count: Int) {
        let catalog = Self.catalog
        #expect(catalog.itemCount(course) == count)
        #expect(catalog.dayCount(course) == (count + 19) / 20)
        let lastDay = catalog.dayCount(course)
        let lastSize = count - (lastDay - 1) * 20
        if course.kind == .words {
            #expect(catalog.words(course, day: 1)?.count == 20)
            #expect(catalog.words(course, day: lastDay)?.count == lastSize)
            #expect(catalog.kanji(course, day: 1) == nil)
        } else {
            #expect(catalog.kanji(course, day: 1)?.count == min(20, count))
            #expect(catalog.kanji(course, day: lastDay)?.count == lastSize)
            #expect(catalog.words(course, day: 1) == nil)
        }
        #expect(catalog.words(course, day: 0) == nil && catalog.kanji(course, day: 0) == nil)
        #expect(catalog.words(course, day: lastDay + 1) == nil)
        #expect(catalog.kanji(course, day: lastDay + 1) == nil)
    }

    @Test("Days follow the source's order without gaps or repeats")
    func daysCoverTheCourse() {
        let catalog = Self.catalog
        var seen: [String] = []
        for day in 1...catalog.dayCount(.grade1) {
            seen += catalog.kanji(.grade1, day: day)?.map(\.kanji) ?? []
        }
        #expect(seen.count == 80)
        #expect(Set(seen).count == 80)
    }

    @Test("a kanji is found by character, with its 훈음, its place and the course words that use it")
    func kanjiLookup() throws {
        let catalog = Self.catalog
        let gaku = try #require(catalog.kanji("学"))
        #expect(gaku.grade == 1)
        #expect(gaku.korean == "배울 학")
        #expect(gaku.on.contains("ガク"))
        #expect(catalog.place(of: gaku)?.course == .grade1)
        let examples = catalog.exampleWords(for: "学")
        #expect(examples.contains { $0.term == "学生" })
        #expect(examples.count <= JapaneseCourseCatalog.exampleWordLimit)
        // Easiest level first.
        #expect(examples.first?.level == "N5")
        #expect(catalog.kanji("a") == nil)
        // A kanji made in Japan has no Korean reading, and says why.
        let komu = try #require(catalog.kanji("込"))
        #expect(komu.korean.isEmpty && !komu.koreanNote.isEmpty)
    }

    @Test("every N5 and N4 word has a Korean meaning in Hangul; N3–N1 words have none yet")
    func koreanMeanings() {
        let catalog = Self.catalog
        for course in [JapaneseCourse.n5, .n4, .n3] {
            let words = (1...catalog.dayCount(course)).flatMap {
                catalog.words(course, day: $0) ?? []
            }
            if course == .n3 {
                #expect(words.allSatisfy { $0.korean.isEmpty })
            } else {
                #expect(words.allSatisfy { !$0.korean.isEmpty })
                #expect(
                    words.allSatisfy { word in
                        !word.korean.unicodeScalars.contains {
                            $0.isASCII && $0.properties.isAlphabetic
                        }
                    })
            }
        }
        let gakusei = catalog.exampleWords(for: "学").first { $0.term == "学生" }
        #expect(gakusei?.korean == "학생")
    }

    @Test("the word of the day changes every day and comes round to every N5 and N4 word")
    func wordOfTheDay() throws {
        let catalog = Self.catalog
        let start = try #require(CivilDay("2026-11-23"))
        let words = (0..<1294).compactMap { catalog.wordOfTheDay(start.adding(days: $0)) }
        #expect(words.count == 1294)
        #expect(
            Set(words.map { "\($0.level) \($0.term) \($0.reading) \($0.korean)" }).count == 1294)
        #expect(words.allSatisfy { !$0.korean.isEmpty })
        #expect(catalog.wordOfTheDay(start) == catalog.wordOfTheDay(start))
        #expect(catalog.wordOfTheDay(start) != catalog.wordOfTheDay(start.adding(days: 1)))
    }

    @Test("a kana word's reading is its term")
    func kanaWords() {
        let catalog = Self.catalog
        let words = (1...catalog.dayCount(.n5)).flatMap { catalog.words(.n5, day: $0) ?? [] }
        for word in words where word.reading.isEmpty {
            #expect(word.kana == word.term)
        }
        #expect(words.contains { !$0.reading.isEmpty && $0.kana == $0.reading })
    }
}
