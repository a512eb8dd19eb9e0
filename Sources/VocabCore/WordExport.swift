import Foundation

/// Writes a book's words in an `ImportFormat`; what it writes, `WordImporter` reads back.
///
/// - csv: UTF-8 with a byte order mark (so Excel shows Korean), comma-separated, "\n"
///   line ends, RFC 4180 quoting where needed, header
///   `term,meaning,reading,part_of_speech,note,synonyms,antonyms,example,example_translation,tags,memorized,bookmarked`.
/// - tsv: the same columns, tab-separated, UTF-8 without BOM.
///   In both, synonyms, antonyms and tags are joined with "; " (an item containing ";"
///   would split on re-import); all examples go into the `example` cell one per line and
///   their translations into `example_translation` one per line, in the same order, so
///   they pair up again on import (line breaks inside one sentence become spaces);
///   memorized/bookmarked are `true`/`false`. Creation dates are kept only by JSON.
/// - quizlet: `term<TAB>meaning` per line; tabs and line breaks inside a term or meaning
///   become spaces.
/// - json: a `BookArchive` (lossless).
public enum WordExporter {
    /// The table columns, in order.
    public static let columns: [WordColumn] = [
        .term, .meaning, .reading, .partOfSpeech, .note, .synonyms, .antonyms, .example,
        .exampleTranslation,
        .tags, .memorized, .bookmarked,
    ]

    public static func export(
        name: String, description: String, words: [WordDraft], format: ImportFormat
    ) throws -> Data {
        switch format {
        case .csv:
            var data = Data([0xEF, 0xBB, 0xBF])
            data.append(contentsOf: table(words, delimiter: ",").utf8)
            return data
        case .tsv:
            return Data(table(words, delimiter: "\t").utf8)
        case .quizlet:
            var out = ""
            out.reserveCapacity(words.count * 24)
            for word in words {
                out += flatten(word.term, replacingTabs: true)
                out += "\t"
                out += flatten(word.meaning, replacingTabs: true)
                out += "\n"
            }
            return Data(out.utf8)
        case .json:
            return try BookArchiveCodec.encode(
                BookArchive(name: name, description: description, words: words))
        }
    }

    static func table(_ words: [WordDraft], delimiter: Character) -> String {
        var rows: [[String]] = [columns.map(\.headerName)]
        rows.reserveCapacity(words.count + 1)
        for word in words { rows.append(cells(of: word)) }
        return DelimitedText.write(rows, delimiter: delimiter)
    }

    /// A word's cells in `columns` order.
    public static func cells(of word: WordDraft) -> [String] {
        [
            word.term,
            word.meaning,
            word.reading,
            word.partOfSpeech,
            word.note,
            word.synonyms.joined(separator: "; "),
            word.antonyms.joined(separator: "; "),
            word.examples.map { flatten($0.sentence, replacingTabs: false) }.joined(
                separator: "\n"),
            exampleTranslations(word.examples),
            word.tags.joined(separator: "; "),
            word.memorized ? "true" : "false",
            word.bookmarked ? "true" : "false",
        ]
    }

    private static func exampleTranslations(_ examples: [WordExample]) -> String {
        if examples.count == 1 { return examples[0].translation }
        return examples.map { flatten($0.translation, replacingTabs: false) }.joined(
            separator: "\n")
    }

    /// Replaces line breaks (and tabs, when asked) with single spaces.
    static func flatten(_ text: String, replacingTabs: Bool) -> String {
        guard
            text.unicodeScalars.contains(where: {
                $0 == "\n" || $0 == "\r" || (replacingTabs && $0 == "\t")
            })
        else { return text }
        var out = ""
        var lastWasBreak = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || (replacingTabs && scalar == "\t") {
                if !lastWasBreak { out.unicodeScalars.append(" ") }
                lastWasBreak = true
            } else {
                out.unicodeScalars.append(scalar)
                lastWasBreak = false
            }
        }
        return out
    }
}
