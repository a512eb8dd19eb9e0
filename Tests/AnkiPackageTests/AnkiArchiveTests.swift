import Foundation
import MaeilTestSupport
import Testing
import ZIPFoundation

@testable import AnkiPackage

/// Packages made by real Anki in the test command (`scripts/anki-packages.sh`).
@Suite struct AnkiArchiveTests {
    static let layouts: [(String, AnkiArchive.Layout)] = [
        ("A.apkg", .anki2), ("B.apkg", .anki21), ("C.apkg", .anki21), ("D.apkg", .anki21b),
        ("D.colpkg", .anki21b),
    ]

    @Test(arguments: layouts)
    func everyLayoutOpensToItsCollectionAndMedia(file: String, layout: AnkiArchive.Layout) throws {
        guard let data = try AnkiPackages.data(file) else {
            #expect(AnkiPackages.mayBeMissing, "the test command makes the packages")
            return
        }
        let archive = try AnkiArchive(data)
        #expect(archive.layout == layout, "never the dummy collection.anki2 of a current export")
        #expect(archive.collection.prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(archive.collection[18] == 1 && archive.collection[19] == 1, "not WAL")
        #expect(archive.mediaNames == ["apple.png", "apple.wav"])
        let sound = try #require(try archive.media(named: "apple.wav"))
        #expect(sound.prefix(4) == Data("RIFF".utf8) && sound.count == 52)
        let image = try #require(try archive.media(named: "apple.png"))
        #expect(image.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(try archive.media(named: "missing.mp3") == nil)
    }

    @Test func notAZipAndAZipWithoutACollectionAreRefused() throws {
        #expect(throws: AnkiPackageError.notAZip) { try AnkiArchive(Data("hello".utf8)) }
        let zip = try Self.zip(["notes.txt": Data("hi".utf8)])
        #expect(throws: AnkiPackageError.noCollection) { try AnkiArchive(zip) }
    }

    /// A zip whose central directory points past the end of the file is
    /// refused; ZIPFoundation's in-memory archive trapped on this very zip
    /// ("Range requires lowerBound <= upperBound") and stopped the process.
    @Test func offsetsPastTheEndAreRefusedNotACrash() throws {
        var zip = try Self.zip(["collection.anki2": Data("SQLite format 3\0".utf8)])
        let end = zip.endIndex - 22
        for (n, byte) in [0xF0, 0xFF, 0xFF, 0x7F].enumerated() { zip[end + 16 + n] = UInt8(byte) }
        #expect(throws: AnkiPackageError.damaged("its central directory lies outside the file")) {
            try AnkiArchive(zip)
        }
        #expect(throws: AnkiPackageError.notAZip) { try AnkiArchive(Data(count: 3 << 20)) }
    }

    @Test func zipBombsStopAtTheLimitTheyPass() throws {
        let zeros = Data(count: 4 << 20)
        let bomb = try Self.zip(["collection.anki2": zeros])
        #expect(throws: AnkiPackageError.compressionRatio(limit: 200)) { try AnkiArchive(bomb) }
        var small = AnkiArchive.Limits()
        small.totalBytes = 1 << 20
        #expect(throws: AnkiPackageError.tooLarge(limit: 1 << 20)) {
            try AnkiArchive(bomb, limits: small)
        }
        var few = AnkiArchive.Limits()
        few.files = 2
        let many = try Self.zip(["a": Data(), "b": Data(), "c": Data()])
        #expect(throws: AnkiPackageError.tooManyFiles(limit: 2)) {
            try AnkiArchive(many, limits: few)
        }
    }

    @Test func aMediaNameWithAFolderIsRefused() throws {
        guard let real = try AnkiPackages.data("A.apkg") else {
            #expect(AnkiPackages.mayBeMissing)
            return
        }
        let collection = try AnkiArchive(real).collection
        for name in ["../evil.mp3", "sub/dir.png", "..", "a\\b.jpg"] {
            let media = try JSONSerialization.data(withJSONObject: ["0": name])
            let zip = try Self.zip([
                "collection.anki2": collection, "media": media, "0": Data("x".utf8),
            ])
            #expect(throws: AnkiPackageError.unsafeMediaName(name)) { try AnkiArchive(zip) }
        }
    }

    @Test func aCutOffZstdCollectionIsDamaged() throws {
        guard let real = try AnkiPackages.data("D.apkg") else {
            #expect(AnkiPackages.mayBeMissing)
            return
        }
        let source = try Archive(data: real, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in source {
            var bytes = Data()
            _ = try source.extract(entry) { bytes.append($0) }
            files[entry.path] =
                entry.path == "collection.anki21b" ? bytes.prefix(bytes.count / 2) : bytes
        }
        #expect(throws: AnkiPackageError.damaged("a zstd-compressed part is corrupt or cut off")) {
            try AnkiArchive(try Self.zip(files))
        }
    }

    /// A zip of these files, deflated.
    static func zip(_ files: [String: Data]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }
}
