import Foundation

/// Where the bundled templates, static files and starter data live.
enum MaeilResources {
    /// `MAEIL_RESOURCES` overrides the bundle (useful when the binary is moved).
    static func directory() throws -> String {
        if let dir = ProcessInfo.processInfo.environment["MAEIL_RESOURCES"], !dir.isEmpty {
            return dir.hasSuffix("/") ? dir : dir + "/"
        }
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw ResourceError.missing
        }
        return url.path + "/"
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: try directory() + relativePath))
    }

    enum ResourceError: Error, CustomStringConvertible {
        case missing
        var description: String {
            "the Maeil resources bundle is missing; set MAEIL_RESOURCES to its Resources folder"
        }
    }
}
