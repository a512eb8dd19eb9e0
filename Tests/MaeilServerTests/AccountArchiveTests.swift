import Foundation
import MaeilAPI
import MaeilTestSupport
import Testing
import Vapor
import VaporTesting
import VocabCore
import ZIPFoundation

@testable import MaeilServer

/// "Download all my data" and "import all my data": an account with books, words (an
/// Anki import's media and history too), review answers, a game with its mistake note,
/// a lotto ticket and its settings goes out as one zip, into another account, and out
/// again — and the second archive says the same as the first.
@Suite("All my data")
struct AccountArchiveTests {
    func archive(_ api: API) async throws -> Data {
        let response = try await api.send(.GET, "/api/v1/account/archive")
        #expect(response.status == .ok, "\(response.body.string)")
        #expect(response.headers.contentType == .zip)
        return Data(buffer: response.body)
    }

    func importArchive(_ api: API, _ data: Data) async throws -> TestingHTTPResponse {
        try await api.send(
            .POST, "/api/v1/account/archive", raw: data,
            contentType: HTTPMediaType(type: "application", subType: "zip"))
    }

    static func decoded(_ zip: Data) throws -> (AccountArchiveDTO, [String: Data]) {
        let archive = try Archive(data: zip, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var bytes = Data()
            _ = try archive.extract(entry) { bytes.append($0) }
            files[entry.path] = bytes
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (
            try decoder.decode(AccountArchiveDTO.self, from: try #require(files["account.json"])),
            files
        )
    }

    /// What an archive says, without the ids and the moment it was made: what a round
    /// trip must keep.
    static func content(_ zip: Data) throws -> String {
        let (archive, files) = try decoded(zip)
        var terms: [UUID: String] = [:]
        for book in archive.books {
            for word in book.words { terms[word.id] = "\(book.name)/\(word.term)" }
        }
        var lines: [String] = []
        for book in archive.books.sorted(by: { $0.name < $1.name }) {
            lines.append(
                "book \(book.name) \(book.description) \(book.termLanguage)→\(book.meaningLanguage) \(book.studyDirections) \(String(describing: book.newPerDay)) \(String(describing: book.reviewsPerDay))"
            )
            for word in book.words.sorted(by: { $0.term < $1.term }) {
                var copy = word
                copy.id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
                copy.media = copy.media.map {
                    var media = $0
                    media.file = String(files[$0.file]?.count ?? -1)
                    return media
                }
                lines.append("  \(copy)")
            }
        }
        for answer in archive.reviewLog {
            lines.append(
                "answer \(terms[answer.wordID] ?? "?") \(answer.direction) \(answer.source) \(answer.rating) \(answer.reviewedAt) \(answer.cardBefore) \(answer.cardAfter)"
            )
        }
        for mistake in archive.mistakes {
            lines.append(
                "mistake \(terms[mistake.wordID] ?? "?") \(mistake.source) \(mistake.count)")
        }
        for game in archive.games {
            var state = game.state
            for (id, term) in terms {
                state = state.replacingOccurrences(of: id.uuidString, with: term)
                    .replacingOccurrences(of: id.uuidString.lowercased(), with: term)
            }
            lines.append(
                "game \(game.kind) \(game.score)/\(game.total) \(game.finished) \(state.count)")
        }
        var lotto = archive.lotto
        lotto.entries = lotto.entries.map {
            var entry = $0
            entry.createdAt = Date(timeIntervalSince1970: 0)
            return entry
        }
        lines.append("lotto \(lotto)")
        lines.append(
            "settings \(archive.studySettings.newPerDay) \(archive.studySettings.speakTerms)")
        return lines.joined(separator: "\n")
    }

    @Test func everythingGoesOutAndComesBackTheSame() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit", description: "과일 단어")
            _ = try await api.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["studyDirections": "both"])
            _ = try await api.send(
                .PUT, "/api/v1/study/books/\(book.id)/limits",
                json: BookLimitsDTO(newPerDay: 3, reviewsPerDay: nil))
            _ = try await api.send(
                .POST, "/api/v1/books/\(book.id)/words",
                json: WordInput(
                    term: "apple", meaning: "사과", reading: "ˈæpəl", note: "빨간 과일",
                    synonyms: ["pome"], examples: [ExampleDTO(sentence: "An apple a day.")],
                    tags: ["fruit"], bookmarked: true))
            for (term, meaning) in [("pear", "배"), ("grape", "포도"), ("peach", "복숭아")] {
                _ = try await api.addWord(book.id, term, meaning)
            }
            let memorized = try await api.addWord(book.id, "melon", "멜론")
            _ = try await api.send(
                .PATCH, "/api/v1/words/\(memorized.id)", json: ["memorized": true])
            let queue = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)"))
            for card in queue.cards.prefix(2) {
                #expect(try await api.answer(card, 3).status == .ok)
            }
            // A quiz answered wrong once: a game and a mistake note.
            let game = try api.decode(
                GameDTO.self,
                try await api.send(
                    .POST, "/api/v1/games", json: ["kind": "quiz", "bookID": book.id.uuidString]))
            let quiz = try #require(game.quiz)
            let meanings = ["apple": "사과", "pear": "배", "grape": "포도", "peach": "복숭아"]
            let right = meanings[try #require(quiz.prompt)]
            let wrong = try #require(quiz.choices.indices.first { quiz.choices[$0] != right })
            let moved = try await api.send(
                .POST, "/api/v1/games/\(game.id)/moves",
                json: GameMoveInput(action: "choose", choice: wrong))
            #expect(moved.status == .ok, "\(moved.body.string)")
            #expect(
                try await api.send(
                    .POST, "/api/v1/lotto/entries",
                    json: LottoEntryInput(qr: LottoAPITests.winningQR)
                ).status == .created)
            _ = try await api.send(
                .PATCH, "/api/v1/study/settings",
                json: StudySettingsPatch(newPerDay: 7, speakTerms: true))
            if let anki = try AnkiPackages.data("C.apkg") {
                _ = try await api.send(
                    .POST, "/api/v1/import/anki", raw: anki,
                    contentType: HTTPMediaType(type: "application", subType: "octet-stream"))
            }
            // Someone else's words never go into this archive.
            let stranger = try await API.signUp(app)
            let theirs = try await stranger.createBook("Secret")
            _ = try await stranger.addWord(theirs.id, "hidden", "비밀")

            let first = try await archive(api)
            let (decoded, files) = try Self.decoded(first)
            #expect(decoded.format == "maeil-account" && decoded.version == 1)
            #expect(!decoded.books.contains { $0.name == "Secret" })
            let apple = try #require(decoded.books.first?.words.first { $0.term == "apple" })
            #expect(apple.bookmarked && apple.tags == ["fruit"] && apple.cards.count == 2)
            #expect(decoded.reviewLog.count >= 3, "two reviews and the quiz's Again")
            #expect(decoded.mistakes.count == 1, "\(decoded.mistakes)")
            #expect(decoded.games.count == 1)
            #expect(decoded.lotto.entries.count == 1 && decoded.studySettings.newPerDay == 7)
            if AnkiPackages.folder != nil {
                #expect(files.keys.filter { $0.hasPrefix("media/") }.count == 2)
            }

            // Into another account, and out again: the same.
            let other = try await API.signUp(app)
            let imported = try await importArchive(other, first)
            #expect(imported.status == .ok, "\(imported.body.string)")
            let result = try other.decode(AccountImportResultDTO.self, imported)
            #expect(result.books == decoded.books.count && result.lottoEntries == 1)
            let second = try await archive(other)
            #expect(try Self.content(second) == Self.content(first))
            // The copy studies on: its queue shows the same counts.
            let copyBook = try #require(
                try other.decode([BookDTO].self, try await other.send(.GET, "/api/v1/books"))
                    .first { $0.name == "Fruit" })
            let copyQueue = try other.decode(
                ReviewQueueDTO.self,
                try await other.send(.GET, "/api/v1/study/queue?bookID=\(copyBook.id)"))
            let again = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)"))
            #expect(copyQueue.newCount == again.newCount)
            #expect(copyQueue.learningCount == again.learningCount)
            // Importing twice makes a second set of books; the lotto ticket stays one.
            let twice = try other.decode(
                AccountImportResultDTO.self, try await importArchive(other, first))
            #expect(twice.lottoEntries == 0)
        }
    }

    @Test func aDamagedArchiveLeavesNothingBehind() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            _ = try await api.addWord(book.id, "apple", "사과")
            let (good, files) = try Self.decoded(try await archive(api))
            let other = try await API.signUp(app)

            #expect(
                try await importArchive(other, Data("not a zip".utf8)).status
                    == .unprocessableEntity)
            // An answer that names a word the archive lacks: the books made before it go too.
            var broken = good
            broken.reviewLog = [
                AccountArchiveDTO.Answer(
                    wordID: UUID(), direction: "forward", source: "review", rating: 3,
                    reviewedAt: Date(), elapsedMilliseconds: 0, cardBefore: "{}", cardAfter: "{}")
            ]
            let zip = try Archive(data: Data(), accessMode: .create)
            let json = try AccountArchiveService.encoder.encode(broken)
            try zip.addEntry(
                with: "account.json", type: .file, uncompressedSize: Int64(json.count)
            ) { position, size in json.subdata(in: Int(position)..<Int(position) + size) }
            let refused = try await importArchive(other, try #require(zip.data))
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("the archive is damaged"))
            #expect(
                try other.decode([BookDTO].self, try await other.send(.GET, "/api/v1/books"))
                    .isEmpty)
            #expect(files.count == 1, "account.json only: no media")
        }
    }

    @Test func theSettingsPageDownloadsAndImports() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "mine\(Int.random(in: 1000...99_999))")
            browser.language = "ko"
            let book = try await browser.createBook("여행")
            _ = book
            let page = try await browser.get("/settings")
            #expect(page.body.string.contains("내 데이터 모두 받기"))
            let download = try await browser.get("/settings/archive")
            #expect(download.status == .ok && download.headers.contentType == .zip)
            let (archive, _) = try Self.decoded(Data(buffer: download.body))
            #expect(archive.books.map(\.name) == ["여행"])

            var other = try await WebBrowser.signUp(app, "other\(Int.random(in: 1000...99_999))")
            other.language = "ko"
            let posted = try await other.postFile(
                "/settings/archive", Data(buffer: download.body), fileName: "maeil.zip")
            #expect(posted.status == .seeOther)
            let after = try await other.get("/settings")
            #expect(after.body.string.contains("보관 파일에서 단어장 1개, 단어 0개를 가져왔습니다."))
            let bad = try await other.postFile(
                "/settings/archive", Data("nope".utf8), fileName: "bad.zip")
            #expect(bad.status == .seeOther)
            #expect(
                try await other.get("/settings").body.string.contains("아무것도 가져오지 않았습니다"))
        }
    }
}
