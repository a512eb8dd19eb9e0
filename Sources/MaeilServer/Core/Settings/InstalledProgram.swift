import Foundation

/// Where a program is installed: the first folder of the PATH (then of `alsoIn`)
/// holding an executable of that name, nil when none does. Speech, IPA readings and
/// PostgreSQL's client tools are each found this way.
enum InstalledProgram {
    static func path(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        alsoIn extra: [String] = []
    ) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(
            String.init)
        return (folders + extra).map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
