import Foundation
import MaeilAPI
import Vapor
import VocabCore

/// The mistake notes in the browser: words answered wrong, per source, with
/// "study these" and clearing.
struct MistakesWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let mistakes = routes.grouped("mistakes")
        mistakes.get(use: listMistakes)
        mistakes.post("study", use: studyMistakes)
        mistakes.post("clear", use: clearMistakes)
    }

    struct SourceTab: Encodable, Sendable {
        var label: String
        var href: String
        var count: Int
        var current: Bool
    }

    struct MistakeRow: Encodable, Sendable {
        var wordID: String
        var term: String
        var meaning: String
        var bookID: String
        var bookName: String
        var missedText: String
        var lastText: String
        var sourcesText: String
        var clearLabel: String
    }

    struct MistakesData: Encodable, Sendable {
        var tabs: [SourceTab]
        /// The tab shown: a source, or "all".
        var source: String
        /// Under "All" each row names where the word was missed.
        var showSources: Bool
        var rows: [MistakeRow]
        var isEmpty: Bool
        var countText: String
        var kinds: [OptionView]
        var clearAllConfirm: String
    }

    /// The tabs, in the order shown; `nil` is "All".
    static let sources: [ReviewSource?] = [nil, .review, .quiz, .hangman, .test, .write]

    static func sourceKey(_ source: ReviewSource?) -> String {
        switch source {
        case nil: "mistakesAll"
        case .review: "studyReviewTitle"
        case .quiz: "gameKindQuiz"
        case .hangman: "gameKindHangman"
        case .test: "gameKindTest"
        case .write: "gameKindWrite"
        }
    }

    @Sendable func listMistakes(req: Request) async throws -> Response {
        let source = try ReviewSource.filter(
            (try? req.query.get(String.self, at: "source")) ?? "all")
        let all = try await req.mistakes().list(nil)
        let rows = Self.rows(all, source: source, req: req)
        let data = MistakesData(
            tabs: Self.sources.map { tab in
                SourceTab(
                    label: req.text(Self.sourceKey(tab)),
                    href: "/mistakes?source=\(tab?.rawValue ?? "all")",
                    count: Set(all.filter { tab == nil || $0.source == tab }.map(\.word.id)).count,
                    current: tab == source)
            },
            source: source?.rawValue ?? "all", showSources: source == nil, rows: rows,
            isEmpty: rows.isEmpty,
            countText: req.count("countWords", rows.count),
            kinds: GameKind.allCases.map {
                OptionView(
                    value: $0.rawValue, label: req.text(GamePageView.kindKey($0.rawValue)),
                    selected: $0 == .test)
            },
            clearAllConfirm: Localizer.format(
                "mistakesClearAllConfirm", req.uiLanguage, ["n": String(rows.count)]))
        return try await req.renderPage(
            "study/mistakes", title: "mistakesTitle", nav: "study", data: data)
    }

    /// One row per word: a word missed in several sources is listed once under "All",
    /// with its sources, the misses added up and the latest time. Most recent first.
    static func rows(_ entries: [MistakeStore.Entry], source: ReviewSource?, req: Request)
        -> [MistakeRow]
    {
        struct Merged {
            var entry: MistakeStore.Entry
            var sources: [ReviewSource]
            var count: Int
        }
        var order: [UUID] = []
        var merged: [UUID: Merged] = [:]
        for entry in entries where source == nil || entry.source == source {
            if var known = merged[entry.word.id] {
                known.sources.append(entry.source)
                known.count += entry.count
                if entry.lastAt > known.entry.lastAt { known.entry.lastAt = entry.lastAt }
                merged[entry.word.id] = known
            } else {
                order.append(entry.word.id)
                merged[entry.word.id] = Merged(
                    entry: entry, sources: [entry.source], count: entry.count)
            }
        }
        let lang = req.uiLanguage
        return order.compactMap { merged[$0] }
            .sorted {
                $0.entry.lastAt != $1.entry.lastAt
                    ? $0.entry.lastAt > $1.entry.lastAt : $0.entry.word.term < $1.entry.word.term
            }
            .map { item in
                let word = item.entry.word
                let sources = ReviewSource.allCases.filter(item.sources.contains)
                return MistakeRow(
                    wordID: word.id.uuidString, term: word.term, meaning: word.meaning,
                    bookID: word.bookID.uuidString,
                    bookName: word.bookName ?? "",
                    missedText: req.count("mistakesMissed", item.count),
                    lastText: Localizer.format(
                        "mistakesLast", lang, ["date": req.dateTimeText(item.entry.lastAt)]),
                    sourcesText: sources.map { req.text(sourceKey($0)) }.joined(separator: " · "),
                    clearLabel: Localizer.format("mistakesClearLabel", lang, ["term": word.term]))
            }
    }

    struct StudyForm: Content {
        var kind: String
        var source: String?
    }

    /// "Study these": a game of exactly the words the tab lists.
    @Sendable func studyMistakes(req: Request) async throws -> Response {
        let form = try req.content.decode(StudyForm.self)
        let source = try ReviewSource.filter(form.source ?? "all")
        let back = "/mistakes?source=\(source?.rawValue ?? "all")"
        return try await GameRefusals.attempt(
            req, back: back, .start(GameKind(rawValue: form.kind))
        ) {
            let setup = try GameSetup(
                kindName: form.kind, bookID: nil, directionName: nil, count: nil,
                words: .mistakes(source))
            let session = try await req.games().start(setup)
            return req.redirect(to: "/games/\(session.id)")
        }
    }

    struct ClearForm: Content {
        var source: String?
        /// One word; without it, the whole tab.
        var word: String?
    }

    @Sendable func clearMistakes(req: Request) async throws -> Response {
        let form = try req.content.decode(ClearForm.self)
        let source = try ReviewSource.filter(form.source ?? "all")
        var wordID: UUID?
        if let raw = form.word, !raw.isEmpty {
            guard let id = UUID(uuidString: raw) else { throw AppError.notFound("word") }
            wordID = id
        }
        let cleared = try await req.mistakes().clear(source: source, wordID: wordID)
        req.flash(
            cleared == 0
                ? "mistakesNothingCleared"
                : wordID == nil ? "mistakesClearedAll" : "mistakesCleared")
        return req.redirect(to: "/mistakes?source=\(source?.rawValue ?? "all")")
    }
}
