import Foundation

/// The whole Japanese course, read once from the shipped data: every course cut into
/// Days of 20 in the data's order, and kanji found by character with the course words
/// that use them.
public struct JapaneseCourseCatalog: Sendable {
    public static let dayLength = 20
    /// Course words shown with a kanji, at most.
    public static let exampleWordLimit = 12

    private let wordsByCourse: [JapaneseCourse: [JapaneseWord]]
    private let kanjiByCourse: [JapaneseCourse: [JapaneseKanji]]
    private let kanjiByCharacter: [String: JapaneseKanji]
    /// Course words per kanji, easiest level first (N5 before N1), in course order.
    private let wordsByKanji: [String: [JapaneseWord]]
    /// Course words by every way they are written (kanji, kana, other forms).
    private let wordsByForm: [String: [JapaneseWord]]

    public enum LoadError: Error, CustomStringConvertible {
        case unknownLevel(String)
        case unknownGrade(String, Int)

        public var description: String {
            switch self {
            case .unknownLevel(let level): "unknown JLPT level \(level) in the course data"
            case .unknownGrade(let kanji, let grade): "kanji \(kanji) has unknown grade \(grade)"
            }
        }
    }

    public init(wordsJSON: Data, kanjiJSON: Data) throws {
        let words = try JSONDecoder().decode([JapaneseWord].self, from: wordsJSON)
        let kanji = try JSONDecoder().decode([JapaneseKanji].self, from: kanjiJSON)
        let levels = Dictionary(
            uniqueKeysWithValues: JapaneseCourse.allCases.compactMap { c in c.level.map { ($0, c) }
            })
        let grades = Dictionary(
            uniqueKeysWithValues: JapaneseCourse.allCases.compactMap { c in c.grade.map { ($0, c) }
            })
        var wordsByCourse: [JapaneseCourse: [JapaneseWord]] = [:]
        for word in words {
            guard let course = levels[word.level] else { throw LoadError.unknownLevel(word.level) }
            wordsByCourse[course, default: []].append(word)
        }
        var kanjiByCourse: [JapaneseCourse: [JapaneseKanji]] = [:]
        for entry in kanji {
            guard let course = grades[entry.grade] else {
                throw LoadError.unknownGrade(entry.kanji, entry.grade)
            }
            kanjiByCourse[course, default: []].append(entry)
        }
        var wordsByKanji: [String: [JapaneseWord]] = [:]
        for course in JapaneseCourse.allCases where course.kind == .words {
            for word in wordsByCourse[course] ?? [] {
                for character in Set(word.term.unicodeScalars.map(String.init)) {
                    if (wordsByKanji[character]?.count ?? 0) < Self.exampleWordLimit {
                        wordsByKanji[character, default: []].append(word)
                    }
                }
            }
        }
        self.wordsByCourse = wordsByCourse
        self.kanjiByCourse = kanjiByCourse
        kanjiByCharacter = Dictionary(kanji.map { ($0.kanji, $0) }, uniquingKeysWith: { a, _ in a })
        self.wordsByKanji = wordsByKanji
        var wordsByForm: [String: [JapaneseWord]] = [:]
        for word in words {
            for form in Set([word.term, word.word, word.reading] + word.alt) where !form.isEmpty {
                wordsByForm[form, default: []].append(word)
            }
        }
        self.wordsByForm = wordsByForm
    }

    /// The course words written so (in kanji, in kana, or another of their forms).
    public func words(writtenAs form: String) -> [JapaneseWord] {
        wordsByForm[form] ?? []
    }

    /// Words or kanji in `course`.
    public func itemCount(_ course: JapaneseCourse) -> Int {
        course.kind == .words
            ? wordsByCourse[course]?.count ?? 0 : kanjiByCourse[course]?.count ?? 0
    }

    /// Days of `dayLength` in `course` (the last may be shorter).
    public func dayCount(_ course: JapaneseCourse) -> Int {
        (itemCount(course) + Self.dayLength - 1) / Self.dayLength
    }

    /// Whether `course` has a Day `day` (1-based).
    public func hasDay(_ course: JapaneseCourse, _ day: Int) -> Bool {
        day >= 1 && day <= dayCount(course)
    }

    /// The words of Day `day` (1-based) of a word course; nil when there is no such Day.
    public func words(_ course: JapaneseCourse, day: Int) -> [JapaneseWord]? {
        guard course.kind == .words, let range = range(course, day: day) else { return nil }
        return Array(wordsByCourse[course, default: []][range])
    }

    /// The kanji of Day `day` (1-based) of a kanji course; nil when there is no such Day.
    public func kanji(_ course: JapaneseCourse, day: Int) -> [JapaneseKanji]? {
        guard course.kind == .kanji, let range = range(course, day: day) else { return nil }
        return Array(kanjiByCourse[course, default: []][range])
    }

    /// A jōyō kanji by its character.
    public func kanji(_ character: String) -> JapaneseKanji? {
        kanjiByCharacter[character]
    }

    /// The course and Day a kanji is taught in.
    public func place(of kanji: JapaneseKanji) -> (course: JapaneseCourse, day: Int)? {
        for course in JapaneseCourse.allCases where course.kind == .kanji {
            if let index = kanjiByCourse[course]?.firstIndex(where: { $0.kanji == kanji.kanji }) {
                return (course, index / Self.dayLength + 1)
            }
        }
        return nil
    }

    /// The word of the day: an N5 or N4 word (they have Korean meanings), the same for
    /// everyone on a day, a different one the next day, every word once in a cycle.
    public func wordOfTheDay(_ day: CivilDay) -> JapaneseWord? {
        let words = [JapaneseCourse.n5, .n4].flatMap { wordsByCourse[$0] ?? [] }
        guard !words.isEmpty else { return nil }
        // A step coprime with the count walks every word before one comes back.
        var step = 7_919 % words.count
        while step == 0 || gcd(step, words.count) != 1 { step += 1 }
        let index = (day.ordinal % words.count) * step % words.count
        return words[index]
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Course words written with `kanji`, easiest level first.
    public func exampleWords(for kanji: String) -> [JapaneseWord] {
        wordsByKanji[kanji] ?? []
    }

    private func range(_ course: JapaneseCourse, day: Int) -> Range<Int>? {
        guard hasDay(course, day) else { return nil }
        let start = (day - 1) * Self.dayLength
        return start..<min(start + Self.dayLength, itemCount(course))
    }
}
