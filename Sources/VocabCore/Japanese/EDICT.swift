import Foundation

/// One line of EDICT: a headword, its kana reading (empty when the headword is kana),
/// its English glosses, and whether it is a common word (marked `(P)`).
public struct EDICTEntry: Sendable, Equatable {
    public var term: String
    public var reading: String
    public var glosses: [String]
    public var common: Bool

    public init(term: String, reading: String, glosses: [String], common: Bool) {
        self.term = term
        self.reading = reading
        self.glosses = glosses
        self.common = common
    }
}

/// Reads the EDICT dictionary file (Debian `edict`: EUC-JP, one entry per line,
/// `学生 [がくせい] /(n) student (esp. a university student)/(P)/`, a header first).
/// Strict: a file that is not EUC-JP, not EDICT, or cut off is refused with the line.
public enum EDICT {
    public struct FormatError: Error, Equatable, CustomStringConvertible {
        /// 1-based; 0 for the file as a whole.
        public var line: Int
        public var message: String

        public var description: String {
            line > 0 ? "EDICT line \(line): \(message)" : "EDICT: \(message)"
        }
    }

    /// Every entry of the file, in file order.
    public static func parse(_ data: Data) throws(FormatError) -> [EDICTEntry] {
        let utf8: [UInt8]
        do {
            utf8 = try TextDecoding.iconvConvert(Array(data), from: "EUC-JP", to: "UTF-8")
        } catch {
            throw FormatError(
                line: line(atByte: error.offset, in: data),
                message: "not EUC-JP text (\(error.message)); EDICT files are EUC-JP")
        }
        // Read as bytes: every character the format turns on (space, brackets, slash,
        // newline) is ASCII, so UTF-8 text splits safely between them, and a
        // character-by-character String walk was most of an import's parsing time.
        return try utf8.withUnsafeBufferPointer { bytes throws(FormatError) in
            var entries: [EDICTEntry] = []
            entries.reserveCapacity(bytes.count / 70)
            var number = 0
            var sawHeader = false
            var start = 0
            while start < bytes.count {
                number += 1
                guard let end = bytes[start...].firstIndex(of: 0x0A) else {
                    // A file cut off inside its last entry ends without the closing newline.
                    throw FormatError(
                        line: number, message: "the file ends inside an entry (truncated?)")
                }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if line.isEmpty { continue }
                if !sawHeader {
                    // The header: "　？？？ /EDICT, EDICT_SUB(P), EDICT2 …/Copyright …/".
                    guard text(line).contains("/EDICT") else {
                        throw FormatError(
                            line: 1, message: "no EDICT header; this is not an EDICT file")
                    }
                    sawHeader = true
                    continue
                }
                guard let entry = entry(line) else {
                    throw FormatError(
                        line: number,
                        message:
                            "not an EDICT entry (HEADWORD [READING] /gloss/…/): \(String(text(line).prefix(60)))"
                    )
                }
                entries.append(entry)
            }
            guard sawHeader else { throw FormatError(line: 0, message: "the file is empty") }
            return entries
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let slash = UInt8(ascii: "/")

    /// `TERM [READING] /gloss/gloss/…/`, or nil.
    static func entry(_ line: UnsafeBufferPointer<UInt8>) -> EDICTEntry? {
        guard let space = line.firstIndex(of: Self.space), space > 0 else { return nil }
        var rest = space + 1
        var reading: String = ""
        if rest < line.count && line[rest] == UInt8(ascii: "[") {
            guard let close = line[rest...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            reading = text(line, rest + 1..<close)
            rest = close + 1
            while rest < line.count && line[rest] == Self.space { rest += 1 }
        }
        guard rest < line.count, line[rest] == Self.slash, line[line.count - 1] == Self.slash
        else { return nil }
        var glosses: [String] = []
        var common = false
        var glossStart = rest + 1
        for index in (rest + 1)..<line.count where line[index] == Self.slash {
            let gloss = glossStart..<index
            glossStart = index + 1
            if gloss.isEmpty { continue }
            if gloss.count == 3 && line[gloss.lowerBound] == UInt8(ascii: "(")
                && line[gloss.lowerBound + 1] == UInt8(ascii: "P")
                && line[gloss.lowerBound + 2] == UInt8(ascii: ")")
            {
                common = true
            } else if !line[gloss].starts(with: "EntL".utf8) {
                glosses.append(text(line, gloss))
            }
        }
        return EDICTEntry(
            term: text(line, 0..<space), reading: reading, glosses: glosses, common: common)
    }

    /// `entry` for a line given as text (tests).
    static func entry(_ line: Substring) -> EDICTEntry? {
        Array(line.utf8).withUnsafeBufferPointer { entry($0) }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>? = nil)
        -> String
    {
        String(
            decoding: UnsafeBufferPointer(rebasing: bytes[range ?? 0..<bytes.count]), as: UTF8.self)
    }

    private static func line(atByte offset: Int, in data: Data) -> Int {
        data.prefix(max(0, offset)).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

extension EDICTEntry {
    /// The glosses without their leading tags — part of speech, sense number, field:
    /// "(v1,vt) (1) to eat" → "to eat"; a gloss that is only tags is left out.
    public var plainGlosses: [String] {
        glosses.compactMap { gloss in
            let text = SenseNotes.afterLeadingNotes(gloss)
            return text.isEmpty ? nil : String(text)
        }
    }
}
