/// Which word field each field of a note type fills.
public enum AnkiFieldRole: String, CaseIterable, Codable, Sendable {
    case term, meaning, reading, example, note
    /// Not imported.
    case skip
}

/// The roles of every note type's fields, by note type id (each list in field order).
/// The defaults go by field names (Front/Back, Expression/Reading/Meaning, Text/Back
/// Extra, 단어/뜻…); a note type none of whose names is known gets its first field
/// as the term and its second as the meaning, and one without a term field (only
/// Meaning and Reading, say) gets one of its other fields as the term.
public struct AnkiFieldMapping: Sendable, Equatable, Codable {
    public var roles: [Int64: [AnkiFieldRole]]

    public init(roles: [Int64: [AnkiFieldRole]]) {
        self.roles = roles
    }

    public static func defaults(for collection: AnkiCollection) -> AnkiFieldMapping {
        AnkiFieldMapping(roles: collection.noteTypes.mapValues { defaultRoles(for: $0.fields) })
    }

    public static func defaultRoles(for fields: [String]) -> [AnkiFieldRole] {
        var roles = fields.map { role(named: $0) }
        // One field per role, the first that claims it; the rest are kept as notes.
        var seen = Set<AnkiFieldRole>()
        for index in roles.indices where roles[index] != .skip && roles[index] != .note {
            if !seen.insert(roles[index]).inserted { roles[index] = .note }
        }
        // Every note type needs a term: an unknown field first, else the reading
        // (a kana deck's word), a note, an example, else the meaning itself —
        // never a mapping the import refuses.
        if !roles.contains(.term),
            let free = [AnkiFieldRole.skip, .reading, .note, .example, .meaning].lazy
                .compactMap({ role in roles.firstIndex(of: role) }).first
        {
            roles[free] = .term
        }
        if !roles.contains(.meaning), let free = roles.firstIndex(where: { $0 == .skip }) {
            roles[free] = .meaning
        }
        return roles
    }

    private static func role(named name: String) -> AnkiFieldRole {
        let key = name.lowercased().filter { $0.isLetter }
        for (role, names) in knownNames where names.contains(key) { return role }
        return .skip
    }

    private static let knownNames: [(AnkiFieldRole, Set<String>)] = [
        (
            .term,
            [
                "front", "expression", "word", "term", "vocab", "vocabulary", "text", "kanji",
                "question", "hanzi", "단어", "표현", "낱말", "単語", "表現",
            ]
        ),
        (
            .meaning,
            [
                "back", "meaning", "meanings", "definition", "translation", "answer", "english",
                "gloss", "뜻", "의미", "번역", "意味",
            ]
        ),
        (
            .reading,
            [
                "reading", "furigana", "kana", "pronunciation", "ipa", "pinyin", "romaji",
                "발음", "읽기", "読み", "読み方",
            ]
        ),
        (
            .example,
            [
                "example", "examples", "sentence", "examplesentence", "context", "usage",
                "예문", "例文",
            ]
        ),
        (
            .note,
            [
                "note", "notes", "extra", "backextra", "remarks", "comment", "comments",
                "hint", "메모", "참고", "メモ",
            ]
        ),
    ]
}
