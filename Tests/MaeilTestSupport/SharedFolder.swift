import Foundation

/// Where the shared reference files are (vectors, tools): `MAEIL_SHARED`, else
/// `../shared` beside the checkout.
public enum SharedFolder {
    /// The package root: Tests/MaeilTestSupport/SharedFolder.swift → ../../..
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    public static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["MAEIL_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        return packageRoot.appendingPathComponent("../shared").standardizedFileURL
    }()

    public static func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }
}
