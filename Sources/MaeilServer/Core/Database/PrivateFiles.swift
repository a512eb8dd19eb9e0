import Foundation

/// The SQLite database holds password hashes and session digests: only its
/// owner may read it. A data directory Maeil makes is 0700; the database file
/// (and SQLite's `-wal` and `-shm`, which take the database's mode) are 0600,
/// made so before SQLite opens them and tightened if an older Maeil left them
/// readable by others.
enum PrivateFiles {
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    static func prepareDatabase(at path: String) throws {
        let files = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !files.fileExists(atPath: directory) {
            do {
                try files.createDirectory(
                    atPath: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: Int(directoryMode)])
            } catch {
                throw DataDirectoryError(
                    path: directory, problem: Self.reason(making: directory, error))
            }
        }
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw DataDirectoryError(path: path, problem: "it is a directory, not a database file")
        }
        // SQLite writes `-wal` and `-shm` beside the database: the directory
        // must take new files (a read-only file system refuses even root).
        if !directory.isEmpty, access(directory, W_OK) != 0 {
            throw DataDirectoryError(path: directory, problem: String(cString: strerror(errno)))
        }
        if !files.fileExists(atPath: path) {
            guard
                files.createFile(
                    atPath: path, contents: nil, attributes: [.posixPermissions: Int(fileMode)])
            else {
                throw DataDirectoryError(path: path, problem: "the file cannot be created")
            }
        } else if access(path, R_OK | W_OK) != 0 {
            throw DataDirectoryError(path: path, problem: String(cString: strerror(errno)))
        }
        for file in [path, path + "-wal", path + "-shm"] where files.fileExists(atPath: file) {
            let mode =
                (try files.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?
                .uint16Value ?? 0
            if mode & 0o077 != 0 {
                try files.setAttributes([.posixPermissions: Int(fileMode)], ofItemAtPath: file)
            }
        }
    }

    /// Why a directory could not be made, from the nearest part of its path
    /// that exists (Foundation's own error says only "error 512" on Linux).
    private static func reason(making path: String, _ error: any Error) -> String {
        let files = FileManager.default
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty, !files.fileExists(atPath: ancestor) {
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        if ancestor.isEmpty { ancestor = "." }
        var isDirectory: ObjCBool = false
        _ = files.fileExists(atPath: ancestor, isDirectory: &isDirectory)
        if !isDirectory.boolValue { return "\(ancestor) is a file, not a directory" }
        if access(ancestor, W_OK) != 0 { return "\(ancestor): \(String(cString: strerror(errno)))" }
        return error.localizedDescription
    }
}

/// The SQLite data directory or database file cannot be used: said once, at
/// start, with the path and the way out, instead of SQLite's bare "cantOpen".
struct DataDirectoryError: Error, CustomStringConvertible, LocalizedError {
    var path: String
    var problem: String

    var description: String {
        "Maeil cannot use \(path): \(problem). Give it a data directory this user can write "
            + "(--data-dir or MAEIL_DATA_DIR), or a database file with --database-url sqlite://PATH."
    }

    var errorDescription: String? { description }
}
