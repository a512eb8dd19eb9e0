import Foundation

/// The Anki packages real Anki made for this run (`scripts/anki-packages.sh`, which the
/// test command runs): A.apkg (collection.anki2), B.apkg (collection.anki21), C.apkg
/// (meta 2), D.apkg and D.colpkg (meta 3, zstd).
public enum AnkiPackages {
    public static let folder: URL? = ProcessInfo.processInfo.environment["MAEIL_ANKI_PACKAGES"]
        .map { URL(fileURLWithPath: $0) }

    /// Whether a test without the packages may pass by skipping: only outside CI.
    public static var mayBeMissing: Bool { ProcessInfo.processInfo.environment["CI"] == nil }

    public static func data(_ name: String) throws -> Data? {
        guard let folder else { return nil }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }
}
