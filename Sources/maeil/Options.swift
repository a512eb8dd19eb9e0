import ArgumentParser
import Foundation
import MaeilServer

/// The user a command acts for: `--user`, or the only account there is.
struct UserOption: ParsableArguments {
    @Option(help: "Whose books (needed when there is more than one account).")
    var user: String?

    func resolve(_ instance: MaeilInstance) async throws -> String {
        if let user { return user }
        let names = try await instance.usernames()
        guard names.count == 1, let only = names.first else {
            throw CLIError(
                names.isEmpty
                    ? "there are no accounts yet; run `maeil user create NAME`"
                    : "several accounts exist; name one with --user")
        }
        return only
    }
}

/// Where the data is: shared by every command that opens the database.
struct StorageOptions: ParsableArguments {
    @Option(help: "Folder for maeil.sqlite (env MAEIL_DATA_DIR; default ./data).")
    var dataDir: String?

    @Option(
        help: "postgres://user:pass@host/db to use PostgreSQL instead of SQLite (env DATABASE_URL)."
    )
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
