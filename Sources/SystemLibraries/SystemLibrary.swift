#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shared library a feature needs (the photo reader's ZBar, the Anki reader's zstd),
/// and the Debian package that installs it (for the message that says what to install).
public struct LibraryName: Sendable, Hashable {
    /// What dlopen looks for: the file with its ABI version (libzbar.so.0), which the
    /// runtime package installs; the bare .so link only comes with the -dev package.
    public var file: String
    public var debianPackage: String

    public init(file: String, debianPackage: String) {
        self.file = file
        self.debianPackage = debianPackage
    }
}

/// A C library opened at run time with dlopen instead of linked, so that the server builds
/// and starts on a machine without it, and only the feature that needs it is missing.
public struct SystemLibrary: @unchecked Sendable {
    public let name: LibraryName
    private let handle: UnsafeMutableRawPointer

    /// Opens the library, nil when it is not installed. RTLD_NOW resolves every symbol now,
    /// so a broken install fails here rather than in the middle of a call. Never closed:
    /// the function pointers read from it live as long as the process.
    public static func open(_ name: LibraryName) -> SystemLibrary? {
        guard let handle = dlopen(name.file, RTLD_NOW | RTLD_LOCAL) else { return nil }
        return SystemLibrary(name: name, handle: handle)
    }

    /// The C function `symbol` as `T`, a `@convention(c)` function type that must match the
    /// C declaration exactly (nothing checks it: a wrong one corrupts memory); nil when the
    /// library has no such symbol (another version).
    public func function<T>(_ symbol: String, as type: T.Type) -> T? {
        guard MemoryLayout<T>.size == MemoryLayout<UnsafeMutableRawPointer>.size,
            let pointer = dlsym(handle, symbol)
        else { return nil }
        return unsafeBitCast(pointer, to: T.self)
    }
}
