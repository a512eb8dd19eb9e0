import ChildProcess
import Foundation
import Lotto
import NIOPosix
import SystemLibraries
import Testing

@testable import MaeilServer

/// The photo reader on pictures made during the run (scripts/ticket-photos.sh, with qrencode
/// and ImageMagick) from real ticket QR texts (the shared data/lotto/qr.tsv): each must give
/// back exactly its text, and that text must be a ticket.
@Suite("Ticket photos")
struct TicketPhotoTests {
    /// Tests/MaeilServerTests/TicketPhotoTests.swift → the package root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `MAEIL_SHARED`, else `../shared` beside the checkout (as MaeilTestSupport's
    /// SharedFolder, which this target does not depend on).
    static let sharedFolder: URL = {
        if let path = ProcessInfo.processInfo.environment["MAEIL_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        return packageRoot.appendingPathComponent("../shared").standardizedFileURL
    }()

    static let isCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// What `scripts/ticket-photos.sh --check` says is missing (qrencode, ImageMagick), nil
    /// when the photos can be made.
    static let missingTools: String? = {
        let result = try? run(["--check"])
        guard let result else { return "scripts/ticket-photos.sh could not be run" }
        return result.status == 0 ? nil : result.errors
    }()

    /// Runs the tests that make photos when the tools are there, and always on CI, where
    /// the test command installs them and their absence is a failure.
    static var canMakePhotos: Bool { isCI || missingTools == nil }

    /// Runs blocking work (a process, a decode) on NIO's thread pool.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
    {
        try await testBlockingPool.runIfActive(body)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["MAEIL_SHARED"] = sharedFolder.path
        let exit = try ChildProcess(
            "/bin/bash",
            [packageRoot.appendingPathComponent("scripts/ticket-photos.sh").path] + arguments,
            environment: environment
        ).runBlocking()
        return (exit.status, exit.errorText)
    }

    /// qr.tsv's tickets: QR text → round.
    static func sharedTickets() throws -> [String: Int] {
        let url = sharedFolder.appendingPathComponent("data/lotto/qr.tsv")
        var tickets: [String: Int] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > 1, let round = Int(columns[1]) else { continue }
            tickets[String(columns[0])] = round
        }
        return tickets
    }

    @Test(
        "photos of real tickets give exactly their QR text, a ticket; the others say why not",
        .enabled(
            if: canMakePhotos, "needs qrencode and ImageMagick (scripts/test.sh installs them)")
    )
    func photos() async throws {
        if let missing = Self.missingTools {
            Issue.record(
                Comment(rawValue: "CI must have the tools that make the photos: \(missing)"))
            return
        }
        let reader = TicketPhotoReader.shared
        #expect(TicketPhotoReader.availability() == .ready, "libzbar0 and the decoders")
        guard reader.availability == .ready else { return }

        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("maeil-ticket-photos-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // ImageMagick and the decoding take seconds: off Swift's cooperative threads, which
        // the other tests' servers (and their async handlers) need meanwhile.
        let made = try await Self.blocking { try Self.run([folder.path]) }
        try #require(made.status == 0, "scripts/ticket-photos.sh failed: \(made.errors)")

        let tickets = try Self.sharedTickets()
        let manifest = try String(
            contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        var positives = 0
        var negatives = 0
        for line in manifest.split(separator: "\n") {
            let columns = line.split(separator: "\t", maxSplits: 1).map(String.init)
            try #require(columns.count == 2, "manifest line: \(line)")
            let (file, expected) = (columns[0], columns[1])
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let (result, elapsed) = try await Self.blocking {
                let clock = ContinuousClock()
                let start = clock.now
                let result = Result { () throws(PhotoProblem) in try reader.qrTexts(in: data) }
                return (result, clock.now - start)
            }

            if expected.hasPrefix("!") {
                negatives += 1
                switch (expected, result) {
                case ("!noQRCode", .failure(.noQRCode)): break
                case ("!notAnImage", .failure(.notAnImage(format: nil))): break
                case ("!damaged", .failure(.notAnImage(format: .some))): break
                default:
                    Issue.record(Comment(rawValue: "\(file): expected \(expected), got \(result)"))
                }
                continue
            }
            positives += 1
            let round = try #require(tickets[expected], "\(file)'s text is not in qr.tsv")
            #expect(try result.get() == [expected], "\(file)")
            let ticket = try LottoTicket.decode(qr: try result.get().first ?? "")
            #expect(ticket.round == round, "\(file)")
            if file.hasPrefix("photo-3000x4000") {
                print("TicketPhotoTests: \(file) read in \(elapsed)")
            }
        }
        #expect(positives == 8 && negatives == 3, "the script makes every kind of photo")

        // Each call has its own decoder and scanner: calls in parallel agree.
        let clean = try Data(contentsOf: folder.appendingPathComponent("clean.png"))
        let texts = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (try? await Self.blocking { try reader.qrTexts(in: clean) }) ?? []
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.count == 4 && Set(texts).count == 1 && texts[0].count == 1)
    }

    @Test("files that are not photos, or too large, are refused before any decoding")
    func refusals() throws {
        let reader = TicketPhotoReader.shared
        func problem(_ data: Data) -> PhotoProblem? {
            do {
                _ = try reader.qrTexts(in: data)
                return nil
            } catch {
                return error
            }
        }
        #expect(problem(Data()) == .notAnImage(format: nil))
        #expect(problem(Data("GIF89a, not a format we read".utf8)) == .notAnImage(format: nil))
        #expect(problem(Data("RIFF\0\0\0\0WAVEfmt ".utf8)) == .notAnImage(format: nil))
        let huge = Data(count: TicketPhotoReader.maxBytes + 1)
        #expect(problem(huge) == .tooLarge(bytes: TicketPhotoReader.maxBytes + 1))
        guard reader.availability == .ready else {
            #expect(!Self.isCI, "CI installs libzbar0, libpng16-16, libturbojpeg0 and libwebp7")
            return
        }
        // Headers that claim too many pixels, refused before the pixels are allocated.
        #expect(
            problem(Self.png(width: 4097, height: 16)) == .tooManyPixels(width: 4097, height: 16))
        #expect(
            problem(Self.png(width: 16, height: 20000)) == .tooManyPixels(width: 16, height: 20000))
        // A PNG whose header is fine and whose image data is missing.
        #expect(problem(Self.png(width: 64, height: 64)) == .notAnImage(format: .png))
        var badCRC = Self.png(width: 64, height: 64)
        badCRC[29] ^= 0xFF
        #expect(problem(badCRC) == .notAnImage(format: .png))
        let jpegStart = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8)
        #expect(problem(jpegStart) == .notAnImage(format: .jpeg))
        #expect(problem(Data("RIFF\u{10}\0\0\0WEBPVP8 ".utf8)) == .notAnImage(format: .webp))
    }

    @Test("a missing library makes the reader say which, and the apt-get line, not crash")
    func missingLibraries() throws {
        var libraries = TicketPhotoReader.Libraries.debian
        libraries.zbar = LibraryName(file: "libzbar-absent.so.0", debianPackage: "libzbar-absent0")
        libraries.webp = LibraryName(file: "libwebp-absent.so.7", debianPackage: "libwebp-absent7")
        let availability = TicketPhotoReader.availability(libraries: libraries)
        #expect(
            availability
                == .missing(
                    libraries: ["libzbar-absent.so.0", "libwebp-absent.so.7"],
                    install: "apt-get install -y libzbar-absent0 libwebp-absent7"))

        let reader = TicketPhotoReader(libraries: libraries)
        // Only what this photo needs is named: ZBar, and the WebP decoder for a WebP.
        let png = Self.png(width: 64, height: 64)
        #expect(throws: PhotoProblem.unavailable(missing: [libraries.zbar])) {
            try reader.qrTexts(in: png)
        }
        let webp = Data("RIFF\u{10}\0\0\0WEBPVP8 ".utf8)
        #expect(throws: PhotoProblem.unavailable(missing: [libraries.zbar, libraries.webp])) {
            try reader.qrTexts(in: webp)
        }
        // Still not an image before anything is missing.
        #expect(throws: PhotoProblem.notAnImage(format: nil)) {
            try reader.qrTexts(in: Data("plain text".utf8))
        }
        let message = PhotoProblem.unavailable(missing: [libraries.zbar, libraries.webp]).message
        #expect(message.contains("libzbar-absent.so.0, libwebp-absent.so.7"))
        #expect(message.hasSuffix("apt-get install -y libzbar-absent0 libwebp-absent7"))
    }

    @Test("every problem has a message in English that says what to do")
    func messages() {
        let problems: [PhotoProblem] = [
            .notAnImage(format: nil), .notAnImage(format: .jpeg), .tooLarge(bytes: 12_000_000),
            .tooManyPixels(width: 6000, height: 8000), .noQRCode,
            .unavailable(missing: [TicketPhotoReader.Libraries.debian.zbar]),
        ]
        for problem in problems {
            #expect(problem.message.count > 30, "\(problem)")
        }
        #expect(PhotoProblem.tooLarge(bytes: 12_000_000).message.contains("11.4 MB"))
        #expect(PhotoProblem.tooLarge(bytes: 12_000_000).message.contains("10.0 MB"))
        #expect(PhotoProblem.notAnImage(format: .jpeg).message.contains("JPEG"))
        #expect(
            PhotoProblem.unavailable(missing: [TicketPhotoReader.Libraries.debian.zbar]).message
                .hasSuffix("apt-get install -y libzbar0"))
    }

    // MARK: - A PNG made by hand

    /// A PNG signature, an IHDR chunk for an 8-bit grey image of that size, and an empty
    /// IDAT: enough for libpng to read the header, not to decode pixels.
    static func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        for value in [width, height] {
            withUnsafeBytes(of: value.bigEndian) { header.append(contentsOf: $0) }
        }
        header.append(contentsOf: [8, 0, 0, 0, 0])
        data.append(chunk("IHDR", header))
        data.append(chunk("IDAT", Data()))
        return data
    }

    static func chunk(_ type: String, _ body: Data) -> Data {
        var chunk = Data()
        withUnsafeBytes(of: UInt32(body.count).bigEndian) { chunk.append(contentsOf: $0) }
        let typed = Data(type.utf8) + body
        chunk.append(typed)
        withUnsafeBytes(of: crc32(typed).bigEndian) { chunk.append(contentsOf: $0) }
        return chunk
    }

    /// PNG's CRC-32 (ISO 3309, reflected polynomial 0xEDB88320).
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
