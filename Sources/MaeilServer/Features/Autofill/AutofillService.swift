import Fluent
import Foundation
import SQLKit
import Vapor
import VocabCore

/// What a term is asked for: its language and the meaning's.
struct AutofillRequest: Sendable {
    var term: String
    var from: String
    var to: String
}

/// What the sources proposed: rows to pick from (`Autofill.merged`), the term's
/// reading when one is known (IPA for English, kana for Japanese), and the sources
/// that failed, each with its reason; the others' rows still come.
struct AutofillResult: Sendable {
    var proposals: [AutofillProposal]
    var reading: String
    var problems: [DeepLFailure]
}

/// A source of proposals for a term.
protocol Translator: Sendable {
    func proposals(for request: AutofillRequest) async throws -> [AutofillProposal]
}

/// Auto-fill for one user: every source asked together (each answers only for the
/// languages it knows; DeepL within its own time limit), merged.
struct AutofillService: Sendable {
    var translators: [any Translator]
    var deepL: DeepLTranslator?
    var ipa: IPAReader?

    static let termLimit = 200

    func propose(_ request: AutofillRequest) async throws -> AutofillResult {
        let term = request.term.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !term.isEmpty, term.count <= Self.termLimit else {
            throw AppError.invalid("term must be 1 to \(Self.termLimit) characters")
        }
        for code in [request.from, request.to] where !BookLanguages.isCode(code) {
            throw AppError.invalid("\(code) is not a language code (en, ko, ja…)")
        }
        let asked = AutofillRequest(term: term, from: request.from, to: request.to)
        async let offline = withThrowingTaskGroup(of: [AutofillProposal].self) { group in
            for translator in translators {
                group.addTask { try await translator.proposals(for: asked) }
            }
            var all: [AutofillProposal] = []
            for try await found in group { all += found }
            return all
        }
        async let online = deepLProposal(asked)
        async let spoken = ipaReading(of: asked)
        let (found, translated, ipa) = try await (offline, online, spoken)
        var proposals = found
        var problems: [DeepLFailure] = []
        switch translated {
        case .success(let proposal?): proposals.append(proposal)
        case .success(nil): break
        case .failure(let failure): problems.append(failure)
        }
        let merged = Autofill.merged(proposals)
        let reading = ipa ?? merged.first { !$0.reading.isEmpty }?.reading ?? ""
        return AutofillResult(proposals: merged, reading: reading, problems: problems)
    }

    private func ipaReading(of request: AutofillRequest) async -> String? {
        guard let ipa else { return nil }
        return await ipa.reading(of: request.term, language: request.from)
    }

    private func deepLProposal(_ request: AutofillRequest) async -> Result<
        AutofillProposal?, DeepLFailure
    > {
        guard let deepL, request.from != request.to else { return .success(nil) }
        do {
            let text = try await deepL.translate(request.term, from: request.from, to: request.to)
            // A term DeepL could not translate comes back as it was: nothing to propose.
            guard text.lowercased() != request.term.lowercased() else { return .success(nil) }
            return .success(AutofillProposal(source: .deepl, meaning: text))
        } catch {
            return .failure(error)
        }
    }
}

/// The meanings the user gave this term in their own books (same term, letter case
/// aside), the most used first.
struct OwnBooksTranslator: Translator {
    let db: any Database
    let userID: UUID

    func proposals(for request: AutofillRequest) async throws -> [AutofillProposal] {
        let sql = try db.sql()
        let books = try await sql.raw(
            """
            SELECT id FROM books WHERE user_id = \(bind: userID)
              AND term_language = \(bind: request.from) AND meaning_language = \(bind: request.to)
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !books.isEmpty else { return [] }
        let rows = try await sql.raw(
            """
            SELECT meaning, reading, part_of_speech FROM words
            WHERE user_id = \(bind: userID) AND book_id IN (\(binds: books))
              AND LOWER(term) = LOWER(\(bind: request.term)) AND meaning <> ''
            LIMIT 50
            """
        ).all()
        var counts: [String: (proposal: AutofillProposal, count: Int)] = [:]
        for row in rows {
            let meaning = try row.decode(column: "meaning", as: String.self)
            let proposal = AutofillProposal(
                source: .myBooks, meaning: meaning,
                reading: try row.decode(column: "reading", as: String.self),
                partOfSpeech: try row.decode(column: "part_of_speech", as: String.self))
            counts[meaning, default: (proposal, 0)].count += 1
        }
        return counts.values.sorted {
            ($1.count, $0.proposal.meaning) < ($0.count, $1.proposal.meaning)
        }.map(\.proposal)
    }
}

/// The starter book (English → Korean) and the Japanese course (Japanese → Korean,
/// and its English glosses) hold checked meanings for common words.
struct CourseTranslator: Translator {
    let starter: [WordDraft]
    let japanese: JapaneseCourseCatalog?

    func proposals(for request: AutofillRequest) async throws -> [AutofillProposal] {
        let key = request.term.lowercased()
        var found: [AutofillProposal] = []
        if request.from == "en", request.to == "ko" {
            for word in starter where word.term.lowercased() == key {
                found.append(
                    AutofillProposal(
                        source: .course, meaning: word.meaning, reading: word.reading,
                        partOfSpeech: word.partOfSpeech,
                        example: word.examples.first?.sentence ?? ""))
            }
        }
        if request.from == "ja", let japanese {
            for word in japanese.words(writtenAs: request.term) {
                let meaning =
                    request.to == "ko"
                    ? word.korean
                    : request.to == "en"
                        ? word.glosses.joined(separator: "; ") : ""
                guard !meaning.isEmpty else { continue }
                found.append(
                    AutofillProposal(
                        source: .course, meaning: meaning, reading: word.reading,
                        example: word.examples.first?.ja ?? ""))
            }
        }
        return found
    }
}

/// EDICT (when imported): a Japanese term's English glosses, with its reading. For
/// a Korean meaning they go to the note, as a hint.
struct EDICTTranslator: Translator {
    let store: DictionaryStore

    func proposals(for request: AutofillRequest) async throws -> [AutofillProposal] {
        guard request.from == "ja" else { return [] }
        let records = try await store.japaneseCandidates([request.term], limit: 20)
        return records.filter { $0.entry.term == request.term || $0.entry.reading == request.term }
            .prefix(5).map { record in
                let glosses = record.entry.plainGlosses.prefix(4).joined(separator: "; ")
                return AutofillProposal(
                    source: .edict, meaning: request.to == "en" ? glosses : "",
                    reading: record.entry.reading, note: request.to == "en" ? "" : glosses)
            }
    }
}

/// WordNet (Debian `wordnet-base`, when installed): an English term's senses.
struct WordNetTranslator: Translator {
    let wordNet: WordNet

    func proposals(for request: AutofillRequest) async throws -> [AutofillProposal] {
        guard request.from == "en" else { return [] }
        return Autofill.proposals(
            from: wordNet.senses(of: request.term, limit: 2), meaningLanguage: request.to)
    }
}
