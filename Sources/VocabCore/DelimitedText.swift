/// A malformed delimited text; `line` is the 1-based line where the problem starts.
public struct DelimitedTextError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// "line 3: …"
    public var description: String { "line \(line): \(message)" }
}

/// RFC 4180 delimited text (CSV, TSV), read and written on UTF-8 bytes in one pass.
///
/// Reading: fields may be quoted with `"`, a quote inside a quoted field is written `""`,
/// quoted fields may span lines; records end at CRLF, LF or CR; empty lines (and so a
/// trailing newline) are skipped; a leading U+FEFF is ignored. A quote inside an unquoted
/// field, or text right after a closing quote, is kept literally (as spreadsheets do).
/// A quoted field that never closes is an error naming the line where it opened.
public enum DelimitedText {
    /// One record with the 1-based line it starts on.
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    public static func parse(_ text: String, delimiter: Character) throws -> [[String]] {
        try parseRecords(text, delimiter: delimiter).map(\.fields)
    }

    /// Like `parse`, keeping each record's starting line (for error messages).
    public static func parseRecords(_ text: String, delimiter: Character) throws(DelimitedTextError)
        -> [Record]
    {
        let delimiterBytes = Array(String(delimiter).utf8)
        var text = text
        var failure: DelimitedTextError?
        let records = text.withUTF8 { buffer -> [Record] in
            do throws(DelimitedTextError) {
                return try parseBytes(buffer, delimiter: delimiterBytes)
            } catch {
                failure = error
                return []
            }
        }
        if let failure { throw failure }
        return records
    }

    private static let quote: UInt8 = 0x22
    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D

    private static func parseBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, delimiter: [UInt8]
    ) throws(DelimitedTextError) -> [Record] {
        var records: [Record] = []
        let count = bytes.count
        guard count > 0, let delimiterFirst = delimiter.first else { return records }
        let delimiterCount = delimiter.count

        @inline(__always) func isDelimiter(at i: Int) -> Bool {
            if bytes[i] != delimiterFirst { return false }
            if delimiterCount == 1 { return true }
            if i + delimiterCount > count { return false }
            for k in 1..<delimiterCount where bytes[i + k] != delimiter[k] { return false }
            return true
        }

        @inline(__always) func string(_ start: Int, _ end: Int) -> String {
            if start >= end { return "" }
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        var i = 0
        // Skip a byte order mark.
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        var line = 1
        var fields: [String] = []
        var recordLine = 1
        var scratch: [UInt8] = []

        while i < count {
            // At the start of a field.
            if fields.isEmpty { recordLine = line }
            var fieldQuoted = false
            var field: String
            if bytes[i] == quote {
                fieldQuoted = true
                let openLine = line
                i += 1
                scratch.removeAll(keepingCapacity: true)
                var segmentStart = i
                var closed = false
                while i < count {
                    let b = bytes[i]
                    if b == quote {
                        scratch.append(
                            contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<i]))
                        if i + 1 < count && bytes[i + 1] == quote {
                            scratch.append(quote)
                            i += 2
                            segmentStart = i
                            continue
                        }
                        i += 1
                        closed = true
                        break
                    }
                    if b == lf {
                        line += 1
                    } else if b == cr {
                        if !(i + 1 < count && bytes[i + 1] == lf) { line += 1 }
                    }
                    i += 1
                }
                if !closed {
                    throw DelimitedTextError(
                        line: openLine,
                        message: "a quoted field opened on this line is never closed (missing \")")
                }
                // Text after the closing quote up to the delimiter or line end is kept as is.
                let restStart = i
                while i < count && bytes[i] != lf && bytes[i] != cr && !isDelimiter(at: i) {
                    i += 1
                }
                if i > restStart {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[restStart..<i]))
                }
                field = String(decoding: scratch, as: UTF8.self)
            } else {
                let start = i
                while i < count && bytes[i] != lf && bytes[i] != cr && !isDelimiter(at: i) {
                    i += 1
                }
                field = string(start, i)
            }
            fields.append(field)

            // After a field: delimiter, line end, or end of input.
            if i >= count { break }
            if isDelimiter(at: i) {
                i += delimiterCount
                if i >= count {
                    fields.append("")  // a trailing delimiter means one more empty field
                    break
                }
                continue
            }
            // Line end.
            if bytes[i] == cr && i + 1 < count && bytes[i + 1] == lf { i += 2 } else { i += 1 }
            line += 1
            if fields.count == 1 && !fieldQuoted && fields[0].isEmpty {
                fields.removeAll(keepingCapacity: true)  // a blank line
                continue
            }
            records.append(Record(line: recordLine, fields: fields))
            fields = []
        }
        // Input that does not end with a line break: the last record is still open. (It
        // cannot be a blank line: a field only starts where there is a byte to read.)
        if !fields.isEmpty {
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    /// Writes records separated by "\n" (with a final "\n"). A field is quoted only when it
    /// contains the delimiter, a quote, CR or LF, or when a record is a single empty field
    /// (which would otherwise read back as a blank line).
    public static func write(_ rows: [[String]], delimiter: Character) -> String {
        let delimiterString = String(delimiter)
        let delimiterBytes = Array(delimiterString.utf8)
        var out = ""
        out.reserveCapacity(rows.count * 32)
        for row in rows {
            if row.count == 1 && row[0].isEmpty {
                out += "\"\"\n"
                continue
            }
            for (index, field) in row.enumerated() {
                if index > 0 { out += delimiterString }
                if needsQuoting(field, delimiter: delimiterBytes) {
                    out += "\""
                    out += field.replacingAllQuotes()
                    out += "\""
                } else {
                    out += field
                }
            }
            out += "\n"
        }
        return out
    }

    private static func needsQuoting(_ field: String, delimiter: [UInt8]) -> Bool {
        guard let first = delimiter.first else { return false }
        let utf8 = field.utf8
        if delimiter.count == 1 {
            for b in utf8 where b == quote || b == lf || b == cr || b == first { return true }
            return false
        }
        for b in utf8 where b == quote || b == lf || b == cr { return true }
        return field.contains(String(decoding: delimiter, as: UTF8.self))
    }

    /// Guesses the delimiter from the first non-empty line (outside quotes): tab if it has
    /// a tab; `;` if it has more semicolons than commas; else comma.
    public static func sniffDelimiter(_ text: String) -> Character {
        var tabs = 0
        var commas = 0
        var semicolons = 0
        var inQuotes = false
        var sawContent = false
        for b in text.utf8 {
            if inQuotes {
                if b == quote { inQuotes = false }
                continue
            }
            switch b {
            case quote:
                inQuotes = true
                sawContent = true
            case 0x09:
                tabs += 1
                sawContent = true
            case 0x2C:
                commas += 1
                sawContent = true
            case 0x3B:
                semicolons += 1
                sawContent = true
            case lf, cr:
                if sawContent { return decide(tabs: tabs, commas: commas, semicolons: semicolons) }
            default: sawContent = true
            }
        }
        return decide(tabs: tabs, commas: commas, semicolons: semicolons)
    }

    private static func decide(tabs: Int, commas: Int, semicolons: Int) -> Character {
        if tabs > 0 { return "\t" }
        if semicolons > commas { return ";" }
        return ","
    }
}

extension String {
    fileprivate func replacingAllQuotes() -> String {
        var out = ""
        out.reserveCapacity(utf8.count + 2)
        for scalar in unicodeScalars {
            if scalar == "\"" { out.unicodeScalars.append("\"") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
