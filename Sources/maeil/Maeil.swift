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
        subcommands: [Serve.self, Migrate.self, UserCommand.self, Import.self, Export.self, StudyCommand.self, HangulCommand.self]
    )
}

/// Where the data is: shared by every command that opens the database.
struct StorageOptions: ParsableArguments {
    @Option(help: "Folder for maeil.sqlite (env MAEIL_DATA_DIR; default ./data).")
    var dataDir: String?

    @Option(help: "postgres://user:pass@host/db to use PostgreSQL instead of SQLite (env DATABASE_URL).")
    var databaseURL: String?

    func settings() -> ServerSettings {
        var settings = ServerSettings.fromEnvironment()
        if let dataDir { settings.dataDirectory = dataDir }
        if let databaseURL { settings.databaseURL = databaseURL }
        return settings
    }

    /// Opens the app, runs `body`, and always shuts down.
    func withInstance<T>(_ body: (MaeilInstance) async throws -> T) async throws -> T {
        let instance = try await MaeilInstance.open(settings: settings())
        do {
            let result = try await body(instance)
            try await instance.shutdown()
            return result
        } catch {
            try? await instance.shutdown()
            throw CLIError(describeError(error))
        }
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
