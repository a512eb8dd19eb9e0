import Foundation
import MaeilAPI
import VocabCore

// The notebook's records as they cross the wire, and its request bodies as
// domain values.

extension ExampleDTO {
    init(_ example: WordExample) {
        self.init(sentence: example.sentence, translation: example.translation)
    }
}

extension WordExample {
    init(_ example: ExampleDTO) {
        self.init(sentence: example.sentence, translation: example.translation)
    }
}

extension WordDTO {
    init(_ word: WordRecord) {
        self.init(
            id: word.id, bookID: word.bookID, bookName: word.bookName, term: word.term,
            meaning: word.meaning,
            reading: word.reading, partOfSpeech: word.partOfSpeech, note: word.note,
            synonyms: word.synonyms,
            antonyms: word.antonyms, examples: word.examples.map(ExampleDTO.init), tags: word.tags,
            memorized: word.memorized, bookmarked: word.bookmarked, createdAt: word.createdAt,
            updatedAt: word.updatedAt)
    }
}

extension WordPageDTO {
    init(_ page: WordPage) {
        self.init(
            items: page.items.map(WordDTO.init), total: page.total, page: page.page,
            perPage: page.perPage,
            totalCapped: page.totalCapped)
    }
}

extension BookDTO {
    init(_ book: BookSummary) {
        self.init(
            id: book.id, name: book.name, description: book.description, wordCount: book.wordCount,
            memorizedCount: book.memorizedCount, studyDirections: book.studyDirections.rawValue,
            visibility: book.visibility.rawValue, copiedFrom: book.copiedFrom,
            termLanguage: book.languages.term, meaningLanguage: book.languages.meaning,
            createdAt: book.createdAt, updatedAt: book.updatedAt)
    }
}

extension ImportResultDTO {
    init(_ report: ImportReport) {
        self.init(
            imported: report.counts.imported, skipped: report.counts.skipped,
            updated: report.counts.updated, format: report.format.rawValue,
            encoding: report.encoding.rawValue)
    }
}

extension BookPatch {
    /// The change it asks for; an unknown `studyDirections` is refused.
    func changes() throws -> BookChanges {
        var changes = BookChanges(
            name: name, description: description, termLanguage: termLanguage,
            meaningLanguage: meaningLanguage)
        if let studyDirections {
            guard let directions = StudyDirections(rawValue: studyDirections) else {
                throw AppError.invalid("studyDirections must be forward, reverse or both")
            }
            changes.studyDirections = directions
        }
        if let visibility {
            guard let parsed = BookVisibility(rawValue: visibility) else {
                throw AppError.invalid("visibility must be private, unlisted or public")
            }
            changes.visibility = parsed
        }
        return changes
    }
}

extension WordInput {
    /// Applies the given fields over `base` (nil keeps the base value).
    func draft(over base: WordDraft? = nil) -> WordDraft {
        let base = base ?? WordDraft(term: term)
        return WordDraft(
            term: term, meaning: meaning ?? base.meaning, reading: reading ?? base.reading,
            partOfSpeech: partOfSpeech ?? base.partOfSpeech, note: note ?? base.note,
            synonyms: synonyms ?? base.synonyms, antonyms: antonyms ?? base.antonyms,
            examples: examples?.map(WordExample.init) ?? base.examples, tags: tags ?? base.tags,
            memorized: memorized ?? base.memorized, bookmarked: bookmarked ?? base.bookmarked,
            createdAt: base.createdAt)
    }
}

extension WordPatch {
    func applied(to base: WordDraft) -> WordDraft {
        var d = base
        if let term { d.term = term }
        if let meaning { d.meaning = meaning }
        if let reading { d.reading = reading }
        if let partOfSpeech { d.partOfSpeech = partOfSpeech }
        if let note { d.note = note }
        if let synonyms { d.synonyms = synonyms }
        if let antonyms { d.antonyms = antonyms }
        if let examples { d.examples = examples.map(WordExample.init) }
        if let tags { d.tags = tags }
        if let memorized { d.memorized = memorized }
        if let bookmarked { d.bookmarked = bookmarked }
        return d
    }
}

extension BulkRequest {
    var edit: WordBulkEdit { WordBulkEdit(ids: ids, action: action, bookID: bookID) }
}

// Word pages and search results are the API's most requested responses: they
// write their JSON directly (`JSONOutput`).

extension ExampleDTO: JSONWritable {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.key("sentence")
            $0.string(sentence)
            $0.key("translation")
            $0.string(translation)
        }
    }
}

extension WordDTO: JSONWritable {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.key("id")
            $0.uuid(id)
            $0.key("bookID")
            $0.uuid(bookID)
            $0.field("bookName", bookName)
            $0.key("term")
            $0.string(term)
            $0.key("meaning")
            $0.string(meaning)
            $0.key("reading")
            $0.string(reading)
            $0.key("partOfSpeech")
            $0.string(partOfSpeech)
            $0.key("note")
            $0.string(note)
            $0.key("synonyms")
            $0.strings(synonyms)
            $0.key("antonyms")
            $0.strings(antonyms)
            $0.key("examples")
            $0.array(examples) { $1.write(to: &$0) }
            $0.key("tags")
            $0.strings(tags)
            $0.key("memorized")
            $0.bool(memorized)
            $0.key("bookmarked")
            $0.bool(bookmarked)
            $0.key("createdAt")
            $0.date(createdAt)
            $0.key("updatedAt")
            $0.date(updatedAt)
        }
    }
}

extension WordPageDTO: JSONWritable {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.key("items")
            $0.array(items) { $1.write(to: &$0) }
            $0.key("total")
            $0.int(total)
            $0.key("page")
            $0.int(page)
            $0.key("perPage")
            $0.int(perPage)
            $0.key("totalCapped")
            $0.bool(totalCapped)
        }
    }
}

extension SearchResultDTO: JSONWritable {
    func write(to out: inout JSONOutput) {
        out.object {
            $0.key("query")
            $0.string(query)
            $0.key("items")
            $0.array(items) { $1.write(to: &$0) }
            $0.key("total")
            $0.int(total)
            $0.key("totalCapped")
            $0.bool(totalCapped)
        }
    }
}
