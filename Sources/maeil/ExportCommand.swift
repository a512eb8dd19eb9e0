import ArgumentParser
import Foundation
import MaeilServer
import VocabCore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a book to standard output or a file.")

    @Option(help: "The book to export: its exact name, or its id when two books share the name.")
    var book: String

    @Option(
        help:
            "csv, tsv, quizlet, json, or apkg (an Anki package, with the review history and media)."
    )
    var format: ExportFormat = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var user: UserOption
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let data = try await storage.withInstance { instance in
            let username = try await user.resolve(instance)
            if let text = format.textFormat {
                return try await instance.export(username: username, bookName: book, format: text)
            }
            return try await instance.exportAnki(username: username, bookName: book)
        }
        if let output {
            try data.write(to: URL(fileURLWithPath: output))
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}

/// What a book can be written as: one of the text formats, or an Anki package.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, tsv, quizlet, json, apkg

    var textFormat: ImportFormat? { ImportFormat(rawValue: rawValue) }
}
