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
        let text: String
        do {
            text = String(
                decoding: try TextDecoding.iconvConvert(Array(data), from: "EUC-JP", to: "UTF-8"),
                as: UTF8.self)
        } catch {
            throw FormatError(
                line: line(atByte: error.offset, in: data),
                message: "not EUC-JP text (\(error.message)); EDICT files are EUC-JP")
        }
        var entries: [EDICTEntry] = []
        entries.reserveCapacity(data.count / 70)
        var number = 0
        var sawHeader = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsCleanly = text.isEmpty || text.last == "\n"
        for lineText in lines {
            number += 1
            // A file cut off inside its last entry ends without the closing "/" and newline.
            if number == lines.count && !endsCleanly {
                throw FormatError(
                    line: number, message: "the file ends inside an entry (truncated?)")
            }
            if lineText.isEmpty { continue }
            if !sawHeader {
                // The header: "　？？？ /EDICT, EDICT_SUB(P), EDICT2 …/Copyright …/".
                guard lineText.contains("/EDICT") else {
                    throw FormatError(
                        line: 1, message: "no EDICT header; this is not an EDICT file")
                }
                sawHeader = true
                continue
            }
            guard let entry = self.entry(lineText) else {
                throw FormatError(
                    line: number,
                    message:
                        "not an EDICT entry (HEADWORD [READING] /gloss/…/): \(String(lineText.prefix(60)))"
                )
            }
            entries.append(entry)
        }
        guard sawHeader else { throw FormatError(line: 0, message: "the file is empty") }
        return entries
    }

    /// `TERM [READING] /gloss/gloss/…/`, or nil.
    static func entry(_ line: Substring) -> EDICTEntry? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let term = line[..<space]
        var rest = line[line.index(after: space)...]
        var reading: Substring = ""
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            reading = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        guard !term.isEmpty, rest.first == "/", rest.last == "/" else { return nil }
        var glosses: [String] = []
        var common = false
        for gloss in rest.split(separator: "/") {
            if gloss == "(P)" {
                common = true
            } else if !gloss.hasPrefix("EntL") {
                glosses.append(String(gloss))
            }
        }
        return EDICTEntry(
            term: String(term), reading: String(reading), glosses: glosses, common: common)
    }

    private static func line(atByte offset: Int, in data: Data) -> Int {
        data.prefix(max(0, offset)).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
