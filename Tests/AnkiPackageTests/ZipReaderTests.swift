import Foundation
import Testing
import ZIPFoundation

@testable import AnkiPackage

/// The zip reader of uploads, on the damage `scripts/fuzz.sh anki` found in
/// ZIPFoundation's: every one is refused in its own words, at once.
@Suite("Reading zips from uploads")
struct ZipReaderTests {
    static let text = Data(String(repeating: "학교 school 学校 ", count: 400).utf8)

    static func unpacked(_ reader: ZipReader, _ path: String) throws -> Data {
        let entry = try #require(reader.entries.first { $0.path == path })
        var bytes = Data()
        try reader.extract(entry) { bytes.append($0) }
        return bytes
    }

    @Test func entriesStoredAndDeflatedComeOutWhole() throws {
        let zip = try AnkiArchiveTests.zip(["a.txt": Self.text, "empty": Data()])
        let reader = try ZipReader(zip)
        #expect(reader.entries.map(\.path) == ["a.txt", "empty"])
        #expect(try Self.unpacked(reader, "a.txt") == Self.text)
        #expect(try Self.unpacked(reader, "empty") == Data())
        // Inside a larger buffer (a slice), and with a comment after the end record.
        #expect(
            try Self.unpacked(ZipReader((Data(count: 5) + zip).dropFirst(5)), "a.txt") == Self.text)
        var commented = zip
        commented[commented.endIndex - 2] = 4
        commented.append(contentsOf: Array("note".utf8))
        #expect(try ZipReader(commented).entries.count == 2)
    }

    /// Junk, an end record cut short, or one whose comment runs past the end.
    @Test func withoutAWholeEndRecordItIsNotAZip() throws {
        let junk = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        #expect(throws: ZipReader.Failure.notAZip) { try ZipReader(junk) }
        let zip = try AnkiArchiveTests.zip(["a.txt": Self.text])
        #expect(throws: ZipReader.Failure.notAZip) { try ZipReader(zip.dropLast(3)) }
        var long = zip
        long[long.endIndex - 2] = 0xFF
        #expect(throws: ZipReader.Failure.notAZip) { try ZipReader(long) }
    }

    /// A deflated entry whose stream does not end within its bytes (the
    /// directory says it is shorter than it is): ZIPFoundation read on past the
    /// entry and then nothing, forever. Here it stops at the entry's end.
    @Test func aStreamThatDoesNotEndInItsEntryIsDamagedNotAHang() throws {
        var zip = try AnkiArchiveTests.zip(["a.txt": Self.text])
        let reader = try ZipReader(zip)
        let entry = try #require(reader.entries.first)
        #expect(entry.compressedSize > 20)
        // The central directory's compressed size, halved.
        let directory = zip.count - 22 - (46 + "a.txt".utf8.count)
        let half = entry.compressedSize / 2
        zip[directory + 20] = UInt8(half & 0xFF)
        zip[directory + 21] = UInt8(half >> 8)
        let cut = try ZipReader(zip)
        #expect(throws: ZipReader.Failure.damaged("a.txt cannot be unpacked")) {
            try cut.extract(try #require(cut.entries.first)) { _ in }
        }
    }

    @Test func aWrongChecksumOrSizeIsDamaged() throws {
        var zip = try AnkiArchiveTests.zip(["a.txt": Self.text])
        let directory = zip.count - 22 - (46 + "a.txt".utf8.count)
        zip[directory + 16] ^= 0xFF
        let reader = try ZipReader(zip)
        #expect(throws: ZipReader.Failure.damaged("a.txt does not match its checksum")) {
            try reader.extract(try #require(reader.entries.first)) { _ in }
        }
    }

    @Test func theConsumerMayStopTheUnpacking() throws {
        let reader = try ZipReader(try AnkiArchiveTests.zip(["a.txt": Self.text]))
        #expect(throws: ZipReader.Failure.stopped) {
            try reader.extract(try #require(reader.entries.first)) { _ in throw CancellationError()
            }
        }
    }

    /// The ZIP64 end record, which a zip of more than 65,535 entries (a large
    /// Anki media folder) must use: its count and directory are read from it,
    /// and a limit refuses too many entries before any is read.
    @Test func zip64DirectoriesAreReadAndLimited() throws {
        let zip = try AnkiArchiveTests.zip(["a.txt": Self.text])
        let end = zip.count - 22
        func number(_ offset: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(0) { $0 | UInt64(zip[offset + $1]) << (8 * $1) }
        }
        func bytes(_ value: UInt64, _ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let count = number(end + 10, 2)
        let directorySize = number(end + 12, 4)
        let directoryOffset = number(end + 16, 4)
        var zip64 = Data(zip[..<end])
        zip64 += bytes(0x0606_4B50, 4) + bytes(44, 8) + bytes(45, 2) + bytes(45, 2)
        zip64 += bytes(0, 4) + bytes(0, 4) + bytes(count, 8) + bytes(count, 8)
        zip64 += bytes(directorySize, 8) + bytes(directoryOffset, 8)
        zip64 += bytes(0x0706_4B50, 4) + bytes(0, 4) + bytes(UInt64(end), 8) + bytes(1, 4)
        zip64 += bytes(0x0605_4B50, 4) + bytes(0, 4) + bytes(0xFFFF, 2) + bytes(0xFFFF, 2)
        zip64 += bytes(0xFFFF_FFFF, 4) + bytes(0xFFFF_FFFF, 4) + bytes(0, 2)
        let reader = try ZipReader(zip64)
        #expect(reader.entries.map(\.path) == ["a.txt"])
        #expect(try Self.unpacked(reader, "a.txt") == Self.text)
        #expect(throws: ZipReader.Failure.tooManyEntries(limit: 0)) {
            try ZipReader(zip64, maxEntries: 0)
        }
    }
}
