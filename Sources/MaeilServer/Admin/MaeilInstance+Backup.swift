import Foundation
import SQLKit
import SQLiteNIO
import Vapor

extension MaeilInstance {
    /// SQLite: an online, consistent copy of the whole database into a new file
    /// (`VACUUM INTO`: one read transaction, so the server may keep running and
    /// writing; the copy is compact and needs no `-wal` beside it).
    public func backup(to path: String, settings: ServerSettings) async throws {
        guard !settings.usesPostgres else {
            throw AppError.invalid(
                "backups of a PostgreSQL database are not built yet: use pg_dump",
                code: .invalidFile)
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw AppError.invalid("\(path) exists already: choose a new file", code: .invalidFile)
        }
        try await app.db.sql().raw("VACUUM INTO \(bind: path)").run()
    }

    /// SQLite: the database of `settings` replaced by the backup at `path`, after
    /// checking it (`PRAGMA integrity_check`, Maeil's migrations table). A database
    /// that has accounts is replaced only when `force` says so. Run it with the
    /// server stopped; the backup is brought up to this version's migrations after.
    public static func restore(from path: String, settings: ServerSettings, force: Bool)
        async throws
    {
        guard !settings.usesPostgres else {
            throw AppError.invalid(
                "restoring into PostgreSQL is not built yet: use pg_restore", code: .invalidFile)
        }
        _ = try readFile(at: path)
        guard try await check(path) else {
            throw AppError.invalid(
                "\(path) is not a sound Maeil backup (integrity check failed or no Maeil tables)",
                code: .invalidFile)
        }
        let target = settings.sqlitePath
        if FileManager.default.fileExists(atPath: target), !force {
            let accounts = try await accountCount(target)
            if accounts > 0 {
                throw AppError.invalid(
                    "the database at \(target) has \(accounts) account(s): add --force to replace it",
                    code: .invalidFile)
            }
        }
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        // The new file is written beside the old and put in its place in one rename.
        // The old write-ahead log is moved aside first (SQLite would replay it onto
        // the new file), and back if the rename fails, so nothing is ever half done.
        let files = FileManager.default
        let staged = target + ".restoring"
        try? files.removeItem(atPath: staged)
        try files.copyItem(atPath: path, toPath: staged)
        var aside: [(String, String)] = []
        for suffix in ["-wal", "-shm"] where files.fileExists(atPath: target + suffix) {
            try? files.removeItem(atPath: target + suffix + ".replaced")
            try files.moveItem(atPath: target + suffix, toPath: target + suffix + ".replaced")
            aside.append((target + suffix + ".replaced", target + suffix))
        }
        guard rename(staged, target) == 0 else {
            for (moved, original) in aside { try? files.moveItem(atPath: moved, toPath: original) }
            try? files.removeItem(atPath: staged)
            throw AppError.invalid("\(target) could not be replaced", code: .invalidFile)
        }
        for (moved, _) in aside { try? files.removeItem(atPath: moved) }
        let instance = try await open(settings: settings)
        do {
            try await instance.migrate()
            try await instance.shutdown()
        } catch {
            try? await instance.shutdown()
            throw error
        }
    }

    private static func check(_ path: String) async throws -> Bool {
        let integrity = try await firstValue("PRAGMA integrity_check", in: path)?.string
        let migrations = try await firstValue(
            "SELECT COUNT(*) AS n FROM _fluent_migrations", in: path)?.integer
        return integrity == "ok" && (migrations ?? 0) > 0
    }

    private static func accountCount(_ path: String) async throws -> Int {
        Int(try await firstValue("SELECT COUNT(*) AS n FROM users", in: path)?.integer ?? 0)
    }

    /// The first column of the first row `query` gives on the SQLite file at `path`,
    /// nil when it fails (not a database, no such table).
    private static func firstValue(_ query: String, in path: String) async throws -> SQLiteData? {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let row = try? await connection.query(query).first
        try? await connection.close()
        return row.flatMap { row in row.columns.first.map(\.data) }
    }
}
