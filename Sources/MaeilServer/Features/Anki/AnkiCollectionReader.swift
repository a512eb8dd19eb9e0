import AnkiPackage
import Foundation
import SQLiteNIO

/// Reads an unpacked Anki collection (an SQLite file of either schema) into
/// `AnkiCollection`: schema 11 keeps note types, decks and settings as JSON in
/// `col`; schema 18 keeps them in tables, with protobuf configs and deck names whose
/// levels are split by U+001F. Note types are read through `notetypes`, so orphan
/// `fields` rows of deleted stock types never count.
enum AnkiCollectionReader {
    static func read(_ bytes: Data) async throws -> AnkiCollection {
        let path = NSTemporaryDirectory() + "maeil-anki-\(UUID().uuidString).sqlite"
        guard FileManager.default.createFile(atPath: path, contents: bytes) else {
            throw AppError.invalid("the Anki collection could not be unpacked", code: .invalidFile)
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection: SQLiteConnection
        do {
            try await dropUnicase(path)
            connection = try await SQLiteConnection.open(storage: .file(path: path))
        } catch {
            throw AppError.invalid(
                "the package is damaged: its collection cannot be read", code: .invalidFile)
        }
        do {
            let collection = try await read(on: connection)
            try await connection.close()
            return collection
        } catch {
            try? await connection.close()
            if error is AppError { throw error }
            throw AppError.invalid(
                "the package is damaged: its collection cannot be read", code: .invalidFile)
        }
    }

    /// Schema 18 sorts names with Anki's own collation, `unicase`, which this SQLite
    /// lacks: it refuses to read those tables at all ("no such collation sequence",
    /// "no query solution"). In this throwaway copy the schema says NOCASE instead;
    /// the rows are only read in full, never looked up by those indexes.
    private static func dropUnicase(_ path: String) async throws {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        do {
            let uses = try await connection.query(
                "SELECT COUNT(*) AS n FROM sqlite_master WHERE sql LIKE '%COLLATE unicase%'")
            if uses.first?.column("n")?.integer ?? 0 > 0 {
                _ = try await connection.query("PRAGMA writable_schema = ON")
                _ = try await connection.query(
                    """
                    UPDATE sqlite_master SET sql = replace(sql, 'COLLATE unicase', 'COLLATE NOCASE')
                    WHERE sql LIKE '%COLLATE unicase%'
                    """)
            }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func read(on db: SQLiteConnection) async throws -> AnkiCollection {
        let tables = Set(
            try await db.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                $0.column("name")?.string
            })
        guard tables.isSuperset(of: ["col", "notes", "cards"]) else {
            throw AppError.invalid(
                "the package's database is not an Anki collection", code: .invalidFile)
        }
        let col = try await db.query("SELECT * FROM col LIMIT 1").first
        let creation = Date(
            timeIntervalSince1970: TimeInterval(col?.column("crt")?.integer ?? 0))
        let modern = tables.contains("notetypes")
        var collection = AnkiCollection(
            schedulerVersion: 2, creation: creation, noteTypes: [:], decks: [:], notes: [],
            cards: [], reviews: [])
        if modern {
            try await readTables(on: db, into: &collection, hasConfig: tables.contains("config"))
        } else {
            readJSON(col, into: &collection)
        }
        collection.notes = try await db.query("SELECT id, mid, tags, flds FROM notes ORDER BY id")
            .map { row in
                AnkiNote(
                    id: Int64(row.column("id")?.integer ?? 0),
                    typeID: Int64(row.column("mid")?.integer ?? 0),
                    tags: (row.column("tags")?.string ?? "").split(whereSeparator: \.isWhitespace)
                        .map(String.init),
                    fields: (row.column("flds")?.string ?? "").split(
                        separator: "\u{1F}", omittingEmptySubsequences: false
                    ).map(String.init))
            }
        collection.cards = try await db.query(
            "SELECT id, nid, did, odid, ord, queue, data FROM cards ORDER BY nid, ord"
        ).map { row in
            let memory =
                (row.column("data")?.string).flatMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                } ?? [:]
            return AnkiCard(
                id: Int64(row.column("id")?.integer ?? 0),
                noteID: Int64(row.column("nid")?.integer ?? 0),
                deckID: Int64(row.column("did")?.integer ?? 0),
                homeDeckID: Int64(row.column("odid")?.integer ?? 0),
                ordinal: Int(row.column("ord")?.integer ?? 0),
                queue: Int(row.column("queue")?.integer ?? 0),
                ankiStability: memory["s"] as? Double, ankiDifficulty: memory["d"] as? Double)
        }
        if tables.contains("revlog") {
            collection.reviews = try await db.query(
                "SELECT id, cid, ease, type, factor, time FROM revlog ORDER BY id"
            ).map { row in
                AnkiReview(
                    time: Date(
                        timeIntervalSince1970: TimeInterval(row.column("id")?.integer ?? 0) / 1000),
                    cardID: Int64(row.column("cid")?.integer ?? 0),
                    ease: Int(row.column("ease")?.integer ?? 0),
                    kind: Int(row.column("type")?.integer ?? 0),
                    factor: Int(row.column("factor")?.integer ?? 0),
                    duration: Int(row.column("time")?.integer ?? 0))
            }
        }
        return collection
    }

    /// Schema 11: `col.models`, `col.decks` and `col.conf` as JSON.
    private static func readJSON(_ col: SQLiteRow?, into collection: inout AnkiCollection) {
        func object(_ column: String) -> [String: Any] {
            guard let text = col?.column(column)?.string,
                let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
                    as? [String: Any]
            else { return [:] }
            return object
        }
        for (key, value) in object("models") {
            guard let model = value as? [String: Any], let id = Int64(key) else { continue }
            func ordered(_ name: String, _ keys: String...) -> [String] {
                ((model[name] as? [[String: Any]]) ?? [])
                    .sorted { ($0["ord"] as? Int ?? 0) < ($1["ord"] as? Int ?? 0) }
                    .map { item in keys.map { item[$0] as? String ?? "" }.joined(separator: "\n") }
            }
            collection.noteTypes[id] = AnkiNoteType(
                id: id, name: model["name"] as? String ?? "", isCloze: model["type"] as? Int == 1,
                fields: ordered("flds", "name"), templates: ordered("tmpls", "qfmt", "afmt"))
        }
        for (key, value) in object("decks") {
            guard let deck = value as? [String: Any], let id = Int64(key) else { continue }
            collection.decks[id] = AnkiDeck(
                id: id,
                path: (deck["name"] as? String ?? "").components(separatedBy: "::"),
                isFiltered: deck["dyn"] as? Int == 1)
        }
        collection.schedulerVersion = object("conf")["schedVer"] as? Int ?? 1
    }

    /// Schema 18: `notetypes`, `fields`, `templates`, `decks` and `config` tables.
    private static func readTables(
        on db: SQLiteConnection, into collection: inout AnkiCollection, hasConfig: Bool
    ) async throws {
        var fields: [Int64: [String]] = [:]
        for row in try await db.query(
            "SELECT f.ntid, f.name FROM fields f JOIN notetypes n ON n.id = f.ntid ORDER BY f.ntid, f.ord"
        ) {
            fields[Int64(row.column("ntid")?.integer ?? 0), default: []].append(
                row.column("name")?.string ?? "")
        }
        var templates: [Int64: [String]] = [:]
        for row in try await db.query(
            "SELECT t.ntid, t.config FROM templates t JOIN notetypes n ON n.id = t.ntid ORDER BY t.ntid, t.ord"
        ) {
            templates[Int64(row.column("ntid")?.integer ?? 0), default: []].append(
                [1, 2].map { protobufString(row.column("config"), field: $0) ?? "" }.joined(
                    separator: "\n"))
        }
        for row in try await db.query("SELECT id, name, config FROM notetypes") {
            let id = Int64(row.column("id")?.integer ?? 0)
            // Notetype.Config field 1: the kind, 1 for cloze (0, normal, is not written).
            let kind = protobufVarint(row.column("config"), field: 1) ?? 0
            collection.noteTypes[id] = AnkiNoteType(
                id: id, name: row.column("name")?.string ?? "", isCloze: kind == 1,
                fields: fields[id] ?? [], templates: templates[id] ?? [])
        }
        for row in try await db.query("SELECT id, name, kind FROM decks") {
            let id = Int64(row.column("id")?.integer ?? 0)
            // Deck.kind: field 1 a normal deck, field 2 a filtered one.
            let filtered =
                blob(row.column("kind")).flatMap(ProtobufFields.numbers)?.contains(2) ?? false
            collection.decks[id] = AnkiDeck(
                id: id,
                path: (row.column("name")?.string ?? "").components(separatedBy: "\u{1F}"),
                isFiltered: filtered)
        }
        if hasConfig,
            let value = try await db.query("SELECT val FROM config WHERE KEY = 'schedVer'").first,
            let data = blob(value.column("val")),
            let version = Int(String(decoding: data, as: UTF8.self))
        {
            collection.schedulerVersion = version
        } else {
            // Schema 18 came after the v1 scheduler could still be chosen.
            collection.schedulerVersion = 2
        }
    }

    private static func blob(_ value: SQLiteData?) -> Data? {
        switch value {
        case .blob(let buffer): Data(buffer.readableBytesView)
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }

    private static func protobufString(_ value: SQLiteData?, field: Int) -> String? {
        blob(value).flatMap { ProtobufFields.string($0, field: field) }
    }

    private static func protobufVarint(_ value: SQLiteData?, field: Int) -> UInt64? {
        blob(value).flatMap { ProtobufFields.varint($0, field: field) }
    }
}
