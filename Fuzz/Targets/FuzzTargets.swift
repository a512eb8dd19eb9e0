import AnkiPackage
import Foundation
import FuzzDriver
import Hangul
import Kana
import Lotto
import VocabCore

// libFuzzer's entry points, for `scripts/fuzz.sh TARGET SECONDS`: one binary
// for every parser, the one to feed chosen by MAEIL_FUZZ_TARGET. Built only
// with MAEIL_FUZZ=1 (see Package.swift), with `-sanitize=fuzzer,address`: a
// crash, a trap (an overflow, an index out of range) or a memory error is a
// finding; a refusal (a thrown error) is the parser doing its job.

/// The parsers a fuzz run can feed, each with the input as the server gets it.
enum FuzzTarget: String, CaseIterable {
    case csv, tsv, quizlet, json, anki, qr, hangul, kana

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["MAEIL_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(
                Data("MAEIL_FUZZ_TARGET must be one of: \(known)\n".utf8))
            exit(2)
        }
        return target
    }()

    func feed(_ data: Data) {
        switch self {
        case .csv, .tsv, .quizlet, .json:
            // Decoding (UTF-8, UTF-16, CP949), the format's reader, and the rows
            // made into words, as an upload is imported.
            let format = ImportFormat(rawValue: rawValue)
            _ = try? WordImporter.parse(
                data: data, fileName: "upload.\(rawValue)", options: ImportOptions(format: format))
            _ = try? WordImporter.preview(
                data: data, fileName: nil, options: ImportOptions(), maxRows: 20)
            if self == .json { _ = try? BookArchiveCodec.decode(data) }
        case .anki:
            guard let archive = try? AnkiArchive(data) else {
                let text = String(decoding: data, as: UTF8.self)
                _ = AnkiText.plain(AnkiText.resolveClozes(text))
                _ = AnkiText.mediaNames(text)
                _ = AnkiText.spokenLanguages(text)
                return
            }
            for name in archive.mediaNames { _ = try? archive.media(named: name) }
        case .qr:
            _ = try? LottoTicket.decode(qr: String(decoding: data, as: UTF8.self))
        case .hangul:
            let text = String(decoding: data, as: UTF8.self)
            _ = HangulInputContext.type(text)
            _ = Hangul.qwertyToHangul(text)
            _ = Hangul.hangulToQwerty(text)
            _ = Hangul.romanize(text)
            _ = Hangul.jamoDistance(text, String(text.reversed()), limit: 3)
        case .kana:
            let text = String(decoding: data, as: UTF8.self)
            _ = Kana.toKana(text)
            _ = Kana.toRomaji(text)
            _ = Kana.toHiragana(text)
            _ = Kana.toKatakana(text)
            _ = Kana.typing(text)
        }
    }
}

/// The binary's entry point (SwiftPM names an executable's main after its module):
/// libFuzzer's loop over the inputs.
@_cdecl("maeil_fuzz_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        FuzzTarget.current.feed(data)
        return 0
    }
}
