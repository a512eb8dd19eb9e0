extension BookLanguages {
    /// The languages imported words are written in, for a book an import
    /// makes: a file of Japanese terms with English meanings (EDICT) should
    /// not make an English → Korean book, whose keyboard, voice and hangman
    /// would all be wrong. Each side is told by the script most of its
    /// letters are in, over the first `sample` words; the reading counts
    /// with the term (EDICT's kanji terms are read in kana). A side with no
    /// letters, or in the Latin script (English is the app's guess for it,
    /// as for any new book), keeps what a new book has.
    public static func guessed(from words: some Sequence<WordDraft>, sample: Int = 500)
        -> BookLanguages
    {
        var term = ScriptTally()
        var meaning = ScriptTally()
        for word in words.prefix(sample) {
            term.count(word.term)
            term.count(word.reading)
            meaning.count(word.meaning)
        }
        return BookLanguages(
            term: term.language ?? englishToKorean.term,
            meaning: meaning.language ?? englishToKorean.meaning)
    }
}

/// How many letters of a text are in each script a language can be told by.
private struct ScriptTally {
    enum Script: CaseIterable {
        case hangul, kana, han, latin, cyrillic, greek, thai, arabic, hebrew, devanagari
    }

    private var letters: [Script: Int] = [:]

    mutating func count(_ text: String) {
        for scalar in text.unicodeScalars {
            if let script = Self.script(of: scalar.value) { letters[script, default: 0] += 1 }
        }
    }

    /// The language of the script most letters are in. Kanji count as
    /// Japanese when any kana came with them (EDICT's 学校 beside がっこう),
    /// else as Chinese.
    var language: String? {
        var tally = letters
        if let kana = tally[.kana], let han = tally.removeValue(forKey: .han) {
            tally[.kana] = kana + han
        }
        // In a tie the script listed first wins, whatever the dictionary's order.
        guard
            let script = Script.allCases.max(by: { tally[$0, default: 0] < tally[$1, default: 0] }),
            tally[script, default: 0] > 0
        else { return nil }
        switch script {
        case .hangul: return "ko"
        case .kana: return "ja"
        case .han: return "zh"
        case .latin: return "en"
        case .cyrillic: return "ru"
        case .greek: return "el"
        case .thai: return "th"
        case .arabic: return "ar"
        case .hebrew: return "he"
        case .devanagari: return "hi"
        }
    }

    private static func script(of value: UInt32) -> Script? {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: return .latin
        case 0x370...0x3FF: return .greek
        case 0x400...0x4FF: return .cyrillic
        case 0x590...0x5FF: return .hebrew
        case 0x600...0x6FF: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0xE00...0xE7F: return .thai
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7A3: return .hangul
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return .han
        default: return nil
        }
    }
}
