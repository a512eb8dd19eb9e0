import ChildProcess
import Foundation

/// The Anki packages real Anki made for this run (`scripts/anki-packages.sh`, which the
/// test command runs): A.apkg (collection.anki2), B.apkg (collection.anki21), C.apkg
/// (meta 2), D.apkg and D.colpkg (meta 3, zstd).
public enum AnkiPackages {
    public static let folder: URL? = ProcessInfo.processInfo.environment["MAEIL_ANKI_PACKAGES"]
        .map { URL(fileURLWithPath: $0) }

    /// Whether a test without the packages may pass by skipping: only outside CI.
    public static var mayBeMissing: Bool { ProcessInfo.processInfo.environment["CI"] == nil }

    /// The Python of the virtual environment with current Anki (anki==26.9.3), which
    /// `scripts/anki/read_package.py` runs on to read Maeil's exports back.
    public static var ankiPython: String? {
        guard let folder,
            let path = try? String(
                contentsOf: folder.appendingPathComponent("anki-python"), encoding: .utf8)
        else { return nil }
        return path.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What real Anki makes of a package (`scripts/anki/read_package.py`), as JSON;
    /// nil when there is no Anki here.
    public static func readWithAnki(_ package: Data) throws -> [String: Any]? {
        guard let python = ankiPython else { return nil }
        let file = NSTemporaryDirectory() + "maeil-export-\(UUID().uuidString).apkg"
        try package.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/anki/read_package.py").standardized.path
        let exit = try ChildProcess(python, [script, file]).runBlocking()
        guard exit.succeeded else { throw AnkiReadFailure(message: exit.errorText) }
        let data = exit.output
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    public struct AnkiReadFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { "Anki could not read the package: \(message)" }
    }

    public static func data(_ name: String) throws -> Data? {
        guard let folder else { return nil }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }
}
