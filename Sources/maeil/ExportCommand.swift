import ArgumentParser
import Foundation
import MaeilServer
import VocabCore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a book to standard output or a file.")

    @Option(help: "The book to export: its exact name, or its id when two books share the name.")
    var book: String

    @Option(help: "csv, tsv, quizlet or json.")
    var format: ImportFormat = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var user: UserOption
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let data = try await storage.withInstance { instance in
            try await instance.export(
                username: try await user.resolve(instance), bookName: book, format: format)
        }
        if let output {
            try data.write(to: URL(fileURLWithPath: output))
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
