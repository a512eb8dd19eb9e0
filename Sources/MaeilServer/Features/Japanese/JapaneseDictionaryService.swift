import Fluent
import Vapor
import VocabCore

/// Looks words up in the shared EDICT dictionary by kanji, kana, romaji or English,
/// best first: exact, then prefix, then substring matches; common words first in each.
struct JapaneseDictionaryService: Sendable {
    let store: DictionaryStore

    static let resultLimit = 50

    struct Result: Sendable {
        /// Whether the dictionary has been imported at all.
        var available: Bool
        var hits: [(match: DictionaryMatch, record: DictionaryRecord)]
    }

    func search(_ query: DictionaryQuery, limit: Int = resultLimit) async throws -> Result {
        var records: [Int: DictionaryRecord] = [:]
        func add(_ found: [DictionaryRecord]) {
            for record in found { records[record.id] = record }
        }
        let forms = query.japaneseForms
        add(try await store.japaneseCandidates(forms, limit: limit))
        // Substrings only fill a page the exact and prefix matches leave short.
        if !forms.isEmpty && records.count < limit {
            add(try await store.japaneseSubstringCandidates(forms, limit: limit))
        }
        add(try await store.englishCandidates(query.englishWords, limit: limit))
        if records.isEmpty, try await store.count() == 0 {
            return Result(available: false, hits: [])
        }
        let ranked = DictionaryQuery.ranked(
            records.values.map { (entry: $0.entry, order: $0.id, value: $0) }, by: query,
            limit: limit)
        return Result(available: true, hits: ranked.map { (match: $0.match, record: $0.value) })
    }
}

extension JapaneseDictionaryService {
    /// Example words for a kanji: the course's words that use it, else the dictionary's
    /// common words written with it (when EDICT has been imported).
    func exampleWords(for kanji: JapaneseKanji, catalog: JapaneseCourseCatalog) async throws
        -> [JapaneseWord]
    {
        let course = catalog.exampleWords(for: kanji.kanji)
        guard course.isEmpty else { return course }
        return try await store.commonWords(
            containing: kanji.kanji, limit: JapaneseCourseCatalog.exampleWordLimit
        ).map { record in
            JapaneseWord(
                level: "", word: record.entry.term, term: record.entry.term, alt: [], note: "",
                reading: record.entry.reading, glosses: record.entry.glosses, korean: "",
                examples: [], sinoKorean: "")
        }
    }
}

extension Request {
    func japaneseDictionary() -> JapaneseDictionaryService {
        JapaneseDictionaryService(store: DictionaryStore(db: db))
    }

    /// The `q` parameter: not empty, at most `DictionaryQuery.maximumLength` characters.
    func dictionaryQuery() throws -> DictionaryQuery {
        let raw = queryValue("q") ?? ""
        let query = DictionaryQuery(raw)
        guard !query.text.isEmpty else { throw AppError.invalid("q must not be empty") }
        guard query.text.count <= DictionaryQuery.maximumLength else {
            throw AppError.invalid("q is longer than \(DictionaryQuery.maximumLength) characters")
        }
        return query
    }
}
