import ChildProcess
import Foundation
import SQLKit
import SQLiteNIO
import Vapor

extension MaeilInstance {
    /// SQLite: an online, consistent copy of the whole database into a new file
    /// (`VACUUM INTO`: one read transaction, so the server may keep running and
    /// writing; the copy is compact and needs no `-wal` beside it).
    ///
    /// PostgreSQL: `pg_dump`'s custom format (one snapshot, so also safe while the
    /// server runs), of Maeil's schema only, without owners or grants; without
    /// `pg_dump`, or when `portable`, Maeil's own `PortablePostgresBackup`.
    ///
    /// The copy is written under `PATH.partial` and takes its name only when it
    /// is whole: a backup stopped half-way (killed, the disk full) never leaves a
    /// file at the backup's name (`scripts/crash-test.sh` found one that did).
    public func backup(to path: String, settings: ServerSettings, portable: Bool = false)
        async throws
    {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw AppError.invalid("\(path) exists already: choose a new file", code: .invalidFile)
        }
        let staged = path + ".partial"
        // What a stopped backup of the same name left.
        for leftover in [staged, staged + "-journal"] {
            try? FileManager.default.removeItem(atPath: leftover)
        }
        do {
            // Made first, empty and private: the copy holds password hashes and
            // session digests (VACUUM INTO and pg_dump both write into an empty file).
            guard
                FileManager.default.createFile(
                    atPath: staged, contents: nil,
                    attributes: [.posixPermissions: Int(PrivateFiles.fileMode)])
            else {
                throw AppError.invalid("\(staged) cannot be written", code: .invalidFile)
            }
            try await write(to: staged, settings: settings, portable: portable)
            // On the disk before it takes the name, so a power cut cannot leave a
            // named backup whose bytes never arrived.
            if let file = FileHandle(forUpdatingAtPath: staged) {
                try file.synchronize()
                try file.close()
            }
            guard rename(staged, path) == 0 else {
                throw AppError.invalid(
                    "the backup could not be named \(path): \(String(cString: strerror(errno)))",
                    code: .invalidFile)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staged)
            throw error
        }
    }

    private func write(to path: String, settings: ServerSettings, portable: Bool) async throws {
        if settings.usesPostgres, portable || PostgresTools.path(of: "pg_dump") == nil {
            try await PortablePostgresBackup.write(app.db, to: path)
            return
        }
        if settings.usesPostgres, let url = settings.databaseURL {
            var arguments = [
                "--format=custom", "--no-owner", "--no-privileges", "--file=\(path)",
                "--dbname=\(url)",
            ]
            if let schema = settings.postgresSchema { arguments.append("--schema=\(schema)") }
            try await PostgresTools.run("pg_dump", arguments)
            return
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
        if settings.usesPostgres {
            try await restorePostgres(from: path, settings: settings, force: force)
            return
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

    /// PostgreSQL: a `pg_dump` archive (custom format) restored with `pg_restore` in one
    /// transaction — each object of the backup dropped and made again — so a failure
    /// leaves the database as it was; then migrated. A database with accounts is
    /// replaced only when `force` says so.
    private static func restorePostgres(from path: String, settings: ServerSettings, force: Bool)
        async throws
    {
        let data = try readFile(at: path)
        let portable = PortablePostgresBackup.isPortable(data)
        guard portable || data.starts(with: Data("PGDMP".utf8)) else {
            throw AppError.invalid(
                "\(path) is not a sound Maeil backup of PostgreSQL (not a pg_dump archive nor a portable backup)",
                code: .invalidFile)
        }
        guard let url = settings.databaseURL else { return }
        var unmigrated = settings
        unmigrated.autoMigrate = false
        let instance = try await open(settings: unmigrated)
        // No users table yet (an empty database): nothing to lose.
        let accounts = try? await instance.app.db.sql().raw("SELECT COUNT(*) AS n FROM users")
            .first()?.decode(column: "n", as: Int.self)
        try await instance.shutdown()
        if let accounts, accounts > 0, !force {
            throw AppError.invalid(
                "the database has \(accounts) account(s): add --force to replace it",
                code: .invalidFile)
        }
        if portable {
            let instance = try await open(settings: settings)
            do {
                try await PortablePostgresBackup.restore(data, into: instance.app.db)
                try await instance.migrate()
                try await instance.shutdown()
            } catch {
                try? await instance.shutdown()
                throw error
            }
            return
        }
        try await PostgresTools.run(
            "pg_restore",
            [
                "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
                "--exit-on-error", "--dbname=\(url)", path,
            ])
        let migrated = try await open(settings: settings)
        do {
            try await migrated.migrate()
            try await migrated.shutdown()
        } catch {
            try? await migrated.shutdown()
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

/// PostgreSQL's own client programs (Debian `postgresql-client`): on the PATH, else
/// the newest of `/usr/lib/postgresql/*/bin`.
enum PostgresTools {
    static func path(of name: String) -> String? {
        let versions =
            ((try? FileManager.default.contentsOfDirectory(
                atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { $0.compare($1, options: .numeric) == .orderedDescending }
            .map { "/usr/lib/postgresql/\($0)/bin" }
        return InstalledProgram.path(name, alsoIn: versions)
    }

    /// Runs the program to its end; a failure is an error with what it printed.
    static func run(_ name: String, _ arguments: [String]) async throws {
        guard let executable = path(of: name) else {
            throw AppError.invalid(
                "\(name) is not installed: apt-get install postgresql-client", code: .invalidFile)
        }
        let exit = try await ChildProcess(executable, arguments).run()
        guard exit.succeeded else {
            throw AppError.invalid(
                "\(name) failed: \(exit.errorText.trimmingCharacters(in: .whitespacesAndNewlines))",
                code: .invalidFile)
        }
    }
}
