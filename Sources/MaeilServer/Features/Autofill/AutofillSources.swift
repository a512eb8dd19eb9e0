import Fluent
import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The offline data auto-fill reads, loaded once per process on first use: WordNet
/// (`MAEIL_WORDNET_DIR`, else Debian's `/usr/share/wordnet`), the starter book's
/// words, and espeak-ng for IPA.
enum AutofillData {
    static let wordNet: WordNet? = WordNet(
        directory: ProcessInfo.processInfo.environment["MAEIL_WORDNET_DIR"]
            ?? "/usr/share/wordnet")

    static let starterWords: [WordDraft] =
        (try? BookArchiveCodec.decode(MaeilResources.data("Starter/english-basics.json")).words)
        ?? []

    static let ipa: IPAReader? = IPAReader.installed()
}

extension AutofillService {
    /// Auto-fill for a user: their books, the course data, EDICT, WordNet, and DeepL
    /// with the account's own key, else the server's (`MAEIL_DEEPL_KEY`).
    static func forUser(_ userID: UUID, db: any Database, app: Application) async throws
        -> AutofillService
    {
        var translators: [any Translator] = [
            OwnBooksTranslator(db: db, userID: userID),
            CourseTranslator(
                starter: AutofillData.starterWords, japanese: try? JapaneseCourseData.catalog()),
            EDICTTranslator(store: DictionaryStore(db: db)),
        ]
        if let wordNet = AutofillData.wordNet {
            translators.append(WordNetTranslator(wordNet: wordNet))
        }
        let settings = app.maeilSettings
        let key = try await app.accounts(on: db).deepLKey(of: userID) ?? settings.deepLKey
        return AutofillService(
            translators: translators,
            deepL: key.map {
                DeepLTranslator(
                    client: app.client, key: $0, baseURL: settings.deepLURL,
                    timeout: settings.deepLTimeout, cache: app.deepLCache)
            },
            ipa: AutofillData.ipa)
    }
}

extension Request {
    func autofill() async throws -> AutofillService {
        try await AutofillService.forUser(try requireUserID(), db: db, app: application)
    }

    /// The languages asked: `bookID`'s (a book that is not the user's is a 404), else
    /// `from` and `to`, else English → Korean.
    func autofillRequest(term: String?, bookParameter: String) async throws -> AutofillRequest {
        guard let term, !term.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw AppError.invalid("term is required")
        }
        if let bookID = try await studiedBook(parameter: bookParameter) {
            let book = try await bookStore().find(bookID)
            return AutofillRequest(term: term, from: book.termLanguage, to: book.meaningLanguage)
        }
        return AutofillRequest(
            term: term, from: queryValue("from")?.lowercased() ?? "en",
            to: queryValue("to")?.lowercased() ?? "ko")
    }
}

extension AutofillResultDTO {
    init(_ result: AutofillResult, request: AutofillRequest, problemText: (DeepLFailure) -> String)
    {
        self.init(
            term: request.term, from: request.from, to: request.to, reading: result.reading,
            proposals: result.proposals.map {
                AutofillProposalDTO(
                    source: $0.source.rawValue, meaning: $0.meaning, reading: $0.reading,
                    partOfSpeech: $0.partOfSpeech, note: $0.note, synonyms: $0.synonyms,
                    antonyms: $0.antonyms, example: $0.example)
            },
            problems: result.problems.map {
                AutofillProblemDTO(source: "deepl", code: $0.code, message: problemText($0))
            })
    }
}
