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
}
