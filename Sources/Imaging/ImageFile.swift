import Foundation

/// The image files the server takes, told apart by their first bytes (never by
/// the file name or the declared content type, which phones and browsers get wrong).
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"

    public init?(sniffing data: Data) {
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if data.starts(with: pngSignature) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if data.starts(with: Array("RIFF".utf8)),
            data.dropFirst(8).starts(with: Array("WEBP".utf8))
        {
            self = .webp
        } else {
            return nil
        }
    }

    /// `image/png`, `image/jpeg`, `image/webp`.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }
}

/// Why an image file was refused.
public enum ImageFileError: Error, Sendable, Equatable {
    /// Not a PNG, JPEG or WebP file.
    case notAnImage
    /// The file starts as `format` but its structure is broken or cut off.
    case damaged(ImageFormat, String)
}

/// An image file read down to its structure, without decoding its pixels: its
/// format and size from the header, and the same file without the metadata a
/// camera or an editor wrote into it (EXIF with its GPS position, XMP, IPTC,
/// comments, text chunks), which must not reach other users.
///
/// Every length the file states is checked against the bytes there are, and a
/// PNG chunk against its CRC, so a damaged or cut-off file is refused rather
/// than stored.
public struct ImageFile: Sendable, Equatable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// The file as it will be stored: only what drawing the image needs.
    public var stripped: Data
    /// The EXIF orientation (1–8) the original asked for; a JPEG keeps it
    /// (alone) so that a phone's portrait photo still stands upright.
    public var orientation: Int

    public init(_ data: Data) throws(ImageFileError) {
        guard let format = ImageFormat(sniffing: data) else { throw .notAnImage }
        self.format = format
        let bytes = [UInt8](data)
        switch format {
        case .png: (width, height, stripped, orientation) = try Self.png(bytes)
        case .jpeg: (width, height, stripped, orientation) = try Self.jpeg(bytes)
        case .webp: (width, height, stripped, orientation) = try Self.webp(bytes)
        }
        guard width > 0, height > 0 else { throw .damaged(format, "an empty image") }
    }

    // MARK: PNG

    /// Chunks kept: the image and how to show its colours. Dropped: `eXIf`,
    /// the text chunks (`tEXt`, `zTXt`, `iTXt`), `tIME` and anything else.
    static let pngKept: Set<String> = [
        "IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT",
    ]

    static func png(_ bytes: [UInt8]) throws(ImageFileError) -> (Int, Int, Data, Int) {
        var out = Data(bytes[0..<8])
        var offset = 8
        var size: (Int, Int)?
        var sawData = false
        var orientation = 1
        while true {
            guard offset + 12 <= bytes.count else { throw .damaged(.png, "cut off before IEND") }
            let length = Int(Bytes.bigEndian32(bytes, offset))
            let end = offset + 12 + length
            guard length < Int(Int32.max), end <= bytes.count else {
                throw .damaged(.png, "a chunk runs past the end")
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let stored = Bytes.bigEndian32(bytes, end - 4)
            guard CRC32.checksum(bytes[(offset + 4)..<(end - 4)]) == stored else {
                throw .damaged(.png, "the \(type) chunk's checksum does not match")
            }
            if size == nil {
                guard type == "IHDR", length == 13 else {
                    throw .damaged(.png, "the header chunk is missing")
                }
                size = (
                    Int(Bytes.bigEndian32(bytes, offset + 8)),
                    Int(Bytes.bigEndian32(bytes, offset + 12))
                )
            }
            if type == "IDAT" { sawData = true }
            if type == "eXIf" {
                orientation =
                    EXIF.orientation(tiff: Array(bytes[(offset + 8)..<(end - 4)])) ?? 1
            }
            if pngKept.contains(type) { out.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if type == "IEND" { break }
        }
        guard let size, sawData else { throw .damaged(.png, "no image data") }
        return (size.0, size.1, out, orientation)
    }

    // MARK: JPEG

    static func jpeg(_ bytes: [UInt8]) throws(ImageFileError) -> (Int, Int, Data, Int) {
        var out = Data([0xFF, 0xD8])
        var offset = 2
        var size: (Int, Int)?
        var orientation = 1
        // Where the kept orientation goes: after the start, and after JFIF's APP0 if first.
        var exifAt = 2
        while true {
            // Markers may be padded with any number of 0xFF bytes.
            while offset < bytes.count, bytes[offset] == 0xFF,
                offset + 1 < bytes.count, bytes[offset + 1] == 0xFF
            {
                offset += 1
            }
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else {
                throw .damaged(.jpeg, "cut off or not a marker where one belongs")
            }
            let marker = bytes[offset + 1]
            let length = Int(Bytes.bigEndian16(bytes, offset + 2))
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else {
                throw .damaged(.jpeg, "a segment runs past the end")
            }
            let segment = bytes[offset..<end]
            switch marker {
            case 0xDA:  // Start of scan: the compressed data, copied as it is, to the end.
                guard let size else { throw .damaged(.jpeg, "no frame header before the data") }
                guard bytes.count >= end + 2, bytes[bytes.count - 2] == 0xFF,
                    bytes[bytes.count - 1] == 0xD9
                else { throw .damaged(.jpeg, "cut off: no end of image") }
                out.append(contentsOf: bytes[offset...])
                if orientation != 1 {
                    out.insert(contentsOf: EXIF.orientationSegment(orientation), at: exifAt)
                }
                return (size.0, size.1, out, orientation)
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker):
                // A frame header: precision, height, width.
                guard length >= 7 else { throw .damaged(.jpeg, "a short frame header") }
                size = (
                    Int(Bytes.bigEndian16(bytes, offset + 7)),
                    Int(Bytes.bigEndian16(bytes, offset + 5))
                )
                out.append(contentsOf: segment)
            case 0xE1:
                // EXIF (or XMP): only the orientation survives, written again on its own.
                let body = Array(bytes[(offset + 4)..<end])
                if body.starts(with: Array("Exif\0\0".utf8)) {
                    orientation = EXIF.orientation(tiff: Array(body.dropFirst(6))) ?? orientation
                }
            case 0xE0, 0xE2, 0xEE:
                // JFIF, the ICC colour profile and Adobe's colour transform: how to draw it.
                if marker == 0xE0, out.count == 2 { exifAt = 2 + segment.count }
                out.append(contentsOf: segment)
            case 0xE3...0xEF, 0xFE:
                break  // Other application data (IPTC, maker notes…) and comments.
            case 0xD8, 0xD9, 0xD0...0xD7, 0x01:
                throw .damaged(.jpeg, "a marker out of place")
            default:
                out.append(contentsOf: segment)  // Tables: quantization, Huffman, restart…
            }
            offset = end
        }
    }

    // MARK: WebP

    static func webp(_ bytes: [UInt8]) throws(ImageFileError) -> (Int, Int, Data, Int) {
        guard bytes.count >= 12 else { throw .damaged(.webp, "cut off") }
        let riffEnd = 8 + Int(Bytes.littleEndian32(bytes, 4))
        guard riffEnd <= bytes.count else { throw .damaged(.webp, "cut off") }
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        var offset = 12
        while offset + 8 <= riffEnd {
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let length = Int(Bytes.littleEndian32(bytes, offset + 4))
            let end = offset + 8 + length
            guard end <= riffEnd else {
                throw .damaged(.webp, "the \(type) chunk runs past the end")
            }
            chunks.append((type, bytes[(offset + 8)..<end]))
            offset = end + length % 2
        }
        guard let first = chunks.first else { throw .damaged(.webp, "no image chunk") }
        let size: (Int, Int)
        let data = Array(first.data)
        switch first.type {
        case "VP8 ":
            guard data.count >= 10, data[3] == 0x9D, data[4] == 0x01, data[5] == 0x2A else {
                throw .damaged(.webp, "a broken VP8 frame header")
            }
            size = (
                Int(Bytes.littleEndian16(data, 6) & 0x3FFF),
                Int(Bytes.littleEndian16(data, 8) & 0x3FFF)
            )
        case "VP8L":
            guard data.count >= 5, data[0] == 0x2F else {
                throw .damaged(.webp, "a broken VP8L header")
            }
            let bits = Bytes.littleEndian32(data, 1)
            size = (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard data.count >= 10 else { throw .damaged(.webp, "a short VP8X header") }
            size = (Bytes.littleEndian24(data, 4) + 1, Bytes.littleEndian24(data, 7) + 1)
            guard chunks.contains(where: { ["VP8 ", "VP8L", "ANMF"].contains($0.type) }) else {
                throw .damaged(.webp, "no image chunk")
            }
        default:
            throw .damaged(.webp, "starts with \(first.type), not an image chunk")
        }
        var body = Data("WEBP".utf8)
        for chunk in chunks where chunk.type != "EXIF" && chunk.type != "XMP " {
            var content = Array(chunk.data)
            // VP8X flags: no EXIF (bit 3), no XMP (bit 2) any more.
            if chunk.type == "VP8X" { content[0] &= ~0x0C }
            body.append(contentsOf: Array(chunk.type.utf8))
            body.append(contentsOf: Bytes.littleEndian32Bytes(UInt32(content.count)))
            body.append(contentsOf: content)
            if content.count % 2 == 1 { body.append(0) }
        }
        var out = Data("RIFF".utf8)
        out.append(contentsOf: Bytes.littleEndian32Bytes(UInt32(body.count)))
        out.append(body)
        return (size.0, size.1, out, 1)
    }
}

/// The one EXIF tag kept: the orientation (0x0112) of the first IFD.
enum EXIF {
    /// The orientation in a TIFF structure ("II*\0" or "MM\0*"), nil when absent or damaged.
    static func orientation(tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= tiff.count else { return nil }
            return Int(little ? Bytes.littleEndian16(tiff, at) : Bytes.bigEndian16(tiff, at))
        }
        func u32(_ at: Int) -> Int? {
            guard at + 4 <= tiff.count else { return nil }
            return Int(little ? Bytes.littleEndian32(tiff, at) : Bytes.bigEndian32(tiff, at))
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<min(count, 512) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8), (1...8).contains(value) { return value }
        }
        return nil
    }

    /// An APP1 segment holding only the orientation, big-endian.
    static func orientationSegment(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] =
            [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // header, IFD at 8
            + [0, 1]  // one entry
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]  // SHORT, count 1
            + [0, 0, 0, 0]  // no next IFD
        let body = Array("Exif\0\0".utf8) + tiff
        let length = body.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }
}

enum Bytes {
    static func bigEndian16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }
    static func bigEndian32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
    static func littleEndian16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }
    static func littleEndian24(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16
    }
    static func littleEndian32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
    static func littleEndian32Bytes(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
            UInt8(value >> 24),
        ]
    }
}

/// CRC-32 (ISO 3309, as PNG uses it).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
