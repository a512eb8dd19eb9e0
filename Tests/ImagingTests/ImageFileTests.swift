import Foundation
import MaeilTestSupport
import Testing

@testable import Imaging

/// Image files made by `scripts/data/make-image-fixtures.py` (Pillow), carrying the
/// metadata a phone writes: EXIF with GPS and an orientation, XMP, text chunks, comments.
@Suite struct ImageFileTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: SharedFolder.packageRoot.appendingPathComponent(
                "Tests/ImagingTests/Fixtures/\(name)"))
    }

    static let secret = Data("secret".utf8)

    @Test(arguments: [
        ("photo.png", ImageFormat.png, 40, 30), ("photo.jpg", .jpeg, 48, 32),
        ("progressive.jpg", .jpeg, 36, 24), ("photo.webp", .webp, 44, 28),
        ("lossless.webp", .webp, 20, 20), ("lossy.webp", .webp, 32, 16),
    ])
    func formatAndSizeFromTheHeader(name: String, format: ImageFormat, width: Int, height: Int)
        throws
    {
        let original = try Self.fixture(name)
        let image = try ImageFile(original)
        #expect(image.format == format && image.width == width && image.height == height)
        #expect(ImageFormat(sniffing: image.stripped) == format)
        #expect(image.stripped.count <= original.count + 40)
        // Stripping what is stripped changes nothing.
        let again = try ImageFile(image.stripped)
        #expect(again.stripped == image.stripped && again.width == width)
    }

    @Test(arguments: ["photo.png", "photo.jpg", "progressive.jpg", "photo.webp"])
    func metadataIsGone(name: String) throws {
        let original = try Self.fixture(name)
        #expect(original.range(of: Self.secret) != nil, "the fixture carries the secret")
        #expect(original.range(of: Data("MaeilPhone".utf8)) != nil)
        let stripped = try ImageFile(original).stripped
        #expect(stripped.range(of: Self.secret) == nil)
        #expect(stripped.range(of: Data("MaeilPhone".utf8)) == nil)
        #expect(stripped.range(of: Data("xmpmeta".utf8)) == nil)
    }

    @Test func aJPEGKeepsItsOrientationAlone() throws {
        let image = try ImageFile(try Self.fixture("photo.jpg"))
        #expect(image.orientation == 6)
        let exif = try #require(image.stripped.range(of: Data("Exif\0\0".utf8)))
        #expect(exif.lowerBound < 40, "right after the start (and JFIF)")
        #expect(try ImageFile(image.stripped).orientation == 6)
        #expect(try ImageFile(try Self.fixture("progressive.jpg")).orientation == 1)
    }

    @Test(arguments: ["photo.png", "photo.jpg", "photo.webp", "lossless.webp"])
    func aCutOffFileIsDamaged(name: String) throws {
        let original = try Self.fixture(name)
        for length in [12, original.count / 2, original.count - 1] {
            #expect(throws: ImageFileError.self, "\(name) cut at \(length)") {
                try ImageFile(original.prefix(length))
            }
        }
    }

    @Test func aFlippedBitInAPNGFailsItsChecksum() throws {
        var data = try Self.fixture("photo.png")
        let idat = try #require(data.range(of: Data("IDAT".utf8)))
        data[idat.upperBound + 3] ^= 0x10
        #expect {
            try ImageFile(data)
        } throws: { error in
            guard case ImageFileError.damaged(.png, let why) = error else { return false }
            return why.contains("checksum")
        }
    }

    @Test func notImagesAreNotImages() {
        for text in ["GIF89a……", "<svg xmlns='http://www.w3.org/2000/svg'/>", "", "RIFF0000WAVE"] {
            #expect(throws: ImageFileError.notAnImage) { try ImageFile(Data(text.utf8)) }
        }
    }

    @Test func aLargePictureReportsItsTrueSize() throws {
        let image = try ImageFile(try Self.fixture("too-wide.png"))
        #expect(image.width == 2049 && image.height == 8)
    }

    @Test func randomBytesAfterAGoodStartNeverCrash() {
        var generator = SplitMix64(seed: 14)
        for header in [
            [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), [0xFF, 0xD8, 0xFF],
            Array("RIFF\u{40}\0\0\0WEBP".utf8),
        ] {
            for _ in 0..<300 {
                let count = Int(generator.next() % 200)
                let tail = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                _ = try? ImageFile(Data(header + tail))
            }
        }
    }
}
