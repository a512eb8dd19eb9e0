import ArgumentParser
import MaeilServer

@main
struct Maeil: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maeil",
        abstract: "Maeil (매일): a self-hosted vocabulary notebook and study server.",
        discussion: """
            Start with `maeil serve` and open the printed address. Data lives in \
            ./data/maeil.sqlite unless --data-dir or DATABASE_URL (postgres://…) says otherwise.
            """,
        subcommands: [
            Serve.self, Migrate.self, UserCommand.self, BooksCommand.self, LibraryCommand.self,
            Import.self, Export.self, Backup.self, Restore.self, StudyCommand.self,
            AutofillCommand.self, HangulCommand.self, KanaCommand.self, LottoCommand.self,
        ]
    )

    static func main() async {
        MaeilServerRunner.runConcurrencyOnEventLoops()
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
