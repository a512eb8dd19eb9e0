import Foundation
import ZIPFoundation

/// An `.apkg` or `.colpkg` file opened: which of Anki's four layouts it is, its
/// collection (an SQLite database, unpacked and ready to open), and its media.
///
/// The collection is chosen by the `meta` entry (protobuf field 1: 2 →
/// `collection.anki21`, 3 → zstd-compressed `collection.anki21b`), else
/// `collection.anki21` when present, else `collection.anki2`: current exports also
/// carry a dummy `collection.anki2` whose only note asks to update Anki.
/// The zip is checked against `Limits` before and while it is unpacked.
public struct AnkiArchive: Sendable {
    public enum Layout: String, Sendable {
        /// Schema 11, Anki ≤ 2.1.49 without scheduling, genanki.
        case anki2 = "collection.anki2"
        /// Schema 11, Anki ≤ 2.1.49 with scheduling, or a current Anki's "older versions" export.
        case anki21 = "collection.anki21"
        /// Schema 18, zstd-compressed: a current Anki's default.
        case anki21b = "collection.anki21b"
    }

    /// What a package may unpack to; a zip bomb stops at the first limit it passes.
    public struct Limits: Sendable {
        /// Files in the zip.
        public var files = 100_000
        /// Bytes of everything unpacked together.
        public var totalBytes = 2 << 30
        /// How many times its packed size a file may unpack to; only checked for files
        /// over `ratioFloor` bytes (a small file of zeros compresses a lot, harmlessly).
        public var ratio = 200
        public var ratioFloor = 1 << 20

        public init() {}
    }

    public let layout: Layout
    /// The collection's SQLite bytes, unpacked, set to the rollback journal (a
    /// current Anki's file says WAL, which needs a writable `-wal` beside it).
    public let collection: Data
    /// Media files by the name the notes use (`apple.mp3`), each with the zip entry
    /// that holds it.
    public let mediaNames: [String]
    private let mediaEntries: [String: ZipReader.Entry]
    private let archive: ZipReader
    private let limits: Limits

    public init(_ data: Data, limits: Limits = Limits()) throws(AnkiPackageError) {
        let archive: ZipReader
        do {
            archive = try ZipReader(data, maxEntries: limits.files)
        } catch .tooManyEntries {
            throw .tooManyFiles(limit: limits.files)
        } catch .damaged(let why) {
            throw .damaged(why)
        } catch {
            throw .notAZip
        }
        var entries: [String: ZipReader.Entry] = [:]
        var declared = 0
        for entry in archive.entries {
            declared += entry.uncompressedSize
            if declared > limits.totalBytes { throw .tooLarge(limit: limits.totalBytes) }
            entries[entry.path] = entry
        }
        guard !entries.isEmpty else { throw .notAZip }
        self.archive = archive
        self.limits = limits
        var layout: Layout?
        if let meta = entries["meta"] {
            let bytes = try Self.read(meta, from: archive, limits: limits)
            if case .varint(let version)? = ProtobufReader.fields(bytes)?.first(where: {
                $0.number == 1
            })?.value {
                layout = version >= 3 ? .anki21b : version == 2 ? .anki21 : nil
            }
        }
        layout =
            layout.flatMap { entries[$0.rawValue] == nil ? nil : $0 }
            ?? [.anki21b, .anki21, .anki2].first { entries[$0.rawValue] != nil }
        guard let layout, let entry = entries[layout.rawValue] else { throw .noCollection }
        self.layout = layout
        var collection = try Self.read(entry, from: archive, limits: limits)
        if layout == .anki21b || Zstd.isFrame(collection) {
            collection = try Zstd.decompress(collection, limit: limits.totalBytes)
        }
        guard collection.count >= 100, collection.prefix(16) == Data("SQLite format 3\0".utf8)
        else { throw .damaged("\(layout.rawValue) is not an SQLite database") }
        // Header bytes 18 and 19: the write and read versions, 2 for WAL.
        collection[collection.startIndex + 18] = 1
        collection[collection.startIndex + 19] = 1
        self.collection = collection

        var media: [String: ZipReader.Entry] = [:]
        if let list = entries["media"] {
            var bytes = try Self.read(list, from: archive, limits: limits)
            if Zstd.isFrame(bytes) { bytes = try Zstd.decompress(bytes, limit: limits.totalBytes) }
            for name in try Self.mediaList(bytes) {
                if let entry = entries[name.entry] { media[try Self.safeName(name.name)] = entry }
            }
        }
        mediaEntries = media
        mediaNames = media.keys.sorted()
    }

    /// A media file's bytes (unpacked from zstd when a current Anki packed it), nil
    /// when the package has no file of that name.
    public func media(named name: String) throws(AnkiPackageError) -> Data? {
        guard let entry = mediaEntries[name.precomposedStringWithCanonicalMapping] else {
            return nil
        }
        let bytes = try Self.read(entry, from: archive, limits: limits)
        return Zstd.isFrame(bytes) ? try Zstd.decompress(bytes, limit: limits.totalBytes) : bytes
    }

    /// The names in the `media` entry with the zip entry of each: a legacy JSON object
    /// `{"0": "a.mp3"}`, or a current protobuf list whose n-th entry is zip entry "n".
    private static func mediaList(_ bytes: Data) throws(AnkiPackageError) -> [(
        name: String, entry: String
    )] {
        if bytes.first == UInt8(ascii: "{") {
            guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any]
            else { throw .damaged("its media list is not JSON") }
            return object.compactMap { key, value in
                (value as? String).map { (name: $0, entry: key) }
            }.sorted { $0.entry < $1.entry }
        }
        guard let fields = ProtobufReader.fields(bytes) else {
            throw .damaged("its media list cannot be read")
        }
        var list: [(name: String, entry: String)] = []
        for field in fields where field.number == 1 {
            guard case .bytes(let message) = field.value,
                let inner = ProtobufReader.fields(message),
                case .bytes(let name)? = inner.first(where: { $0.number == 1 })?.value,
                let text = String(data: name, encoding: .utf8)
            else { throw .damaged("its media list cannot be read") }
            list.append((name: text, entry: String(list.count)))
        }
        return list
    }

    /// A media name as stored: NFC, and never a path.
    static func safeName(_ name: String) throws(AnkiPackageError) -> String {
        let clean = name.precomposedStringWithCanonicalMapping
        guard !clean.isEmpty, !clean.contains("/"), !clean.contains("\\"), clean != ".",
            !clean.contains(".."), !clean.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { throw .unsafeMediaName(name) }
        return clean
    }

    /// One entry's bytes, counted as they come so that a lying size stops at the limit.
    private static func read(_ entry: ZipReader.Entry, from archive: ZipReader, limits: Limits)
        throws(AnkiPackageError) -> Data
    {
        let packed = max(entry.compressedSize, 1)
        let limit = min(
            limits.totalBytes,
            max(
                limits.ratioFloor, packed.multipliedReportingOverflow(by: limits.ratio).partialValue
            ))
        var data = Data()
        var exceeded: AnkiPackageError?
        do {
            try archive.extract(entry) { chunk in
                data.append(chunk)
                if data.count > limit {
                    exceeded =
                        data.count > limits.totalBytes
                        ? .tooLarge(limit: limits.totalBytes)
                        : .compressionRatio(limit: limits.ratio)
                    throw CancellationError()
                }
            }
        } catch .damaged(let why) {
            throw .damaged(why)
        } catch {
            throw exceeded ?? .damaged("\(entry.path) cannot be unpacked")
        }
        return data
    }
}

extension AnkiArchive {
    /// An `.apkg` of the legacy layout current Anki reads (and Anki ≥ 2.1.x before
    /// it): `meta` says version 2, the schema 11 `collection.anki21`, the media list
    /// as JSON (`{"0": "apple.mp3"}`) and each file under its number. The collection
    /// is deflated; media files, compressed already, are stored as they are.
    public static func package(collection: Data, media: [(name: String, bytes: Data)])
        throws -> Data
    {
        let archive = try Archive(data: Data(), accessMode: .create)
        func add(_ name: String, _ bytes: Data, compressed: Bool) throws {
            try archive.addFile(name, bytes, deflated: compressed)
        }
        try add("meta", Data([0x08, 0x02]), compressed: false)
        try add("collection.anki21", collection, compressed: true)
        var names: [String: String] = [:]
        for (index, file) in media.enumerated() {
            names[String(index)] = try safeName(file.name)
            try add(String(index), file.bytes, compressed: false)
        }
        try add(
            "media", try JSONSerialization.data(withJSONObject: names, options: [.sortedKeys]),
            compressed: true)
        guard let data = archive.data else { throw AnkiPackageError.notAZip }
        return data
    }
}

extension Archive {
    /// Adds `bytes` as the file `path` of an archive being written, deflated or
    /// stored as they are (media, compressed already).
    public func addFile(_ path: String, _ bytes: Data, deflated: Bool) throws {
        try addEntry(
            with: path, type: .file, uncompressedSize: Int64(bytes.count),
            compressionMethod: deflated ? .deflate : .none
        ) { position, size in
            bytes.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}
