import Foundation
import SQLKit
import VocabCore

/// The `words` table's shape, written once: the columns a word's content fills
/// (the same list for INSERT and UPDATE), the columns a list reads with its
/// book's name, and how such a row becomes a `WordRecord`. List-valued fields
/// are JSON text, so one schema serves SQLite and PostgreSQL; `search_text`,
/// `jamo_text`, `choseong_text` and `cjk_text` are the search keys (`WordSearchKeys`).
enum WordRow {
    static let table = "words"

    /// The columns a word's content fills, with their values.
    static func content(of draft: WordDraft) -> [(column: String, value: any Encodable & Sendable)]
    {
        let keys = WordSearchKeys(term: draft.term, meaning: draft.meaning, reading: draft.reading)
        return [
            ("term", draft.term), ("meaning", draft.meaning), ("reading", draft.reading),
            ("part_of_speech", draft.partOfSpeech), ("note", draft.note),
            ("synonyms", json(draft.synonyms)), ("antonyms", json(draft.antonyms)),
            ("examples", json(draft.examples)), ("tags", json(draft.tags)),
            ("memorized", draft.memorized), ("bookmarked", draft.bookmarked),
            ("search_text", keys.text), ("jamo_text", keys.jamo), ("choseong_text", keys.choseong),
            ("cjk_text", keys.cjk),
        ]
    }

    /// What a list reads, from `words w JOIN books b`.
    static let selected = selected(bookName: "b.name")

    /// What a list reads from `words w` alone, the book's name looked up per word.
    static let selectedWithoutJoin = selected(
        bookName: "(SELECT b.name FROM books b WHERE b.id = w.book_id)")

    /// What a page of one book's words reads: the name is the book's, known already.
    static let selectedWithoutBookName = selected(bookName: "NULL")

    private static func selected(bookName: String) -> String {
        """
        w.id, w.book_id, \(bookName) AS book_name, w.term, w.meaning, w.reading, w.part_of_speech, w.note,
        w.synonyms, w.antonyms, w.examples, w.tags, w.memorized, w.bookmarked, w.created_at, w.updated_at
        """
    }

    static func record(from row: any SQLRow) throws -> WordRecord {
        WordRecord(
            id: try row.decode(column: "id", as: StoredUUID.self).value,
            bookID: try row.decode(column: "book_id", as: StoredUUID.self).value,
            bookName: try row.decode(column: "book_name", as: String?.self),
            term: try row.decode(column: "term", as: String.self),
            meaning: try row.decode(column: "meaning", as: String.self),
            reading: try row.decode(column: "reading", as: String.self),
            partOfSpeech: try row.decode(column: "part_of_speech", as: String.self),
            note: try row.decode(column: "note", as: String.self),
            synonyms: strings(try row.decode(column: "synonyms", as: String.self)),
            antonyms: strings(try row.decode(column: "antonyms", as: String.self)),
            examples: examples(try row.decode(column: "examples", as: String.self)),
            tags: strings(try row.decode(column: "tags", as: String.self)),
            memorized: try row.decode(column: "memorized", as: Bool.self),
            bookmarked: try row.decode(column: "bookmarked", as: Bool.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }

    /// Sorted keys, unescaped slashes: the stored text of a list.
    /// A list as stored. Most lists are empty: "[]" is written without an
    /// encoder (four per word were a tenth of an import's Swift time).
    static func json<Element: Encodable>(_ list: [Element]) -> String {
        if list.isEmpty { return "[]" }
        return (try? listEncoder.encode(list)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    private static let listEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A stored list of strings; empty when unreadable. Read by
    /// `StoredListReader` (most lists are "[]", answered at once), by
    /// `JSONDecoder` when it cannot.
    static func strings(_ text: String) -> [String] {
        if text == "[]" { return [] }
        return StoredListReader.strings(text) ?? decoded(text)
    }

    /// Stored examples; empty when unreadable.
    static func examples(_ text: String) -> [WordExample] {
        if text == "[]" { return [] }
        guard let objects = StoredListReader.objects(text) else { return decoded(text) }
        return objects.map {
            WordExample(sentence: $0["sentence"] ?? "", translation: $0["translation"] ?? "")
        }
    }

    private static func decoded<Element: Decodable>(_ text: String) -> [Element] {
        (try? JSONDecoder().decode([Element].self, from: Data(text.utf8))) ?? []
    }
}
