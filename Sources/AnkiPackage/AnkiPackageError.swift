/// Why a file is not an Anki package Maeil can read. Each names what was wrong, in
/// words a user can act on; nothing is imported from a file that has one.
public enum AnkiPackageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a zip file at all (or a damaged one).
    case notAZip
    /// A zip without an Anki collection in it.
    case noCollection
    /// More files in the zip than `limit`.
    case tooManyFiles(limit: Int)
    /// More than `limit` bytes once unpacked (the whole package, or one file in it).
    case tooLarge(limit: Int)
    /// A file that unpacks to more than `limit` times its packed size (a zip bomb).
    case compressionRatio(limit: Int)
    /// A part that cannot be read: which one, and why.
    case damaged(String)
    /// A media file named with a folder or `..`.
    case unsafeMediaName(String)
    /// The package needs zstd (current Anki's layout) and the system has no libzstd.
    case zstdMissing(debianPackage: String)

    public var description: String {
        switch self {
        case .notAZip: "the file is not an Anki package (.apkg or .colpkg): it is not a zip file"
        case .noCollection:
            "the zip holds no Anki collection (collection.anki2, .anki21 or .anki21b)"
        case .tooManyFiles(let limit): "the package holds more than \(limit) files"
        case .tooLarge(let limit):
            "the package unpacks to more than \(limit / 1_048_576) MB"
        case .compressionRatio(let limit):
            "a file in the package unpacks to more than \(limit) times its packed size"
        case .damaged(let what): "the package is damaged: \(what)"
        case .unsafeMediaName(let name):
            "the package names a media file with a folder in it: \"\(name)\""
        case .zstdMissing(let package):
            "this package was made by a current Anki and needs zstd: install \(package)"
        }
    }
}
