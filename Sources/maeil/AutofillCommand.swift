import ArgumentParser
import Foundation
import MaeilAPI
import MaeilServer

/// `maeil autofill TERM`: what auto-fill proposes for a term, as the word form shows it.
struct AutofillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autofill",
        abstract: "Propose meanings for a term: your books, the course data, EDICT, WordNet, DeepL."
    )

    @Argument(help: "The term.")
    var term: String

    @Option(help: "Take the languages from this book (its exact name).")
    var book: String?

    @Option(help: "The term's language (default en).")
    var from = "en"

    @Option(help: "The meaning's language (default ko).")
    var to = "ko"

    @Flag(help: "Print the answer as JSON, as GET /api/v1/autofill gives it.")
    var json = false

    @OptionGroup var user: UserOption
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let result = try await storage.withInstance { instance in
            try await instance.autofill(
                username: try await user.resolve(instance), term: term, bookName: book,
                from: from.lowercased(), to: to.lowercased())
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(result) + Data("\n".utf8))
            return
        }
        print(Self.render(result), terminator: "")
    }

    static let sourceNames = [
        "myBooks": "your books", "course": "course", "edict": "EDICT", "wordnet": "WordNet",
        "deepl": "DeepL",
    ]

    static func render(_ result: AutofillResultDTO) -> String {
        var out = result.term + (result.reading.isEmpty ? "" : "  /\(result.reading)/") + "\n"
        if result.proposals.isEmpty { out += "  No proposals.\n" }
        for (index, row) in result.proposals.enumerated() {
            var line = "\(index + 1). "
            if !row.partOfSpeech.isEmpty { line += "(\(row.partOfSpeech)) " }
            line += row.meaning.isEmpty ? row.note : row.meaning
            if !row.meaning.isEmpty, !row.note.isEmpty { line += " — \(row.note)" }
            line += "  [\(sourceNames[row.source] ?? row.source)]"
            out += line + "\n"
            if !row.synonyms.isEmpty {
                out += "   synonyms: \(row.synonyms.joined(separator: ", "))\n"
            }
            if !row.antonyms.isEmpty {
                out += "   antonyms: \(row.antonyms.joined(separator: ", "))\n"
            }
            if !row.example.isEmpty { out += "   e.g. \(row.example)\n" }
        }
        for problem in result.problems {
            out += "\(sourceNames[problem.source] ?? problem.source): \(problem.message)\n"
        }
        return out
    }
}
