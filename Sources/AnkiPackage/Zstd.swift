import Foundation
import SystemLibraries

/// zstd frames decompressed through the system's libzstd, opened at run time: current
/// Anki compresses its collection, media list and media files with zstd. Debian
/// installs libzstd1 everywhere (apt needs it), but the build never depends on it.
///
/// Checked against zstd 1.5.4 (Debian 12), zstd.h:
///
///     ZSTD_DStream *ZSTD_createDStream(void);
///     size_t ZSTD_freeDStream(ZSTD_DStream *zds);
///     size_t ZSTD_initDStream(ZSTD_DStream *zds);
///     size_t ZSTD_decompressStream(ZSTD_DStream *zds, ZSTD_outBuffer *output,
///                                  ZSTD_inBuffer *input);
///     unsigned ZSTD_isError(size_t code);
///     typedef struct { const void *src; size_t size; size_t pos; } ZSTD_inBuffer;
///     typedef struct { void *dst; size_t size; size_t pos; } ZSTD_outBuffer;
public enum Zstd {
    public static let library = LibraryName(file: "libzstd.so.1", debianPackage: "libzstd1")

    /// Whether `data` starts as a zstd frame does (28 B5 2F FD).
    public static func isFrame(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(4).elementsEqual([0x28, 0xB5, 0x2F, 0xFD])
    }

    /// The decompressed bytes of the frames in `data`, refused past `limit` bytes.
    public static func decompress(_ data: Data, limit: Int) throws(AnkiPackageError) -> Data {
        guard let zstd = functions else {
            throw .zstdMissing(debianPackage: library.debianPackage)
        }
        guard let stream = zstd.create() else { throw .damaged("zstd could not start") }
        defer { _ = zstd.free(stream) }
        _ = zstd.initialize(stream)
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 17)
        var failed = false
        var finished = false
        // ZSTD_inBuffer and ZSTD_outBuffer as three machine words: pointer, size, position.
        let input = UnsafeMutablePointer<UInt>.allocate(capacity: 3)
        let out = UnsafeMutablePointer<UInt>.allocate(capacity: 3)
        defer {
            input.deallocate()
            out.deallocate()
        }
        data.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            input[0] = UInt(bitPattern: source.baseAddress)
            input[1] = UInt(source.count)
            input[2] = 0
            while !failed {
                var result = 0
                chunk.withUnsafeMutableBytes { target in
                    out[0] = UInt(bitPattern: target.baseAddress)
                    out[1] = UInt(target.count)
                    out[2] = 0
                    result = zstd.decompress(
                        stream, UnsafeMutableRawPointer(out), UnsafeMutableRawPointer(input))
                }
                let produced = Int(out[2])
                if zstd.isError(result) != 0 {
                    failed = true
                    break
                }
                output.append(contentsOf: chunk[..<produced])
                if output.count > limit { break }
                // Done when the input is used up and the decoder holds nothing more.
                if input[2] == input[1] && produced < chunk.count {
                    finished = result == 0
                    break
                }
            }
        }
        if output.count > limit { throw .tooLarge(limit: limit) }
        if failed || !finished { throw .damaged("a zstd-compressed part is corrupt or cut off") }
        return output
    }

    private struct Functions: @unchecked Sendable {
        let create: @convention(c) () -> OpaquePointer?
        let free: @convention(c) (OpaquePointer?) -> Int
        let initialize: @convention(c) (OpaquePointer?) -> Int
        let decompress:
            @convention(c) (OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutableRawPointer) ->
                Int
        let isError: @convention(c) (Int) -> UInt32
    }

    private static let functions: Functions? = {
        guard let lib = SystemLibrary.open(library),
            let create = lib.function(
                "ZSTD_createDStream", as: (@convention(c) () -> OpaquePointer?).self),
            let free = lib.function(
                "ZSTD_freeDStream", as: (@convention(c) (OpaquePointer?) -> Int).self),
            let initialize = lib.function(
                "ZSTD_initDStream", as: (@convention(c) (OpaquePointer?) -> Int).self),
            let decompress = lib.function(
                "ZSTD_decompressStream",
                as: (@convention(c) (
                    OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutableRawPointer
                ) -> Int).self),
            let isError = lib.function(
                "ZSTD_isError", as: (@convention(c) (Int) -> UInt32).self)
        else { return nil }
        return Functions(
            create: create, free: free, initialize: initialize, decompress: decompress,
            isError: isError)
    }()
}
