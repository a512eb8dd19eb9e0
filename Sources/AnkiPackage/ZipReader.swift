import Foundation
import ZIPFoundation

/// A zip file read from memory, for uploads (Anki packages, account archives):
/// its entries from the central directory, each one's bytes unpacked only from
/// its own stretch of the file.
///
/// Not ZIPFoundation's `Archive` (0.9.20), which `scripts/fuzz.sh anki` caught
/// three times on crafted uploads: offsets past the end trapped and stopped the
/// server; a deflated entry that does not end before the file does made it read
/// nothing forever, a thread spinning for good; and a file without an end record
/// kept the whole upload in memory. Here every offset and length is checked
/// against the file, inflating (zlib, through ZIPFoundation's `Data.decompress`)
/// stops at the entry's last byte, and the checksum and size must match.
public struct ZipReader: Sendable {
    public struct Entry: Sendable, Equatable {
        public let path: String
        public let uncompressedSize: Int
        public let compressedSize: Int
        public var isDirectory: Bool { path.hasSuffix("/") }
        let method: UInt16
        let crc32: UInt32
        let localHeaderOffset: Int
    }

    /// Why a zip cannot be read.
    public enum Failure: Error, Equatable, Sendable {
        /// No end record: not a zip at all.
        case notAZip
        /// A zip whose structure or an entry's bytes do not hold together.
        case damaged(String)
        /// More entries than the reader was told to take.
        case tooManyEntries(limit: Int)
        /// The consumer stopped the unpacking (its own error is kept aside by it).
        case stopped
    }

    public let entries: [Entry]
    private let data: Data

    /// Reads the central directory; more than `maxEntries` entries are refused
    /// before any is read.
    public init(_ data: Data, maxEntries: Int = 100_000) throws(Failure) {
        let bytes = Bytes(data: data)
        guard let end = Self.endRecord(in: data) else { throw .notAZip }
        var count = bytes.uint16(end + 10)
        var directorySize = bytes.uint32(end + 12)
        var directoryOffset = bytes.uint32(end + 16)
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator just before the end record points at the larger one.
            let locator = end - 20
            guard locator >= 0, bytes.uint32(locator) == 0x0706_4B50,
                let record = bytes.int(bytes.uint64(locator + 8)), record + 56 <= locator,
                bytes.uint32(record) == 0x0606_4B50,
                let total = bytes.int(bytes.uint64(record + 32)),
                let size = bytes.int(bytes.uint64(record + 40)),
                let offset = bytes.int(bytes.uint64(record + 48))
            else { throw .damaged("its ZIP64 end record cannot be read") }
            (count, directorySize, directoryOffset) = (total, size, offset)
        }
        guard count <= maxEntries else { throw .tooManyEntries(limit: maxEntries) }
        guard directoryOffset + directorySize <= end else {
            throw .damaged("its central directory lies outside the file")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var at = directoryOffset
        for _ in 0..<count {
            guard at + 46 <= end, bytes.uint32(at) == 0x0201_4B50 else {
                throw .damaged("its central directory is cut short")
            }
            let nameLength = bytes.uint16(at + 28)
            let extraLength = bytes.uint16(at + 30)
            let commentLength = bytes.uint16(at + 32)
            let next = at + 46 + nameLength + extraLength + commentLength
            guard next <= end else { throw .damaged("its central directory is cut short") }
            var compressed = bytes.uint32(at + 20)
            var uncompressed = bytes.uint32(at + 24)
            var local = bytes.uint32(at + 42)
            // ZIP64 sizes and offset, in this order, for each field saturated above.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = bytes.uint16(extra)
                let size = bytes.uint16(extra + 2)
                var field = extra + 4
                if id == 0x0001 {
                    for keyPath in [\Self.Large.uncompressed, \.compressed, \.local] {
                        var large = Large(
                            uncompressed: uncompressed, compressed: compressed, local: local)
                        guard large[keyPath: keyPath] == 0xFFFF_FFFF else { continue }
                        guard field + 8 <= Swift.min(extra + 4 + size, extraEnd),
                            let value = bytes.int(bytes.uint64(field))
                        else { throw .damaged("its ZIP64 sizes cannot be read") }
                        large[keyPath: keyPath] = value
                        (uncompressed, compressed, local) = (
                            large.uncompressed, large.compressed, large.local
                        )
                        field += 8
                    }
                }
                extra += 4 + size
            }
            let name = data[data.startIndex + at + 46..<data.startIndex + at + 46 + nameLength]
            entries.append(
                Entry(
                    path: String(decoding: name, as: UTF8.self), uncompressedSize: uncompressed,
                    compressedSize: compressed, method: UInt16(bytes.uint16(at + 10)),
                    crc32: UInt32(bytes.uint32(at + 16)), localHeaderOffset: local))
            at = next
        }
        self.entries = entries
        self.data = data
    }

    private struct Large {
        var uncompressed: Int
        var compressed: Int
        var local: Int
    }

    /// Unpacks `entry`, handing its bytes to `consumer` a piece at a time (which
    /// may throw to stop; then `Failure.stopped` is thrown).
    public func extract(_ entry: Entry, consumer: (Data) throws -> Void) throws(Failure) {
        let bytes = Bytes(data: data)
        let header = entry.localHeaderOffset
        guard header + 30 <= data.count, bytes.uint32(header) == 0x0403_4B50 else {
            throw .damaged("\(entry.path) has no header where the directory says")
        }
        let start = header + 30 + bytes.uint16(header + 26) + bytes.uint16(header + 28)
        guard start + entry.compressedSize <= data.count else {
            throw .damaged("\(entry.path) runs past the end of the file")
        }
        let packed = data[
            data.startIndex + start..<data.startIndex + start + entry.compressedSize]
        var checksum: UInt32 = 0
        var total = 0
        var stopped = false
        func take(_ chunk: Data) throws {
            checksum = chunk.crc32(checksum: checksum)
            total += chunk.count
            do { try consumer(chunk) } catch {
                stopped = true
                throw error
            }
        }
        do {
            switch entry.method {
            case 0: try take(Data(packed))
            case 8:
                _ = try Data.decompress(
                    size: Int64(packed.count), bufferSize: 64 * 1024, skipCRC32: true,
                    provider: { position, size in
                        // The entry's bytes only: past its end the stream is cut
                        // short. The last piece is filled out with zeros to the
                        // size asked for (zlib is told that many bytes are there;
                        // zeros after a stream's end are never read, and in place
                        // of a missing end they are not a stream that goes on).
                        let from = packed.startIndex + Int(position)
                        guard from < packed.endIndex else { throw Failure.damaged("") }
                        var piece = Data(packed[from..<min(from + size, packed.endIndex)])
                        if piece.count < size { piece.append(Data(count: size - piece.count)) }
                        return piece
                    }, consumer: take)
            default: throw Failure.damaged("\(entry.path) is packed in a way Maeil cannot unpack")
            }
        } catch {
            if stopped { throw .stopped }
            if case Failure.damaged(let why)? = error as? Failure, !why.isEmpty {
                throw .damaged(why)
            }
            throw .damaged("\(entry.path) cannot be unpacked")
        }
        guard total == entry.uncompressedSize, checksum == entry.crc32 else {
            throw .damaged("\(entry.path) does not match its checksum")
        }
    }

    /// Where the end record starts, by ZIPFoundation's rule (the last signature at
    /// least 22 bytes from the end, its comment within the file), looked for only
    /// where a zip may have it: the last 22 bytes plus the longest comment.
    static func endRecord(in data: Data) -> Int? {
        let recordSize = 22
        guard data.count >= recordSize else { return nil }
        let bytes = Bytes(data: data)
        let last = data.count - recordSize
        let first = Swift.max(0, last - Int(UInt16.max))
        guard
            let record = stride(from: last, through: first, by: -1).first(where: {
                bytes.uint32($0) == 0x0605_4B50
            })
        else { return nil }
        return record + recordSize + bytes.uint16(record + 20) <= data.count ? record : nil
    }

    /// Little-endian numbers at offsets from the start of the data (offsets are
    /// checked by the callers).
    private struct Bytes {
        let data: Data

        func byte(_ offset: Int) -> Int { Int(data[data.startIndex + offset]) }
        func uint16(_ offset: Int) -> Int { byte(offset) | byte(offset + 1) << 8 }
        func uint32(_ offset: Int) -> Int { uint16(offset) | uint16(offset + 2) << 16 }
        func uint64(_ offset: Int) -> UInt64 {
            UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
        }
        /// A 64-bit size or offset as an Int, when it is one.
        func int(_ value: UInt64) -> Int? { value <= UInt64(Int32.max) * 4 ? Int(value) : nil }
    }
}
