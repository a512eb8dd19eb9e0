import MaeilAPI
import Vapor
import VocabCore

/// A word's detail page (edit every field, move, delete) and the bulk actions
/// of word lists (move, delete, mark memorized).
struct WordsWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("words", "bulk", use: bulk)
        routes.get("words", ":id", use: show)
        routes.get("words", ":id", "media", ":name") { try await $0.wordMediaResponse() }
        routes.post("words", ":id", use: save)
        routes.post("words", ":id", "delete", use: delete)
    }

    // MARK: detail

    struct ExampleRow: Encodable, Sendable {
        var sentence: String
        var translation: String
    }

    struct EditData: Encodable, Sendable {
        var id: String
        /// The stored term (the heading), while `term` is what the form shows.
        var heading: String
        var term: String
        var meaning: String
        var reading: String
        var partOfSpeech: String
        var note: String
        var synonyms: String
        var antonyms: String
        var tags: String
        var examples: [ExampleRow]
        var memorized: Bool
        var bookmarked: Bool
        var books: [OptionView]
        var bookID: String
        var bookName: String
        /// The book's languages, for the fields' `lang` (keyboards, kana input).
        var termLanguage: String
        var meaningLanguage: String
        var termIsJapanese: Bool
        var createdText: String
        var updatedText: String
        var error: String?
        var errorField: String?
        /// The other word of the book with this term and reading, when the
        /// form would make a second one (saved only when the user says so).
        var duplicateOf: String?
        /// Sounds and pictures kept with the word (from an Anki note).
        var media: [WordMediaView] = []
    }

    /// The edit form. Lists are comma-separated; examples are parallel arrays.
    struct WordForm: Content {
        var term: String?
        var meaning: String?
        var reading: String?
        var partOfSpeech: String?
        var note: String?
        var synonyms: String?
        var antonyms: String?
        var tags: String?
        var exampleSentence: [String]?
        var exampleTranslation: [String]?
        var memorized: String?
        var bookmarked: String?
        var bookID: String?
        /// "1" when the user chose to keep a second word of the same term.
        var allowDuplicate: String?

        var draft: WordDraft {
            let sentences = exampleSentence ?? []
            let translations = exampleTranslation ?? []
            let examples = (0..<max(sentences.count, translations.count)).map { i in
                WordExample(
                    sentence: i < sentences.count ? sentences[i] : "",
                    translation: i < translations.count ? translations[i] : "")
            }
            return WordDraft(
                term: term ?? "", meaning: meaning ?? "", reading: reading ?? "",
                partOfSpeech: partOfSpeech ?? "",
                note: note ?? "", synonyms: Self.list(synonyms), antonyms: Self.list(antonyms),
                examples: examples, tags: Self.list(tags),
                memorized: memorized != nil, bookmarked: bookmarked != nil)
        }

        /// The import's list rule, so a field reads the same typed or imported.
        static func list(_ raw: String?) -> [String] { WordImporter.splitList(raw ?? "") }
    }

    @Sendable func show(req: Request) async throws -> Response {
        let word = try await req.wordStore().find(try req.idParameter("id", "word"))
        let data = try await editData(req, word: word, draft: word.draft, bookID: word.bookID)
        return try await req.renderPage("notebook/word", title: word.term, nav: "books", data: data)
    }

    /// Blank example rows after the filled ones, so a page without scripts can add examples.
    static let spareExampleRows = 2

    private func editData(
        _ req: Request, word: WordRecord, draft: WordDraft, bookID: UUID,
        error: (field: String, message: String)? = nil
    ) async throws -> EditData {
        let books = try await req.bookStore().list()
        let examples =
            draft.examples
            .filter {
                !($0.sentence.trimmingCharacters(in: .whitespaces).isEmpty
                    && $0.translation.trimmingCharacters(in: .whitespaces).isEmpty)
            }
            .map { ExampleRow(sentence: $0.sentence, translation: $0.translation) }
            + Array(
                repeating: ExampleRow(sentence: "", translation: ""), count: Self.spareExampleRows)
        let languages = books.first { $0.id == bookID }?.languages ?? .englishToKorean
        var data = EditData(
            id: word.id.uuidString, heading: word.term, term: draft.term, meaning: draft.meaning,
            reading: draft.reading,
            partOfSpeech: draft.partOfSpeech, note: draft.note,
            synonyms: draft.synonyms.joined(separator: ", "),
            antonyms: draft.antonyms.joined(separator: ", "),
            tags: draft.tags.joined(separator: ", "), examples: examples,
            memorized: draft.memorized, bookmarked: draft.bookmarked,
            books: books.map {
                OptionView(value: $0.id.uuidString, label: $0.name, selected: $0.id == bookID)
            },
            bookID: word.bookID.uuidString, bookName: word.bookName ?? "",
            termLanguage: languages.term, meaningLanguage: languages.meaning,
            termIsJapanese: languages.term == "ja",
            createdText: req.dateTimeText(word.createdAt),
            updatedText: req.dateTimeText(word.updatedAt),
            error: error?.message, errorField: error?.field)
        data.media = try await WordMediaView.list(word.id, for: req)
        return data
    }

    @Sendable func save(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "word")
        let store = try req.wordStore()
        let current = try await store.find(id)
        let form = try req.content.decode(WordForm.self)
        var draft = form.draft
        draft.createdAt = current.createdAt
        var target = current.bookID
        if let raw = form.bookID, !raw.isEmpty {
            guard let bookID = UUID(uuidString: raw) else { throw AppError.notFound("book") }
            target = bookID
        }
        // Validate here too, so the form can point at the field; nothing is saved.
        if let problem = WebMessages.check(draft, req.uiLanguage) {
            let data = try await editData(
                req, word: current, draft: draft, bookID: target, error: problem)
            return try await req.renderPage(
                "notebook/word", title: current.term, nav: "books", data: data,
                status: .unprocessableEntity)
        }
        // A second word of the same term and reading in the book is saved
        // only when asked for again.
        let key = WordKey(draft.normalized())
        if form.allowDuplicate != "1", key != WordKey(current.draft) || target != current.bookID,
            let other = try await store.keys(inBook: target, term: key.term).word(key), other != id
        {
            var data = try await editData(
                req, word: current, draft: draft, bookID: target,
                error: ("term", req.text("wordDuplicate")))
            data.duplicateOf = other.uuidString
            return try await req.renderPage(
                "notebook/word", title: current.term, nav: "books", data: data,
                status: .conflict)
        }
        _ = try await store.update(id, draft, moveTo: target)
        req.flash("flashWordSaved")
        return req.redirect(to: "/words/\(id)")
    }

    @Sendable func delete(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "word")
        let store = try req.wordStore()
        let word = try await store.find(id)
        try await store.delete(id)
        req.flash(Localizer.format("flashWordDeleted", req.uiLanguage, ["term": word.term]))
        return req.redirect(to: "/books/\(word.bookID)")
    }

    // MARK: bulk

    struct BulkForm: Content {
        var ids: [String]?
        var action: String
        var bookID: String?
        var next: String?
    }

    /// Acts on exactly the ids the form sent (each row's own id, whatever the
    /// list was filtered by); all or nothing.
    @Sendable func bulk(req: Request) async throws -> Response {
        let form = try req.content.decode(BulkForm.self)
        let back = req.returnPath(form.next, fallback: "/")
        let ids = try (form.ids ?? []).map { raw in
            guard let id = UUID(uuidString: raw) else { throw AppError.notFound("word") }
            return id
        }
        guard !ids.isEmpty else {
            req.flash("flashSelectSome", error: true)
            return req.redirect(to: back)
        }
        guard let action = BulkAction(rawValue: form.action) else {
            throw AppError.invalid("unknown action \"\(form.action)\"")
        }
        var target: BookSummary?
        if action == .move {
            guard let raw = form.bookID, let bookID = UUID(uuidString: raw) else {
                req.flash("flashChooseBook", error: true)
                return req.redirect(to: back)
            }
            target = try await req.bookStore().summary(bookID)
        }
        let affected = try await req.wordStore().bulk(
            WordBulkEdit(ids: ids, action: action, bookID: target?.id))
        let count = req.count("countWords", affected)
        let lang = req.uiLanguage
        switch action {
        case .move:
            req.flash(
                Localizer.format("flashMoved", lang, ["count": count, "name": target?.name ?? ""]))
        case .delete: req.flash(Localizer.format("flashDeleted", lang, ["count": count]))
        case .memorize: req.flash(Localizer.format("flashMemorized", lang, ["count": count]))
        case .unmemorize: req.flash(Localizer.format("flashUnmemorized", lang, ["count": count]))
        case .bookmark: req.flash(Localizer.format("flashBookmarked", lang, ["count": count]))
        case .unbookmark:
            req.flash(Localizer.format("flashUnbookmarked", lang, ["count": count]))
        }
        return req.redirect(to: back)
    }
}
