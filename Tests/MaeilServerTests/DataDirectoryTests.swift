import Fluent
import Foundation
import Testing
import Vapor

@testable import MaeilServer

@Suite("The data directory")
struct DataDirectoryTests {
    func mode(_ path: String) throws -> Int {
        try #require(
            FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        ).intValue & 0o777
    }

    /// The database holds password hashes and session digests: only its owner reads it.
    @Test func theDatabaseIsPrivateToItsOwner() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        let settings = freshSettings()
        try await withMaeilApp(settings: settings, dropAfter: false) { app in
            _ = try await API.signUp(app, "private")
        }
        #expect(try mode(settings.dataDirectory) == 0o700)
        #expect(try mode(settings.sqlitePath) == 0o600)
        for suffix in ["-wal", "-shm"]
        where FileManager.default.fileExists(atPath: settings.sqlitePath + suffix) {
            #expect(try mode(settings.sqlitePath + suffix) == 0o600)
        }
        // A file an older Maeil left readable by others is tightened on start.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: settings.sqlitePath)
        try await withMaeilApp(settings: settings) { (app: Application) async throws in
            #expect(try mode(settings.sqlitePath) == 0o600)
            #expect(try await User.query(on: app.db).count() == 1)
        }
    }

    /// Every connection gets the page cache the settings ask for; none asked
    /// for keeps SQLite's default (2,000 KiB).
    @Test func connectionsGetThePageCacheAskedFor() async throws {
        guard TestDatabase.postgresURL == nil else { return }
        #expect(
            ServerSettings.fromEnvironment(["MAEIL_SQLITE_CACHE_MB": "48"]).sqliteCacheMegabytes
                == 48)
        #expect(
            ServerSettings.fromEnvironment(["MAEIL_SQLITE_CACHE_MB": "0"]).sqliteCacheMegabytes
                == nil)
        for (asked, expected) in [(Int?.none, -2000), (8, -8192)] {
            var settings = freshSettings()
            settings.sqliteCacheMegabytes = asked
            try await withMaeilApp(settings: settings) { app in
                for loop in app.eventLoopGroup.makeIterator() {
                    let db = try #require(app.databases.database(logger: app.logger, on: loop))
                    let size = try await db.withConnection { connection in
                        try await connection.sql().raw("PRAGMA cache_size").first()?
                            .decode(column: "cache_size", as: Int.self)
                    }
                    #expect(size == expected)
                }
            }
        }
    }
}
