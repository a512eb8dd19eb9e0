import ArgumentParser
import MaeilServer

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create or update the database schema, then exit.")

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        try await storage.withInstance { try await $0.migrate() }
        print("The database is up to date.")
    }
}
