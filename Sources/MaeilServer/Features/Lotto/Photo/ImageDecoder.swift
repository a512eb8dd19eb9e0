import Foundation
import Imaging
import SystemLibraries

/// An image as 8-bit grey levels (luma), rows top to bottom with no padding: what ZBar
/// scans.
struct GreyImage: Sendable {
    var width: Int
    var height: Int
    var pixels: [UInt8]
    /// The decoder read the image but warned that data was missing or corrupt (a JPEG cut
    /// off in the middle): what it read is kept, since the QR code may be in that part.
    var damaged = false
}

/// Turns the bytes of a PNG, JPEG or WebP file into grey pixels with the system's own
/// decoders, loaded at run time. One decoder is missing when its library is.
struct ImageDecoder: Sendable {
    /// Larger than any phone camera's photo (4000×3000 and 4032×3024 fit): a bigger one is
    /// refused before its pixels are allocated (16 MB of grey, 64 MB of RGBA at most).
    static let maxSide = 4096

    /// The library each format needs, loaded or not.
    let names: [ImageFormat: LibraryName]
    private let png: PNGLibrary?
    private let jpeg: TurboJPEGLibrary?
    private let webp: WebPLibrary?

    init(png pngName: LibraryName, jpeg jpegName: LibraryName, webp webpName: LibraryName) {
        names = [.png: pngName, .jpeg: jpegName, .webp: webpName]
        png = SystemLibrary.open(pngName).flatMap(PNGLibrary.init)
        jpeg = SystemLibrary.open(jpegName).flatMap(TurboJPEGLibrary.init)
        webp = SystemLibrary.open(webpName).flatMap(WebPLibrary.init)
    }

    /// The library `format` needs when it is not loaded (not installed, or without the
    /// functions used here).
    func missingLibrary(for format: ImageFormat) -> LibraryName? {
        let loaded =
            switch format {
            case .png: png != nil
            case .jpeg: jpeg != nil
            case .webp: webp != nil
            }
        return loaded ? nil : names[format]
    }

    /// Decodes `data` in `format` (from `ImageFormat(sniffing:)`). Throws `unavailable` when
    /// that format's library is missing, `notAnImage` when the library refuses the header or
    /// fails to decode, `tooManyPixels` when a side is over `maxSide`.
    func decode(_ data: Data, as format: ImageFormat) throws(PhotoProblem) -> GreyImage {
        if let missing = missingLibrary(for: format) { throw .unavailable(missing: [missing]) }
        let result: Result<GreyImage, PhotoProblem> = data.withUnsafeBytes { bytes in
            Result { () throws(PhotoProblem) in
                if format == .png, let png { return try png.decode(bytes) }
                if format == .jpeg, let jpeg { return try jpeg.decode(bytes) }
                if format == .webp, let webp { return try webp.decode(bytes) }
                throw .unavailable(missing: names[format].map { [$0] } ?? [])
            }
        }
        return try result.get()
    }

    /// Refuses a size no decoder should allocate for.
    static func check(width: Int, height: Int, format: ImageFormat) throws(PhotoProblem) {
        guard width > 0, height > 0 else { throw .notAnImage(format: format) }
        guard width <= maxSide, height <= maxSide else {
            throw .tooManyPixels(width: width, height: height)
        }
    }
}

// MARK: - PNG

/// libpng's "simplified API" (libpng 1.6): one struct, three calls, and libpng itself
/// converts every colour type and bit depth to 8-bit grey and lays transparency on white.
///
/// Checked against libpng 1.6.39 (Debian 12, libpng-dev 1.6.39-2+deb12u4), png.h:
///
///     typedef struct {
///        png_controlp opaque;        // offset 0 (a pointer)
///        png_uint_32  version;       // 8: PNG_IMAGE_VERSION = 1
///        png_uint_32  width;         // 12
///        png_uint_32  height;        // 16
///        png_uint_32  format;        // 20: PNG_FORMAT_GRAY = 0
///        png_uint_32  flags;         // 24
///        png_uint_32  colormap_entries;  // 28
///        png_uint_32  warning_or_error;  // 32: & 3 > 1 means failed
///        char         message[64];   // 36
///     } png_image;                   // 104 bytes on 64-bit
///     int png_image_begin_read_from_memory(png_imagep, png_const_voidp, size_t);
///     int png_image_finish_read(png_imagep, png_const_colorp background, void *buffer,
///                               png_int_32 row_stride, void *colormap);
///     void png_image_free(png_imagep);
///
/// The struct is filled through byte offsets in a zeroed buffer rather than a Swift struct,
/// whose layout Swift does not promise to match C's.
struct PNGLibrary: Sendable {
    typealias BeginRead = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32
    typealias FinishRead =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafeRawPointer?, UnsafeMutableRawPointer, Int32,
            UnsafeMutableRawPointer?
        ) -> Int32
    typealias Free = @convention(c) (UnsafeMutableRawPointer) -> Void

    private enum Field {
        static let version = 8
        static let width = 12
        static let height = 16
        static let format = 20
        /// Rounded up generously: libpng only touches the 104 bytes above.
        static let structSize = 128
    }

    let name: LibraryName
    private let beginRead: BeginRead
    private let finishRead: FinishRead
    private let free: Free

    init?(_ library: SystemLibrary) {
        guard
            let beginRead = library.function(
                "png_image_begin_read_from_memory", as: BeginRead.self),
            let finishRead = library.function("png_image_finish_read", as: FinishRead.self),
            let free = library.function("png_image_free", as: Free.self)
        else { return nil }
        self.name = library.name
        self.beginRead = beginRead
        self.finishRead = finishRead
        self.free = free
    }

    func decode(_ input: UnsafeRawBufferPointer) throws(PhotoProblem) -> GreyImage {
        guard let base = input.baseAddress else { throw .notAnImage(format: .png) }
        let image = UnsafeMutableRawPointer.allocate(byteCount: Field.structSize, alignment: 16)
        image.initializeMemory(as: UInt8.self, repeating: 0, count: Field.structSize)
        defer { image.deallocate() }
        image.storeBytes(of: UInt32(1), toByteOffset: Field.version, as: UInt32.self)
        // Frees libpng's state whatever happens; harmless when it is already freed.
        defer { free(image) }

        guard beginRead(image, base, input.count) != 0 else { throw .notAnImage(format: .png) }
        let width = Int(image.load(fromByteOffset: Field.width, as: UInt32.self))
        let height = Int(image.load(fromByteOffset: Field.height, as: UInt32.self))
        try ImageDecoder.check(width: width, height: height, format: .png)
        image.storeBytes(of: UInt32(0), toByteOffset: Field.format, as: UInt32.self)

        // An sRGB colour (png_color: red, green, blue); grey output uses its green.
        let white: [UInt8] = [255, 255, 255]
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            guard let pixelBase = buffer.baseAddress else { return }
            ok = white.withUnsafeBytes { background in
                finishRead(image, background.baseAddress, pixelBase, Int32(width), nil) != 0
            }
            count = ok ? width * height : 0
        }
        guard ok else { throw .notAnImage(format: .png) }
        return GreyImage(width: width, height: height, pixels: pixels)
    }
}

// MARK: - JPEG

/// TurboJPEG's decompressor, which also turns colour into grey (it keeps the luma plane).
///
/// Checked against libjpeg-turbo 2.1.5 (Debian 12, libturbojpeg0-dev 1:2.1.5-2),
/// turbojpeg.h:
///
///     tjhandle tjInitDecompress(void);                       // tjhandle = void *
///     int tjDecompressHeader3(tjhandle, const unsigned char *jpegBuf,
///         unsigned long jpegSize, int *width, int *height, int *jpegSubsamp,
///         int *jpegColorspace);
///     int tjDecompress2(tjhandle, const unsigned char *jpegBuf, unsigned long jpegSize,
///         unsigned char *dstBuf, int width, int pitch, int height, int pixelFormat,
///         int flags);
///     int tjDestroy(tjhandle);
///     int tjGetErrorCode(tjhandle);   // TJERR_WARNING = 0, TJERR_FATAL = 1
///     TJPF_GRAY = 6, TJPF_CMYK = 11; TJCS_CMYK = 3, TJCS_YCCK = 4; TJFLAG_LIMITSCANS = 32768
struct TurboJPEGLibrary: Sendable {
    typealias InitDecompress = @convention(c) () -> UnsafeMutableRawPointer?
    typealias DecompressHeader =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafeRawPointer, UInt, UnsafeMutablePointer<Int32>,
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
            UnsafeMutablePointer<Int32>
        ) -> Int32
    typealias Decompress =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafeRawPointer, UInt, UnsafeMutableRawPointer, Int32,
            Int32, Int32, Int32, Int32
        ) -> Int32
    typealias Destroy = @convention(c) (UnsafeMutableRawPointer) -> Int32
    typealias ErrorCode = @convention(c) (UnsafeMutableRawPointer) -> Int32

    private static let pixelFormatGrey: Int32 = 6
    private static let pixelFormatCMYK: Int32 = 11
    /// Colour spaces libjpeg cannot turn into grey itself.
    private static let inkColorspaces: Set<Int32> = [3, 4]
    /// Refuses progressive JPEGs with more than 500 scans, a known way to make the decoder
    /// spin for minutes on a small file.
    private static let flagLimitScans: Int32 = 32768
    private static let errorWarning: Int32 = 0

    let name: LibraryName
    private let initDecompress: InitDecompress
    private let decompressHeader: DecompressHeader
    private let decompress: Decompress
    private let destroy: Destroy
    private let errorCode: ErrorCode

    init?(_ library: SystemLibrary) {
        guard let initDecompress = library.function("tjInitDecompress", as: InitDecompress.self),
            let decompressHeader = library.function(
                "tjDecompressHeader3", as: DecompressHeader.self),
            let decompress = library.function("tjDecompress2", as: Decompress.self),
            let destroy = library.function("tjDestroy", as: Destroy.self),
            let errorCode = library.function("tjGetErrorCode", as: ErrorCode.self)
        else { return nil }
        self.name = library.name
        self.initDecompress = initDecompress
        self.decompressHeader = decompressHeader
        self.decompress = decompress
        self.destroy = destroy
        self.errorCode = errorCode
    }

    func decode(_ input: UnsafeRawBufferPointer) throws(PhotoProblem) -> GreyImage {
        guard let base = input.baseAddress else { throw .notAnImage(format: .jpeg) }
        // A handle per call: a TurboJPEG handle is not for two threads at once.
        guard let handle = initDecompress() else { throw .notAnImage(format: .jpeg) }
        defer { _ = destroy(handle) }

        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        guard
            decompressHeader(
                handle, base, UInt(input.count), &width, &height, &subsampling, &colorspace)
                == 0
        else { throw .notAnImage(format: .jpeg) }
        try ImageDecoder.check(width: Int(width), height: Int(height), format: .jpeg)

        let cmyk = Self.inkColorspaces.contains(colorspace)
        let count = Int(width) * Int(height)
        // Filled first, so that rows a damaged file leaves out are plain grey.
        var pixels = [UInt8](repeating: 128, count: cmyk ? count * 4 : count)
        let status = pixels.withUnsafeMutableBytes { buffer -> Int32 in
            guard let pixelBase = buffer.baseAddress else { return -1 }
            return decompress(
                handle, base, UInt(input.count), pixelBase, width, cmyk ? width * 4 : width,
                height, cmyk ? Self.pixelFormatCMYK : Self.pixelFormatGrey, Self.flagLimitScans)
        }
        // On a warning (data cut off or corrupt) the rows read are kept: the QR code may be
        // among them.
        guard status == 0 || errorCode(handle) == Self.errorWarning else {
            throw .notAnImage(format: .jpeg)
        }
        if cmyk {
            pixels = Luma.grey(cmyk: pixels, inverted: Self.hasAdobeMarker(input))
        }
        return GreyImage(
            width: Int(width), height: Int(height), pixels: pixels, damaged: status != 0)
    }

    /// Whether the JPEG carries Adobe's APP14 marker, whose CMYK is stored inverted
    /// (255 = no ink), as Photoshop and ImageMagick write it; libjpeg passes it on as is.
    static func hasAdobeMarker(_ jpeg: UnsafeRawBufferPointer) -> Bool {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            // Start of scan: the headers are over.
            if marker == 0xDA { return false }
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if marker == 0xEE, length >= 7, offset + 9 <= jpeg.count,
                jpeg[(offset + 4)..<(offset + 9)].elementsEqual("Adobe".utf8)
            {
                return true
            }
            offset += 2 + length
        }
        return false
    }
}

// MARK: - WebP

/// libwebp's simple decoder, into an RGBA buffer this side allocates (so no WebPFree).
///
/// Checked against libwebp 1.2.4 (Debian 12, libwebp-dev 1.2.4-0.2+deb12u1, decoder ABI
/// 0x0209), webp/decode.h:
///
///     int WebPGetInfo(const uint8_t* data, size_t data_size, int* width, int* height);
///     uint8_t* WebPDecodeRGBAInto(const uint8_t* data, size_t data_size,
///         uint8_t* output_buffer, size_t output_buffer_size, int output_stride);
struct WebPLibrary: Sendable {
    typealias GetInfo =
        @convention(c) (
            UnsafeRawPointer, Int, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
        ) -> Int32
    typealias DecodeRGBAInto =
        @convention(c) (UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int, Int32) ->
        UnsafeMutableRawPointer?

    let name: LibraryName
    private let getInfo: GetInfo
    private let decodeRGBAInto: DecodeRGBAInto

    init?(_ library: SystemLibrary) {
        guard let getInfo = library.function("WebPGetInfo", as: GetInfo.self),
            let decodeRGBAInto = library.function("WebPDecodeRGBAInto", as: DecodeRGBAInto.self)
        else { return nil }
        self.name = library.name
        self.getInfo = getInfo
        self.decodeRGBAInto = decodeRGBAInto
    }

    func decode(_ input: UnsafeRawBufferPointer) throws(PhotoProblem) -> GreyImage {
        guard let base = input.baseAddress else { throw .notAnImage(format: .webp) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard getInfo(base, input.count, &width, &height) != 0 else {
            throw .notAnImage(format: .webp)
        }
        try ImageDecoder.check(width: Int(width), height: Int(height), format: .webp)

        let count = Int(width) * Int(height)
        var rgba = [UInt8](repeating: 0, count: count * 4)
        let decoded = rgba.withUnsafeMutableBytes { buffer -> Bool in
            guard let rgbaBase = buffer.baseAddress else { return false }
            return decodeRGBAInto(base, input.count, rgbaBase, buffer.count, width * 4) != nil
        }
        guard decoded else { throw .notAnImage(format: .webp) }
        return GreyImage(width: Int(width), height: Int(height), pixels: Luma.grey(rgba: rgba))
    }
}

/// Colour to grey as ZBar wants it.
enum Luma {
    /// CMYK to grey: the light each ink lets through, multiplied. `inverted`: stored as
    /// Adobe does, 255 for no ink.
    static func grey(cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        let count = cmyk.count / 4
        return [UInt8](unsafeUninitializedCapacity: count) { grey, initialized in
            cmyk.withUnsafeBufferPointer { source in
                func light(_ offset: Int) -> UInt32 {
                    let ink = UInt32(source[offset])
                    return inverted ? ink : 255 - ink
                }
                for index in 0..<count {
                    let cyanMagenta = light(4 * index) * light(4 * index + 1) / 255
                    let yellowBlack = light(4 * index + 2) * light(4 * index + 3) / 255
                    grey[index] = UInt8(cyanMagenta * yellowBlack / 255)
                }
            }
            initialized = count
        }
    }

    /// RGBA to luma (BT.601 weights in 8.8 fixed point, 77 + 150 + 29 = 256), laid on
    /// white where transparent, as a ticket's paper would be.
    static func grey(rgba: [UInt8]) -> [UInt8] {
        let count = rgba.count / 4
        return [UInt8](unsafeUninitializedCapacity: count) { grey, initialized in
            rgba.withUnsafeBufferPointer { source in
                for index in 0..<count {
                    let red = UInt32(source[4 * index])
                    let green = UInt32(source[4 * index + 1])
                    let blue = UInt32(source[4 * index + 2])
                    let alpha = UInt32(source[4 * index + 3])
                    let luma = (77 * red + 150 * green + 29 * blue + 128) >> 8
                    grey[index] = UInt8((luma * alpha + 255 * (255 - alpha) + 127) / 255)
                }
            }
            initialized = count
        }
    }
}
