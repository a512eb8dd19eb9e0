import Foundation
import Imaging
import SystemLibraries

/// Reads the QR code in a photo of a lotto ticket: PNG, JPEG or WebP bytes in, the texts of
/// the QR codes found out (`LottoTicket.decode(qr:)` then says whether one is a ticket).
///
/// ZBar and the image decoders are the system's libraries, opened at run time: the server
/// builds and runs without them, and `availability()` says what to install. Synchronous and
/// CPU-heavy (a fifth of a second for a 12-megapixel JPEG, more for a WebP), so callers run
/// it off the event loop; each call has its own decoder and scanner state, so calls may run
/// in parallel.
struct TicketPhotoReader: Sendable {
    /// The libraries to load; tests name missing ones to see the reader refuse.
    struct Libraries: Sendable, Hashable {
        var zbar = LibraryName(file: "libzbar.so.0", debianPackage: "libzbar0")
        var png = LibraryName(file: "libpng16.so.16", debianPackage: "libpng16-16")
        var jpeg = LibraryName(file: "libturbojpeg.so.0", debianPackage: "libturbojpeg0")
        var webp = LibraryName(file: "libwebp.so.7", debianPackage: "libwebp7")

        /// Debian 12's names (the runtime packages, not the -dev ones).
        static let debian = Libraries()
    }

    enum Availability: Sendable, Equatable {
        case ready
        /// The library files that could not be loaded, and the command that installs them.
        case missing(libraries: [String], install: String)
    }

    /// Uploads over this are refused before anything is decoded (the route checks too).
    static let maxBytes = 10 * 1024 * 1024

    private let scanner: QRScanner?
    private let decoder: ImageDecoder
    private let libraries: Libraries

    /// The reader with Debian's libraries, loaded once for the process.
    static let shared = TicketPhotoReader()

    /// Loads the libraries (dlopen maps each once per process; this only looks up symbols).
    init(libraries: Libraries = .debian) {
        self.libraries = libraries
        scanner = SystemLibrary.open(libraries.zbar).flatMap(QRScanner.init)
        decoder = ImageDecoder(png: libraries.png, jpeg: libraries.jpeg, webp: libraries.webp)
    }

    /// Whether every library loads; if not, which are missing and how to install them.
    static func availability(libraries: Libraries = .debian) -> Availability {
        libraries == .debian
            ? shared.availability : TicketPhotoReader(libraries: libraries).availability
    }

    var availability: Availability {
        let missing = missingLibraries
        guard !missing.isEmpty else { return .ready }
        return .missing(
            libraries: missing.map(\.file), install: PhotoProblem.installCommand(for: missing))
    }

    private var missingLibraries: [LibraryName] {
        var missing: [LibraryName] = scanner == nil ? [libraries.zbar] : []
        for format in [ImageFormat.png, .jpeg, .webp] {
            if let name = decoder.missingLibrary(for: format) { missing.append(name) }
        }
        return missing
    }

    /// The texts of the QR codes in the photo `data`, at least one, each once, in the order
    /// ZBar found them.
    func qrTexts(in data: Data) throws(PhotoProblem) -> [String] {
        guard data.count <= Self.maxBytes else { throw .tooLarge(bytes: data.count) }
        guard let format = ImageFormat(sniffing: data) else { throw .notAnImage(format: nil) }
        var missing: [LibraryName] = scanner == nil ? [libraries.zbar] : []
        if let decoderLibrary = decoder.missingLibrary(for: format) {
            missing.append(decoderLibrary)
        }
        guard let scanner, missing.isEmpty else { throw .unavailable(missing: missing) }

        let image = try decoder.decode(data, as: format)
        var texts: [String] = []
        for text in scanner.texts(in: image) where !texts.contains(text) {
            texts.append(text)
        }
        guard texts.isEmpty else { return texts }
        // Nothing found in a file the decoder called damaged: say so rather than blame the
        // framing.
        throw image.damaged ? .notAnImage(format: format) : .noQRCode
    }
}

/// Why a photo gave no QR text; each says what to do about it.
enum PhotoProblem: Error, Sendable, Equatable {
    /// Not a PNG, JPEG or WebP file (`format` nil), or one of those whose data is damaged
    /// or cut off.
    case notAnImage(format: ImageFormat?)
    case tooLarge(bytes: Int)
    case tooManyPixels(width: Int, height: Int)
    case noQRCode
    /// The server lacks a library this photo needs.
    case unavailable(missing: [LibraryName])

    var message: String {
        switch self {
        case .notAnImage(nil):
            "This file is not a photo: send a PNG, JPEG or WebP picture of the ticket."
        case .notAnImage(let format?):
            "This \(format.rawValue) image is damaged or cut off; take or send the photo again."
        case .tooLarge(let bytes):
            "The photo is \(Self.megabytes(bytes)); the largest accepted is "
                + "\(Self.megabytes(TicketPhotoReader.maxBytes)). Send a smaller photo."
        case .tooManyPixels(let width, let height):
            "The photo is \(width)×\(height) pixels; the largest accepted is "
                + "\(ImageDecoder.maxSide)×\(ImageDecoder.maxSide). Send a smaller photo."
        case .noQRCode:
            "No QR code was found in the photo. Take it again closer to the QR code printed on "
                + "the ticket, in focus and evenly lit, or type the numbers instead."
        case .unavailable(let missing):
            "This server cannot read photos: it lacks "
                + missing.map(\.file).joined(separator: ", ")
                + ". Its administrator can install them with: "
                + Self.installCommand(for: missing)
        }
    }

    static func installCommand(for libraries: [LibraryName]) -> String {
        var packages: [String] = []
        for library in libraries where !packages.contains(library.debianPackage) {
            packages.append(library.debianPackage)
        }
        return "apt-get install -y " + packages.joined(separator: " ")
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
