import ArgumentParser
import Foundation
import MaeilServer
import VocabCore

extension ImportFormat: ExpressibleByArgument {}
extension DuplicatePolicy: ExpressibleByArgument {}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import words into a book, or EDICT as the Japanese dictionary.",
        subcommands: [ImportWords.self, ImportEDICT.self],
        defaultSubcommand: ImportWords.self)
}

struct ImportWords: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Import words from a file into a book (made when missing), all or nothing.",
        discussion: """
            Formats: csv and tsv (UTF-8, UTF-16 with BOM, or CP949/EUC-KR, detected), quizlet \
            (term TAB definition per line) and json (Maeil's own lossless format). The format \
            is guessed from the file when --format is not given. `maeil import FILE --book NAME` \
            runs this command. An Anki package (FILE.apkg or FILE.colpkg) needs no --book: \
            each of its decks becomes a book of that name ("Korean::Basics" → "Korean › Basics").
            """)

    @Argument(help: "The file to import.")
    var file: String

    @Option(
        help:
            "The book to import into: its exact name (made when missing), or its id when two books share the name. Not for Anki packages."
    )
    var book: String?

    @Option(help: "csv, tsv, quizlet or json.")
    var format: ImportFormat?

    @Option(
        help:
            "A row whose word (term and reading) the book has already: skip it, update the word with it, or keep it as another word."
    )
    var duplicates: DuplicatePolicy = .skip

    @OptionGroup var user: UserOption
    @OptionGroup var storage: StorageOptions

    /// An Anki package, told by its extension.
    private var isAnkiPackage: Bool {
        let lower = file.lowercased()
        return lower.hasSuffix(".apkg") || lower.hasSuffix(".colpkg")
    }

    func validate() throws {
        if isAnkiPackage {
            if book != nil || format != nil {
                throw ValidationError(
                    "an Anki package goes into one book per deck: leave out --book and --format")
            }
        } else if book == nil {
            throw ValidationError("Missing expected argument '--book <book>'")
        }
    }

    func run() async throws {
        guard let book else { return try await runAnki() }
        let bar = ProgressBar()
        let result = try await storage.withInstance { instance in
            try await instance.importFile(
                at: file, username: try await user.resolve(instance), bookName: book,
                format: format, duplicates: duplicates,
                progress: { done, total in bar.update(done, of: total) })
        }
        bar.finish()
        var line =
            "Imported \(result.imported) words into \"\(book)\" (\(result.format), \(result.encoding))."
        if result.skipped > 0 { line += " Skipped \(result.skipped) the book had already." }
        if result.updated > 0 { line += " Updated \(result.updated) the book had already." }
        print(line)
    }

    private func runAnki() async throws {
        let result = try await storage.withInstance { instance in
            try await instance.importAnki(
                at: file, username: try await user.resolve(instance), duplicates: duplicates)
        }
        for book in result.books {
            var line = "Imported \(book.imported) words into \"\(book.name)\"."
            if book.skipped > 0 { line += " Skipped \(book.skipped) the book had already." }
            if book.updated > 0 { line += " Updated \(book.updated) the book had already." }
            print(line)
        }
    }
}

struct ImportEDICT: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edict",
        abstract: "Load EDICT as the offline Japanese–English dictionary, shared by every user.",
        discussion: """
            Reads the EDICT file (EUC-JP; Debian's edict package installs it at \
            \(MaeilInstance.defaultEDICTPath), the default) and replaces the dictionary in one \
            transaction: a truncated or foreign file names its line and changes nothing. \
            EDICT is the property of the Electronic Dictionary Research and Development Group, \
            used under its licence (https://www.edrdg.org/edrdg/licence.html).
            """)

    @Argument(help: "The EDICT file (default: \(MaeilInstance.defaultEDICTPath)).")
    var file: String = MaeilInstance.defaultEDICTPath

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let bar = ProgressBar(unit: "entries")
        let count = try await storage.withInstance { instance in
            try await instance.importEDICT(
                at: file, progress: { done, total in bar.update(done, of: total) })
        }
        bar.finish()
        print("Loaded \(count) EDICT entries into the Japanese dictionary.")
    }
}

/// A one-line progress bar on standard error, redrawn at most 20 times a
/// second, and only on a terminal: in a pipe or a log it would be thousands
/// of carriage returns.
final class ProgressBar: @unchecked Sendable {
    private let onTerminal = isatty(STDERR_FILENO) == 1
    private let unit: String

    init(unit: String = "words") {
        self.unit = unit
    }
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false

    func update(_ done: Int, of total: Int) {
        guard onTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        guard done == total || Date().timeIntervalSince(lastDraw) > 0.05 else { return }
        lastDraw = Date()
        drawn = true
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar =
            String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) \(unit)".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
