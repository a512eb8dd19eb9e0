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
            try files.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: Int(directoryMode)])
        }
        if !files.fileExists(atPath: path) {
            guard
                files.createFile(
                    atPath: path, contents: nil, attributes: [.posixPermissions: Int(fileMode)])
            else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
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
}
