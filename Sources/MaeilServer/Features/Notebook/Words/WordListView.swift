import MaeilAPI
import Vapor
import VocabCore

/// A piece of text that is or is not part of a search match.
struct TextSegment: Encodable, Sendable, Equatable {
    var text: String
    var hit: Bool
}

enum Highlighter {
    /// Splits `text` into segments around the match of `query`, found the way
    /// search finds it (`WordSearchMatcher`: folded substring, partly typed
    /// syllable, choseong, other keyboard layout, one-jamo typo).
    static func segments(_ text: String, query: String?) -> [TextSegment] {
        guard let query, !text.isEmpty else {
            return text.isEmpty ? [] : [TextSegment(text: text, hit: false)]
        }
        let characters = Array(text)
        var marked = [Bool](repeating: false, count: characters.count)
        if let match = WordSearchMatcher.match(WordSearchQuery(query), in: text, fuzzy: true) {
            for range in match.ranges {
                for i in range where i < marked.count { marked[i] = true }
            }
        }
        var segments: [TextSegment] = []
        for (character, hit) in zip(characters, marked) {
            if let last = segments.last, last.hit == hit {
                segments[segments.count - 1].text.append(character)
            } else {
                segments.append(TextSegment(text: String(character), hit: hit))
            }
        }
        return segments
    }

    /// The text as HTML: each piece escaped, matches in `<mark>`. A word list
    /// prints three per row; Leaf's loops and escaping over the pieces were
    /// most of a page's time.
    static func html(_ text: String, query: String?) -> String {
        guard query != nil else { return MarkupText.escaped(text) }
        return segments(text, query: query).map {
            $0.hit ? "<mark>\(MarkupText.escaped($0.text))</mark>" : MarkupText.escaped($0.text)
        }.joined()
    }
}

/// One word in a list (book page, search results, a day of the calendar).
struct WordRowView: Sendable {
    var id: String
    var bookID: String
    var bookName: String
    /// The plain term, for labels ("Select apple").
    var termText: String
    /// Escaped HTML with the search's matches marked (`Highlighter.html`).
    var termHTML: String
    var meaningHTML: String
    var readingHTML: String
    var partOfSpeech: String
    var hasReading: Bool
    var memorized: Bool
    var bookmarked: Bool

    init(_ word: WordRecord, highlight query: String? = nil) {
        id = StoredUUID.text(word.id)
        bookID = StoredUUID.text(word.bookID)
        bookName = word.bookName ?? ""
        termText = word.term
        hasReading = !word.reading.isEmpty
        termHTML = Highlighter.html(word.term, query: query)
        meaningHTML = Highlighter.html(word.meaning, query: query)
        readingHTML = Highlighter.html(word.reading, query: query)
        partOfSpeech = word.partOfSpeech
        memorized = word.memorized
        bookmarked = word.bookmarked
    }
}

/// The labels a word list's rows read, in the page's language.
struct WordRowLabels: Sendable {
    var select: String
    var speak: String
    var memorized: String
    var bookmarked: String

    init(_ req: Request) {
        select = req.text("bulkSelectWord")
        speak = req.text("japaneseSpeak")
        memorized = req.text("wordMemorized")
        bookmarked = req.text("wordBookmarked")
    }
}

/// The list of words with its selection and bulk bar (partial `word-list.leaf`).
struct WordListView: Encodable, Sendable {
    /// The rows, written here (`html(rows:…)`): Leaf's loop over a page of
    /// 50 rows, and the encoding of each row for it, were two thirds of a
    /// book page's time.
    var rowsHTML: String
    /// Books the selection can move to.
    var moveTargets: [OptionView]
    /// Where the bulk form returns to.
    var returnPath: String
    var showBook: Bool
    var emptyText: String
    var isEmpty: Bool
    /// The language its terms are spoken in: rows of one book get a speak button.
    var speechLanguage: String?

    init(
        rows: [WordRowView], labels: WordRowLabels, moveTargets: [OptionView],
        returnPath: String, showBook: Bool, emptyText: String, speechLanguage: String? = nil
    ) {
        self.init(
            rowsHTML: Self.html(
                rows: rows, labels: labels, showBook: showBook, speechLanguage: speechLanguage),
            isEmpty: rows.isEmpty, moveTargets: moveTargets, returnPath: returnPath,
            showBook: showBook, emptyText: emptyText, speechLanguage: speechLanguage)
    }

    /// A list whose rows are written already (`html(rows:…)`).
    init(
        rowsHTML: String, isEmpty: Bool, moveTargets: [OptionView], returnPath: String,
        showBook: Bool, emptyText: String, speechLanguage: String? = nil
    ) {
        self.rowsHTML = rowsHTML
        self.isEmpty = isEmpty
        self.speechLanguage = speechLanguage
        self.moveTargets = moveTargets
        self.returnPath = returnPath
        self.showBook = showBook
        self.emptyText = emptyText
    }

    /// Each row as `<li>`: its checkbox, term, reading, meaning, book, speak
    /// button and markers. Every text is escaped; the term, reading and
    /// meaning come escaped with the search's matches marked.
    static func html(
        rows: [WordRowView], labels: WordRowLabels, showBook: Bool, speechLanguage: String?
    ) -> String {
        let escape = MarkupText.escaped
        let select = escape(labels.select)
        let speak = escape(labels.speak)
        let memorized =
            "<span class=\"marker memorized\" title=\"\(escape(labels.memorized))\">✓"
            + "<span class=\"sr-only\"> \(escape(labels.memorized))</span></span>"
        let bookmarked =
            "<span class=\"marker bookmarked\" title=\"\(escape(labels.bookmarked))\">★"
            + "<span class=\"sr-only\"> \(escape(labels.bookmarked))</span></span>"
        var html = ""
        html.reserveCapacity(rows.count * 900)
        for row in rows {
            let id = escape(row.id)
            let term = escape(row.termText)
            html += """
                <li class="word-row" data-word-id="\(id)" data-speak="\(term)">
                <input type="checkbox" name="ids[]" value="\(id)" aria-label="\(select): \(term)" data-select-word>
                <div class="word-main">
                <a class="term" href="/words/\(id)">\(row.termHTML)</a>
                """
            if row.hasReading { html += "<span class=\"reading\">\(row.readingHTML)</span>" }
            html += "<span class=\"meaning\">\(row.meaningHTML)</span>"
            if showBook {
                html +=
                    "<a class=\"book-name\" href=\"/books/\(escape(row.bookID))\">\(escape(row.bookName))</a>"
            }
            html += "</div>"
            if speechLanguage != nil {
                html +=
                    "<button type=\"button\" class=\"link speak\" aria-label=\"\(speak): \(term)\" title=\"\(speak)\">\(speakIcon)</button>"
            }
            html += "<span class=\"markers\">"
            if row.memorized { html += memorized }
            if row.bookmarked { html += bookmarked }
            html += "</span></li>\n"
        }
        return html
    }

    /// The speaker drawn on speak buttons: the partial the templates use.
    static let speakIcon =
        (try? MaeilResources.data("Views/partials/speak-icon.leaf")).map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } ?? ""
}
