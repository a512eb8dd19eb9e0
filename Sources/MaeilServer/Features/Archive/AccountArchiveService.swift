import AnkiPackage
import FSRS
import Fluent
import Foundation
import MaeilAPI
import NIOPosix
import VocabCore
import ZIPFoundation

/// "Download all my data" and "import all my data": a zip of `account.json`
/// (`AccountArchiveDTO`) and the words' media under `media/`. An import on another
/// server (or into another account) makes everything anew under fresh ids, keeping
/// every link between books, words, cards, answers, mistakes and games, in one
/// transaction: a damaged archive leaves nothing behind.
struct AccountArchiveService: Sendable {
    let db: any Database
    let user: User
    let days: DayFormatter
    let hooks: NotebookHooks

    /// An archive's largest accepted size, packed.
    static let archiveLimit = 500 * 1_048_576

    private var userID: UUID { user.id ?? UUID() }

    // MARK: export

    func export(now: Date = Date()) async throws -> Data {
        let words = WordStore(db: db, userID: userID, days: days, hooks: hooks)
        let cards = CardStore(db: db, userID: userID)
        let log = ReviewLogStore(db: db, userID: userID)
        let mediaStore = WordMediaStore(db: db, userID: userID)
        let store = AccountArchiveStore(db: db, userID: userID)
        let limits = try await store.bookLimits()
        var files: [(path: String, bytes: Data)] = []
        var books: [AccountArchiveDTO.Book] = []
        var answers: [AccountArchiveDTO.Answer] = []
        for summary in try await BookStore(db: db, userID: userID).list() {
            let book = try await BookStore(db: db, userID: userID).find(summary.id)
            let stored = Dictionary(
                grouping: try await cards.storedCards(inBook: summary.id), by: \.wordID)
            let media = Dictionary(
                grouping: try await mediaStore.files(inBook: summary.id), by: \.wordID)
            var archived: [AccountArchiveDTO.Word] = []
            for (id, draft) in try await words.identifiedDrafts(inBook: summary.id) {
                var kept: [AccountArchiveDTO.Media] = []
                for file in media[id] ?? [] {
                    let path = "media/\(files.count)"
                    files.append((path, file.bytes))
                    kept.append(.init(name: file.name, contentType: file.contentType, file: path))
                }
                archived.append(
                    Self.word(id: id, draft, cards: stored[id] ?? [], media: kept))
            }
            let limit = limits[summary.id]
            books.append(
                AccountArchiveDTO.Book(
                    id: summary.id, name: book.name, description: book.description,
                    termLanguage: book.termLanguage, meaningLanguage: book.meaningLanguage,
                    studyDirections: book.studyDirections, createdAt: book.createdAt,
                    newPerDay: limit?.newPerDay, reviewsPerDay: limit?.reviewsPerDay,
                    words: archived))
            answers += try await log.answers(inBook: summary.id).map { answer in
                AccountArchiveDTO.Answer(
                    wordID: answer.wordID, direction: answer.direction.rawValue,
                    source: answer.source.rawValue, rating: answer.rating, reviewedAt: answer.at,
                    elapsedMilliseconds: answer.elapsedMilliseconds,
                    cardBefore: ReviewLogStore.json(answer.before),
                    cardAfter: ReviewLogStore.json(answer.after))
            }
        }
        let archive = AccountArchiveDTO(
            exportedAt: now, username: user.username,
            profile: .init(
                displayName: user.displayName, language: user.locale,
                timeZone: user.timeZoneIdentifier),
            studySettings: StudySettingsDTO(
                try await StudySettingsStore(db: db, userID: userID).get()),
            books: books, reviewLog: answers.sorted { $0.reviewedAt < $1.reviewedAt },
            mistakes: try await store.mistakes(), games: try await store.games(),
            lotto: try await store.lotto())
        let entries = [("account.json", try Self.encoder.encode(archive))] + files
        return try await NIOThreadPool.singleton.runIfActive { try Self.packed(entries) }
    }

    private static func word(
        id: UUID, _ draft: WordDraft,
        cards: [(
            wordID: UUID, direction: CardDirection, stored: StoredCard, suspendedState: QueueState?
        )],
        media: [AccountArchiveDTO.Media]
    ) -> AccountArchiveDTO.Word {
        AccountArchiveDTO.Word(
            id: id, term: draft.term, meaning: draft.meaning, reading: draft.reading,
            partOfSpeech: draft.partOfSpeech, note: draft.note, synonyms: draft.synonyms,
            antonyms: draft.antonyms,
            examples: draft.examples.map {
                ExampleDTO(sentence: $0.sentence, translation: $0.translation)
            }, tags: draft.tags, memorized: draft.memorized, bookmarked: draft.bookmarked,
            createdAt: draft.createdAt,
            cards: cards.sorted { $0.direction.rawValue < $1.direction.rawValue }.map { card in
                let memory = card.stored.memory
                return AccountArchiveDTO.Card(
                    direction: card.direction.rawValue, state: card.stored.state.rawValue,
                    suspendedState: card.suspendedState?.rawValue, step: memory.step,
                    stability: memory.stability, difficulty: memory.difficulty, due: memory.due,
                    lastReview: memory.lastReview, reps: card.stored.reps,
                    lapses: card.stored.lapses)
            }, media: media)
    }

    // MARK: import

    /// The archive's data added to this account; what was made.
    func importArchive(_ data: Data) async throws -> AccountImportResultDTO {
        guard data.count <= Self.archiveLimit else { throw AppError.tooLarge(Self.archiveLimit) }
        let (archive, files) = try await NIOThreadPool.singleton.runIfActive {
            try Self.read(data)
        }
        let userID = userID
        let days = days
        let hooks = hooks
        return try await db.writeTransaction { tx in
            var ids: [UUID: UUID] = [:]
            let words = WordStore(db: tx, userID: userID, days: days, hooks: hooks)
            let books = BookStore(db: tx, userID: userID)
            let store = AccountArchiveStore(db: tx, userID: userID)
            var counts = (words: 0, media: 0)
            var cards: [UUID: [(UUID, CardDirection, StoredCard, Bool)]] = [:]
            var media: [WordMediaStore.File] = []
            for archived in archive.books {
                let book = try await books.create(
                    name: archived.name, description: archived.description,
                    languages: BookLanguages(
                        term: archived.termLanguage, meaning: archived.meaningLanguage))
                let bookID = try book.requireID()
                ids[archived.id] = bookID
                if let directions = StudyDirections(rawValue: archived.studyDirections),
                    directions != .forward
                {
                    _ = try await books.update(bookID, BookChanges(studyDirections: directions))
                }
                try await store.setBookLimits(
                    bookID, newPerDay: archived.newPerDay, reviewsPerDay: archived.reviewsPerDay)
                let newIDs = WordStore.ascendingIDs(archived.words.count)
                for (word, newID) in Swift.zip(archived.words, newIDs) {
                    ids[word.id] = newID
                    for card in word.cards {
                        cards[bookID, default: []].append(
                            (
                                newID, try Self.direction(card.direction), try Self.stored(card),
                                card.state == QueueState.suspended.rawValue
                            ))
                    }
                    for file in word.media {
                        guard let bytes = files[file.file] else {
                            throw Self.damaged("\(file.file) is missing")
                        }
                        media.append(
                            .init(
                                wordID: newID, name: file.name, contentType: file.contentType,
                                bytes: bytes))
                    }
                }
                _ = try await words.importDrafts(
                    archived.words.map(Self.draft), intoBook: bookID,
                    duplicates: DuplicateChoices(.keep), ids: newIDs)
                counts.words += archived.words.count
            }
            let sql = try tx.sql()
            for (bookID, bookCards) in cards {
                try await CardStore(db: tx, userID: userID).store(
                    bookCards.map { ($0.0, $0.1, $0.2, $0.3) }, inBook: bookID, on: sql)
            }
            try await WordMediaStore(db: tx, userID: userID).add(media)
            try await ReviewLogStore(db: tx, userID: userID).append(
                contentsOf: try archive.reviewLog.map { answer in
                    guard let wordID = ids[answer.wordID] else {
                        throw Self.damaged("an answer names a word the archive does not have")
                    }
                    guard let source = ReviewSource(rawValue: answer.source),
                        let rating = Rating(rawValue: answer.rating)
                    else { throw Self.damaged("an answer has an unknown source or rating") }
                    return ReviewLogStore.Answer(
                        wordID: wordID, direction: try Self.direction(answer.direction),
                        source: source, rating: rating, at: answer.reviewedAt,
                        day: days.day(of: answer.reviewedAt),
                        elapsedMilliseconds: answer.elapsedMilliseconds,
                        before: try Self.storedCard(answer.cardBefore),
                        after: try Self.storedCard(answer.cardAfter))
                })
            try await store.addMistakes(
                try archive.mistakes.map { mistake in
                    guard let wordID = ids[mistake.wordID] else {
                        throw Self.damaged("a mistake note names a word the archive does not have")
                    }
                    return (wordID, mistake)
                })
            for game in archive.games {
                var copy = game
                copy.id = UUID()
                copy.bookID = game.bookID.flatMap { ids[$0] }
                copy.state = Self.replacingIDs(in: game.state, ids)
                try await store.addGame(copy)
            }
            let lottoEntries = try await store.addLotto(archive.lotto)
            try await StudySettingsStore(db: tx, userID: userID).put(
                try Self.settings(archive.studySettings))
            return AccountImportResultDTO(
                books: archive.books.count, words: counts.words, answers: archive.reviewLog.count,
                media: media.count, games: archive.games.count, lottoEntries: lottoEntries)
        }
    }

    private static func draft(_ word: AccountArchiveDTO.Word) -> WordDraft {
        WordDraft(
            term: word.term, meaning: word.meaning, reading: word.reading,
            partOfSpeech: word.partOfSpeech, note: word.note, synonyms: word.synonyms,
            antonyms: word.antonyms,
            examples: word.examples.map {
                WordExample(sentence: $0.sentence, translation: $0.translation)
            }, tags: word.tags, memorized: word.memorized, bookmarked: word.bookmarked,
            createdAt: word.createdAt)
    }

    private static func direction(_ raw: String) throws -> CardDirection {
        guard let direction = CardDirection(rawValue: raw) else {
            throw damaged("a card's direction is \(raw)")
        }
        return direction
    }

    /// A card as the store takes it: a suspended one in the state it waits with.
    private static func stored(_ card: AccountArchiveDTO.Card) throws -> StoredCard {
        guard var state = QueueState(rawValue: card.state) else {
            throw damaged("a card's state is \(card.state)")
        }
        if state == .suspended { state = card.suspendedState.flatMap(QueueState.init) ?? .new }
        let memory = Card(
            state: state == .new || state == .setAside
                ? .learning : CardState(rawValue: state.rawValue) ?? .learning,
            step: card.step, stability: card.stability, difficulty: card.difficulty,
            due: card.due, lastReview: card.lastReview)
        return StoredCard(state: state, memory: memory, reps: card.reps, lapses: card.lapses)
    }

    private static func storedCard(_ json: String) throws -> StoredCard {
        do { return try ReviewLogStore.storedCard(json) } catch {
            throw damaged("an answer's card cannot be read")
        }
    }

    private static func settings(_ dto: StudySettingsDTO) throws -> StudySettings {
        var settings = StudySettings.defaults
        settings.parameters.desiredRetention = dto.desiredRetention
        settings.parameters.maximumInterval = dto.maximumInterval
        settings.parameters.enableFuzzing = dto.fuzz
        if dto.weights.count == settings.parameters.weights.count {
            settings.parameters.weights = dto.weights
        }
        settings.limits = StudyLimits(newPerDay: dto.newPerDay, reviewsPerDay: dto.reviewsPerDay)
        settings.memorizedInNew = dto.memorizedInNew
        settings.speakTerms = dto.speakTerms
        return settings
    }

    /// A saved game's state with its words' and book's old ids replaced by the new.
    static func replacingIDs(in text: String, _ ids: [UUID: UUID]) -> String {
        var text = text
        for (old, new) in ids
        where text.contains(old.uuidString)
            || text.contains(
                old.uuidString.lowercased())
        {
            text = text.replacingOccurrences(of: old.uuidString, with: new.uuidString)
                .replacingOccurrences(
                    of: old.uuidString.lowercased(), with: new.uuidString.lowercased())
        }
        return text
    }

    // MARK: the zip

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func damaged(_ detail: String) -> AppError {
        AppError.invalid("the archive is damaged: \(detail)", code: .invalidFile)
    }

    private static func packed(_ entries: [(path: String, bytes: Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in entries {
            try archive.addFile(path, bytes, deflated: path.hasSuffix(".json"))
        }
        guard let data = archive.data else { throw damaged("it could not be written") }
        return data
    }

    /// `account.json` decoded, and the media files by path. Sizes are counted as the
    /// files unpack, so a lying zip stops at the limit.
    private static func read(_ data: Data) throws -> (AccountArchiveDTO, [String: Data]) {
        guard let archive = try? ZipReader(data) else {
            throw AppError.invalid(
                "the file is not a Maeil archive (not a zip)", code: .invalidFile)
        }
        var total = 0
        var files: [String: Data] = [:]
        var json: Data?
        for entry in archive.entries where !entry.isDirectory {
            var bytes = Data()
            do {
                try archive.extract(entry) { chunk in
                    bytes.append(chunk)
                    total += chunk.count
                    if total > 4 * archiveLimit { throw CancellationError() }
                }
            } catch {
                throw total > 4 * archiveLimit
                    ? AppError.tooLarge(4 * archiveLimit)
                    : damaged("\(entry.path) cannot be unpacked")
            }
            if entry.path == "account.json" { json = bytes } else { files[entry.path] = bytes }
        }
        guard let json else {
            throw AppError.invalid(
                "the file is not a Maeil archive (no account.json)", code: .invalidFile)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let decoded: AccountArchiveDTO
        do {
            decoded = try decoder.decode(AccountArchiveDTO.self, from: json)
        } catch {
            throw damaged("account.json cannot be read (\(error))")
        }
        guard decoded.format == AccountArchiveDTO.formatName,
            decoded.version <= AccountArchiveDTO.currentVersion
        else {
            throw AppError.invalid(
                "the file is not a Maeil archive this version can read", code: .invalidFile)
        }
        return (decoded, files)
    }
}
