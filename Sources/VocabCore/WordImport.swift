import Foundation

/// A file format Maeil imports and exports.
public enum ImportFormat: String, Codable, Sendable, CaseIterable {
    case csv, tsv, quizlet, json
}

/// What a column of an imported table holds.
public enum WordColumn: String, Codable, Sendable, CaseIterable {
    case term, meaning, reading, partOfSpeech, note, synonyms, antonyms, example,
        exampleTranslation, tags
    case memorized, bookmarked, ignore

    /// The header name the exporter writes (`part_of_speech`, `example_translation`, …);
    /// the importer recognizes it.
    public var headerName: String {
        switch self {
        case .partOfSpeech: return "part_of_speech"
        case .exampleTranslation: return "example_translation"
        default: return rawValue
        }
    }

    /// The column a header cell names, in English or Korean (`word`, `뜻`, `part of speech`,
    /// `예문`, …), ignoring case, spaces, `_`, `-`, `.` and a trailing number
    /// (`example 2`); nil when the name is not known.
    public init?(headerName: String) {
        var key = ""
        for scalar in TextTrim.trimmed(headerName).lowercased().unicodeScalars {
            switch scalar {
            case " ", "_", "-", ".", "\t", "(", ")": continue
            default: key.unicodeScalars.append(scalar)
            }
        }
        while let last = key.last, last.isASCII, last.isNumber, key.count > 1 { key.removeLast() }
        guard let column = WordColumn.aliases[key] else { return nil }
        self = column
    }

    private static let aliases: [String: WordColumn] = {
        let table: [(WordColumn, [String])] = [
            (
                .term,
                [
                    "term", "word", "words", "단어", "front", "vocabulary", "vocab", "expression",
                    "표현", "어휘", "낱말",
                ]
            ),
            (
                .meaning,
                [
                    "meaning", "meanings", "definition", "definitions", "뜻", "의미", "back", "정의",
                    "뜻풀이",
                ]
            ),
            (
                .reading,
                [
                    "reading", "pronunciation", "발음", "읽기", "읽는법", "furigana", "후리가나", "phonetic",
                    "ipa", "발음기호",
                ]
            ),
            (.partOfSpeech, ["partofspeech", "pos", "품사", "wordclass"]),
            (.note, ["note", "notes", "메모", "노트", "비고", "memo", "detail", "details"]),
            (.synonyms, ["synonyms", "synonym", "유의어", "동의어", "비슷한말"]),
            (.antonyms, ["antonyms", "antonym", "반의어", "반대말", "반댓말"]),
            (.example, ["example", "examples", "예문", "sentence", "examplesentence", "예시", "예제"]),
            (
                .exampleTranslation,
                [
                    "translation", "exampletranslation", "해석", "번역", "예문해석", "예문번역",
                    "sentencetranslation",
                    "translations",
                ]
            ),
            (.tags, ["tags", "tag", "태그"]),
            (.memorized, ["memorized", "memorised", "암기", "암기여부", "learned", "known", "외움"]),
            (.bookmarked, ["bookmarked", "bookmark", "북마크", "starred", "star", "즐겨찾기"]),
            (.ignore, ["ignore", "무시"]),
        ]
        var map: [String: WordColumn] = [:]
        for (column, names) in table {
            for name in names { map[name] = column }
        }
        return map
    }()

    /// The order assumed for a file without a header: term, meaning, reading, part of
    /// speech, note, example, example translation; further columns are ignored.
    public static let defaultOrder: [WordColumn] = [
        .term, .meaning, .reading, .partOfSpeech, .note, .example, .exampleTranslation,
    ]

    public static func defaultMapping(columnCount: Int) -> [WordColumn] {
        (0..<max(columnCount, 1)).map { $0 < defaultOrder.count ? defaultOrder[$0] : .ignore }
    }
}

/// What an upload would import: the detected format and encoding, the header, the first
/// rows (raw cells) and the mapping the importer would use.
public struct ImportPreview: Sendable {
    public var format: ImportFormat
    public var encoding: TextEncodingDetected
    public var hasHeader: Bool
    /// The header row's cells ([] when there is none).
    public var header: [String]
    /// The first data rows, raw cells.
    public var rows: [[String]]
    /// Number of data rows (blank rows not counted).
    public var totalRows: Int
    /// One column per cell position.
    public var suggestedMapping: [WordColumn]
}

public struct ImportOptions: Sendable {
    /// nil: detected from the file name and content.
    public var format: ImportFormat?
    /// nil: detected (never for Quizlet text).
    public var hasHeader: Bool?
    /// nil: from the header names, or `WordColumn.defaultOrder`.
    public var mapping: [WordColumn]?
    /// Between term and definition in Quizlet text; the typed escapes `\t` and `\n` are
    /// understood.
    public var quizletTermSeparator: String
    /// Between entries in Quizlet text. "\n" splits on any line break (LF, CRLF, CR).
    public var quizletRowSeparator: String

    public init(
        format: ImportFormat? = nil,
        hasHeader: Bool? = nil,
        mapping: [WordColumn]? = nil,
        quizletTermSeparator: String = "\t",
        quizletRowSeparator: String = "\n"
    ) {
        self.format = format
        self.hasHeader = hasHeader
        self.mapping = mapping
        self.quizletTermSeparator = quizletTermSeparator
        self.quizletRowSeparator = quizletRowSeparator
    }
}

/// What an import does with a row whose word (the same term and reading) the
/// book has already. Rows repeated within the file are kept: the file says so.
public enum DuplicatePolicy: String, Sendable, CaseIterable {
    /// Leaves the word as it is (the default).
    case skip
    /// Replaces the word's content with the row's; its study history and its
    /// memorized and bookmarked marks stay.
    case update
    /// Adds the row as another word.
    case keep
}

/// What an import does with each duplicate row: one policy for them all, and
/// the user's own choice for some rows (by their index among the file's words),
/// as the web preview offers them one by one.
public struct DuplicateChoices: Sendable, Equatable {
    public var fallback: DuplicatePolicy
    public var rows: [Int: DuplicatePolicy]

    public init(_ fallback: DuplicatePolicy = .skip, rows: [Int: DuplicatePolicy] = [:]) {
        self.fallback = fallback
        self.rows = rows
    }

    public func policy(forRow row: Int) -> DuplicatePolicy { rows[row] ?? fallback }

    /// Every duplicate added as another word: nothing to look up.
    public var keepsAll: Bool { fallback == .keep && rows.values.allSatisfy { $0 == .keep } }
}

public struct ImportResult: Sendable {
    public var words: [WordDraft]
    public var encoding: TextEncodingDetected
    public var format: ImportFormat
    /// From a JSON book file; nil for tables.
    public var bookName: String?
    public var bookDescription: String?
}

/// Why an import was refused: what kind of problem, where (`line`), and a complete
/// English `message` that already starts with "line N: " when there is a line. Callers
/// that speak another language word it from `kind` and `line`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public enum Kind: Sendable, Equatable {
        /// A row, or a word of a JSON book (`index`, from 0), breaks a rule of its fields.
        case invalidWord(ValidationError, index: Int?)
        /// A JSON book's name or description breaks a rule.
        case invalidBook(ValidationError)
        /// Not text in any encoding Maeil reads.
        case notText
        /// A quoted field that never closes (CSV, TSV); `line` is where it opened.
        case unclosedQuote
        /// A Quizlet entry without the separator between term and definition.
        case noTermSeparator
        /// A JSON file that is not a Maeil book (empty, invalid, another format or version).
        case notABook
        /// The column mapping names no term column.
        case noTermColumn
        /// A Quizlet separator left empty.
        case emptySeparator
        /// A file with no words in it.
        case noWords
    }

    public var kind: Kind
    public var line: Int?
    public var message: String

    public init(_ kind: Kind, line: Int? = nil, message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

/// Reads word tables (CSV, TSV, Quizlet text) and Maeil book JSON into validated drafts.
/// All or nothing: the first bad row throws `ImportError` naming its line. Every error
/// thrown by `preview` and `parse` is an `ImportError`.
public enum WordImporter {
    public static func detectFormat(fileName: String?, text: String) -> ImportFormat {
        if let fileName {
            let ext = (fileName as NSString).pathExtension.lowercased()
            switch ext {
            case "json": return .json
            case "csv": return .csv
            case "tsv", "tab": return .tsv
            default: break
            }
        }
        for scalar in text.unicodeScalars {
            if TextTrim.isSpace(scalar) { continue }
            if scalar == "{" { return .json }
            break
        }
        if DelimitedText.sniffDelimiter(text) == "\t" {
            return looksLikeQuizlet(text) ? .quizlet : .tsv
        }
        return .csv
    }

    public static func preview(
        data: Data, fileName: String?, options: ImportOptions, maxRows: Int = 5
    ) throws -> ImportPreview {
        let (text, encoding) = try decodeText(data)
        let format = options.format ?? detectFormat(fileName: fileName, text: text)
        if format == .json {
            let archive = try decodeArchive(text)
            let columns = WordExporter.columns
            return ImportPreview(
                format: .json, encoding: encoding, hasHeader: true,
                header: columns.map(\.headerName),
                rows: archive.words.prefix(max(maxRows, 0)).map { WordExporter.cells(of: $0) },
                totalRows: archive.words.count, suggestedMapping: columns)
        }
        let table = try readTable(text, format: format, options: options)
        let dataRecords = table.records.filter { !isBlank($0.fields) }
        return ImportPreview(
            format: format, encoding: encoding, hasHeader: table.hasHeader, header: table.header,
            rows: dataRecords.prefix(max(maxRows, 0)).map(\.fields), totalRows: dataRecords.count,
            suggestedMapping: table.mapping)
    }

    public static func parse(data: Data, fileName: String?, options: ImportOptions) throws
        -> ImportResult
    {
        let (text, encoding) = try decodeText(data)
        let format = options.format ?? detectFormat(fileName: fileName, text: text)
        if format == .json {
            let archive = try decodeArchive(text)
            var words: [WordDraft] = []
            words.reserveCapacity(archive.words.count)
            for (index, word) in archive.words.enumerated() {
                let draft = word.normalized()
                do {
                    try draft.validate()
                } catch {
                    throw ImportError(
                        .invalidWord(error, index: index),
                        message: "words[\(index)]: \(error.message)")
                }
                words.append(draft)
            }
            let name = TextTrim.trimmed(archive.name)
            let description = TextTrim.trimmed(archive.description)
            do {
                try WordDraft.check(name, field: "name", label: "name", limit: WordLimits.bookName)
                try WordDraft.check(
                    description, field: "description", label: "description",
                    limit: WordLimits.bookDescription)
            } catch {
                throw ImportError(.invalidBook(error), message: error.message)
            }
            return ImportResult(
                words: words, encoding: encoding, format: .json,
                bookName: name.isEmpty ? nil : name,
                bookDescription: description.isEmpty ? nil : description)
        }
        let table = try readTable(text, format: format, options: options)
        var words: [WordDraft] = []
        words.reserveCapacity(table.records.count)
        let lineWord = table.rowsAreLines ? "line" : "entry"
        for record in table.records {
            if isBlank(record.fields) { continue }
            let draft = makeDraft(record.fields, mapping: table.mapping).normalized()
            do {
                try draft.validate()
            } catch {
                throw ImportError(
                    .invalidWord(error, index: nil), line: record.line,
                    message: "\(lineWord) \(record.line): \(error.message)")
            }
            words.append(draft)
        }
        return ImportResult(
            words: words, encoding: encoding, format: format, bookName: nil, bookDescription: nil)
    }

    // MARK: - Steps

    static func decodeText(_ data: Data) throws(ImportError) -> (String, TextEncodingDetected) {
        do {
            return try TextDecoding.decode(data)
        } catch let failure as DecodingFailure {
            throw ImportError(.notText, message: failure.message)
        } catch {
            throw ImportError(.notText, message: "the file could not be read as text: \(error)")
        }
    }

    static func decodeArchive(_ text: String) throws -> BookArchive {
        try BookArchiveCodec.decode(Data(text.utf8))
    }

    struct Table {
        var records: [DelimitedText.Record]
        var hasHeader: Bool
        var header: [String]
        var mapping: [WordColumn]
        /// false when Quizlet entries are split on something other than a line break, so
        /// `Record.line` counts entries.
        var rowsAreLines: Bool
    }

    static func readTable(_ text: String, format: ImportFormat, options: ImportOptions)
        throws(ImportError) -> Table
    {
        var records: [DelimitedText.Record]
        var rowsAreLines = true
        switch format {
        case .csv, .tsv:
            let delimiter: Character = format == .tsv ? "\t" : DelimitedText.sniffDelimiter(text)
            do {
                records = try DelimitedText.parseRecords(text, delimiter: delimiter)
            } catch {
                throw ImportError(.unclosedQuote, line: error.line, message: error.description)
            }
        case .quizlet:
            let rowSeparator = unescape(options.quizletRowSeparator)
            rowsAreLines = rowSeparator == "\n" || rowSeparator == "\r\n"
            records = try quizletRecords(
                text, termSeparator: unescape(options.quizletTermSeparator),
                rowSeparator: rowSeparator)
        case .json:
            records = []
        }
        let firstIndex = records.firstIndex { !isBlank($0.fields) }
        let hasHeader: Bool
        if let explicit = options.hasHeader {
            hasHeader = explicit
        } else if format != .quizlet, let firstIndex {
            hasHeader = looksLikeHeader(records[firstIndex].fields)
        } else {
            hasHeader = false
        }
        var header: [String] = []
        if hasHeader, let firstIndex {
            header = records[firstIndex].fields
            records.removeSubrange(0...firstIndex)
        }
        let width = max(header.count, records.reduce(0) { max($0, $1.fields.count) })
        let fromHeader = hasHeader ? header.map { WordColumn(headerName: $0) ?? .ignore } : []
        let mapping: [WordColumn]
        if let given = options.mapping {
            mapping = given
        } else if fromHeader.contains(.term) {
            mapping = fromHeader
        } else {
            mapping = WordColumn.defaultMapping(columnCount: width)
        }
        if !mapping.contains(.term) {
            throw ImportError(.noTermColumn, message: "the column mapping has no term column")
        }
        return Table(
            records: records, hasHeader: hasHeader, header: header, mapping: mapping,
            rowsAreLines: rowsAreLines)
    }

    /// A header names known columns: at least one is the term, no column other than
    /// example / translation / ignore appears twice, and at least half the non-empty cells
    /// are known names. ("note,메모" is a word, not a header: both name the note column.)
    static func looksLikeHeader(_ cells: [String]) -> Bool {
        var nonEmpty = 0
        var known: [WordColumn] = []
        for cell in cells where !TextTrim.trimmed(cell).isEmpty {
            nonEmpty += 1
            if let column = WordColumn(headerName: cell) { known.append(column) }
        }
        guard known.contains(.term), known.count * 2 >= nonEmpty else { return false }
        let single = known.filter { $0 != .example && $0 != .exampleTranslation && $0 != .ignore }
        return Set(single).count == single.count
    }

    static func isBlank(_ fields: [String]) -> Bool {
        fields.allSatisfy { TextTrim.trimmed($0).isEmpty }
    }

    static func makeDraft(_ fields: [String], mapping: [WordColumn]) -> WordDraft {
        var draft = WordDraft(term: "")
        var exampleCells: [String] = []
        var translationCells: [String] = []
        func join(_ existing: String, _ value: String) -> String {
            let trimmed = TextTrim.trimmed(value)
            if existing.isEmpty { return trimmed }
            if trimmed.isEmpty { return existing }
            return existing + "; " + trimmed
        }
        for (index, column) in mapping.enumerated() where index < fields.count {
            let value = fields[index]
            switch column {
            case .term: draft.term = join(draft.term, value)
            case .meaning: draft.meaning = join(draft.meaning, value)
            case .reading: draft.reading = join(draft.reading, value)
            case .partOfSpeech: draft.partOfSpeech = join(draft.partOfSpeech, value)
            case .note:
                let trimmed = TextTrim.trimmed(value)
                draft.note =
                    draft.note.isEmpty
                    ? trimmed : trimmed.isEmpty ? draft.note : draft.note + "\n" + trimmed
            case .synonyms: draft.synonyms += splitList(value)
            case .antonyms: draft.antonyms += splitList(value)
            case .tags: draft.tags += splitList(value)
            case .example: exampleCells.append(value)
            case .exampleTranslation: translationCells.append(value)
            case .memorized: draft.memorized = draft.memorized || parseBool(value)
            case .bookmarked: draft.bookmarked = draft.bookmarked || parseBool(value)
            case .ignore: break
            }
        }
        for k in 0..<max(exampleCells.count, translationCells.count) {
            let sentence = k < exampleCells.count ? exampleCells[k] : ""
            let translation = k < translationCells.count ? translationCells[k] : ""
            draft.examples += pairExamples(sentence, translation)
        }
        return draft
    }

    /// Several examples in one cell are written one per line, their translations one per
    /// line in the translation cell; they pair up by position. A single-line example keeps
    /// its whole translation.
    static func pairExamples(_ sentenceCell: String, _ translationCell: String) -> [WordExample] {
        let sentences = lines(sentenceCell)
        if sentences.count <= 1 {
            return [WordExample(sentence: sentenceCell, translation: translationCell)]
        }
        var translations = lines(translationCell)
        if translations.count > sentences.count {
            let extra = translations[(sentences.count - 1)...].joined(separator: "\n")
            translations.removeSubrange((sentences.count - 1)...)
            translations.append(extra)
        }
        return sentences.enumerated().map { index, sentence in
            WordExample(
                sentence: sentence,
                translation: index < translations.count ? translations[index] : "")
        }
    }

    static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// Splits a list cell on `;` if it has one, else on `|`, else on `,` (so "big, large;
    /// huge" is two items).
    public static func splitList(_ cell: String) -> [String] {
        let trimmed = TextTrim.trimmed(cell)
        if trimmed.isEmpty { return [] }
        let separator: Character
        if trimmed.contains(";") {
            separator = ";"
        } else if trimmed.contains("|") {
            separator = "|"
        } else {
            separator = ","
        }
        return trimmed.split(separator: separator, omittingEmptySubsequences: true)
            .map { TextTrim.trimmed(String($0)) }
            .filter { !$0.isEmpty }
    }

    /// true / t / 1 / yes / y / o / ✓ / ✔ / 예 / 네 / ○ (any case) are true; anything else false.
    public static func parseBool(_ cell: String) -> Bool {
        switch TextTrim.trimmed(cell).lowercased() {
        case "true", "t", "1", "yes", "y", "o", "✓", "✔", "☑", "예", "네", "○", "on": return true
        default: return false
        }
    }

    /// Lets a separator be typed in a form or a URL: `\\t` is a tab, `\\n` a line
    /// break, `\\r\\n` a Windows line break, wherever they stand.
    public static func unescape(_ separator: String) -> String {
        separator.replacingOccurrences(of: "\\r\\n", with: "\r\n").replacingOccurrences(
            of: "\\n", with: "\n"
        )
        .replacingOccurrences(of: "\\t", with: "\t")
    }

    static func describeSeparator(_ separator: String) -> String {
        switch separator {
        case "\t": return "tab"
        case "\n": return "line break"
        default: return "\"\(separator)\""
        }
    }

    /// Quizlet text: entries separated by `rowSeparator`, each `term<termSeparator>definition`
    /// split at the first separator. Blank entries are skipped; an entry without the term
    /// separator is an error.
    static func quizletRecords(
        _ text: String, termSeparator: String, rowSeparator: String
    ) throws(ImportError) -> [DelimitedText.Record] {
        if termSeparator.isEmpty {
            throw ImportError(
                .emptySeparator, message: "the separator between term and definition is empty")
        }
        if rowSeparator.isEmpty {
            throw ImportError(.emptySeparator, message: "the separator between entries is empty")
        }
        let byLines = rowSeparator == "\n" || rowSeparator == "\r\n"
        let rowBytes = Array(rowSeparator.utf8)
        let termBytes = Array(termSeparator.utf8)
        var text = text
        var records: [DelimitedText.Record] = []
        var failure: ImportError?
        text.withUTF8 { bytes in
            let count = bytes.count
            var start = 0
            if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
            var line = 1  // line or entry number of the entry starting at `start`
            var i = start

            func matches(_ pattern: [UInt8], at position: Int, end: Int) -> Bool {
                if position + pattern.count > end { return false }
                for k in 0..<pattern.count where bytes[position + k] != pattern[k] { return false }
                return true
            }
            func finish(_ entryStart: Int, _ entryEnd: Int, _ number: Int) -> Bool {
                let entry = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[entryStart..<entryEnd]),
                    as: UTF8.self)
                if TextTrim.trimmed(entry).isEmpty { return true }
                var p = entryStart
                while p < entryEnd {
                    if matches(termBytes, at: p, end: entryEnd) {
                        let term = String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[entryStart..<p]),
                            as: UTF8.self)
                        let definition = String(
                            decoding: UnsafeBufferPointer(
                                rebasing: bytes[(p + termBytes.count)..<entryEnd]), as: UTF8.self)
                        records.append(
                            DelimitedText.Record(line: number, fields: [term, definition]))
                        return true
                    }
                    p += 1
                }
                let word = byLines ? "line" : "entry"
                failure = ImportError(
                    .noTermSeparator, line: number,
                    message:
                        "\(word) \(number): no separator (\(describeSeparator(termSeparator))) between term and definition"
                )
                return false
            }

            var entryNumber = 1
            while i < count {
                if byLines {
                    let b = bytes[i]
                    if b == 0x0A || b == 0x0D {
                        guard finish(start, i, line) else { return }
                        i += (b == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A) ? 2 : 1
                        line += 1
                        start = i
                        continue
                    }
                    i += 1
                } else if matches(rowBytes, at: i, end: count) {
                    guard finish(start, i, entryNumber) else { return }
                    i += rowBytes.count
                    start = i
                    entryNumber += 1
                } else {
                    i += 1
                }
            }
            if start < count {
                _ = finish(start, count, byLines ? line : entryNumber)
            }
        }
        if let failure { throw failure }
        return records
    }

    /// Tab-separated text where every line (of the first 100) has exactly one tab and no
    /// quoting, and the first line is not a header: Quizlet's export.
    static func looksLikeQuizlet(_ text: String) -> Bool {
        var checked = 0
        for line in text.split(whereSeparator: \.isNewline).prefix(100) {
            if TextTrim.trimmed(String(line)).isEmpty { continue }
            if line.first == "\"" { return false }
            if line.reduce(0, { $1 == "\t" ? $0 + 1 : $0 }) != 1 { return false }
            if checked == 0
                && looksLikeHeader(
                    line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
            {
                return false
            }
            checked += 1
        }
        return checked > 0
    }
}
