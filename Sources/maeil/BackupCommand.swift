import ArgumentParser
import MaeilServer

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the whole database into a new file, safely while the server runs.",
        discussion: """
            The copy is consistent (one read transaction) and a single file to keep elsewhere; \
            `maeil restore FILE` brings it back. SQLite: a compact copy of the database file. \
            PostgreSQL: pg_dump's custom format, or (without pg_dump, or with --portable) \
            Maeil's own JSON lines.
            """)

    @Argument(help: "The new file to write (it must not exist).")
    var file: String

    @Flag(
        help:
            "PostgreSQL: Maeil's own portable format instead of pg_dump's (used anyway when pg_dump is missing)."
    )
    var portable = false

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let settings = storage.settings()
        try await storage.withInstance {
            try await $0.backup(to: file, settings: settings, portable: portable)
        }
        print("Backed up to \(file).")
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the database with a backup made by `maeil backup`.",
        discussion: """
            Stop the server first. The backup is checked (SQLite: integrity and Maeil's tables; \
            PostgreSQL: a pg_dump archive, restored by pg_restore in one transaction) before \
            anything changes; a database that has accounts is replaced only with --force. The \
            restored database is brought up to this version's schema.
            """)

    @Argument(help: "The backup file.")
    var file: String

    @Flag(help: "Replace a database that has accounts.")
    var force = false

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        do {
            try await MaeilInstance.restore(from: file, settings: storage.settings(), force: force)
        } catch {
            throw CLIError(describeError(error))
        }
        print("Restored \(file).")
    }
}
