import Foundation
import Testing
import VocabCore

@testable import AnkiPackage

/// The rows a book becomes in a schema 11 collection.
@Suite("Anki export rows")
struct AnkiSchema11Tests {
    let day: TimeInterval = 86_400
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func note(_ term: String, at offset: TimeInterval, forward: AnkiDeckExport.Card? = nil)
        -> AnkiDeckExport.Note
    {
        var word = WordDraft(term: term, meaning: "뜻")
        word.createdAt = start.addingTimeInterval(offset)
        return AnkiDeckExport.Note(wordID: UUID(), word: word, forward: forward)
    }

    @Test func checksumsAndSortFieldsAreAnkisOwn() {
        // Both from a package real Anki exported (scripts/anki/make_packages.py).
        #expect(AnkiSchema11.checksum("river") == 150_726_050)
        #expect(AnkiSchema11.checksum("apple [sound:apple.wav]") == 2_398_112_735)
        var apple = note("apple", at: 0)
        apple.sounds = ["apple.wav"]
        let rows = AnkiSchema11(
            AnkiDeckExport(
                bookName: "Fruit", studiesForward: true, studiesReverse: false, notes: [apple],
                exportedAt: start))
        #expect(rows.notes[0].sortField == "apple [sound:apple.wav]")
        #expect(rows.notes[0].checksum == 2_398_112_735)
        #expect(rows.notes[0].fields.hasPrefix("apple [sound:apple.wav]\u{1F}"))
    }

    @Test func textBecomesHTMLAndTagsLoseTheirSpaces() {
        #expect(AnkiSchema11.html("a < b & \"c\"\nd") == "a &lt; b &amp; &quot;c&quot;<br>d")
        #expect(AnkiSchema11.tags(["travel", "two words", " "]) == " travel two_words ")
        #expect(AnkiSchema11.tags([]) == "")
        #expect(AnkiSchema11.deckName("Korean › Basics") == "Korean::Basics")
        let id = UUID()
        #expect(AnkiSchema11.guid(id) == AnkiSchema11.guid(id), "the same word, the same guid")
        #expect(AnkiSchema11.guid(id) != AnkiSchema11.guid(UUID()))
    }

    @Test func idsStayUniqueAndCardsAreScheduledAsAnkiCountsDays() {
        let review = AnkiDeckExport.Card(
            state: .review, due: start.addingTimeInterval(10 * day), stability: 12.3456789,
            difficulty: 4.5, lastReview: start.addingTimeInterval(2 * day), reps: 3,
            reviews: [
                AnkiDeckExport.Review(
                    time: start.addingTimeInterval(2 * day), rating: 3, stateBefore: .learning,
                    dueBefore: start.addingTimeInterval(2 * day - 600),
                    lastReviewBefore: start.addingTimeInterval(2 * day - 1200),
                    stateAfter: .review, dueAfter: start.addingTimeInterval(10 * day),
                    durationMilliseconds: 90_000)
            ])
        let learning = AnkiDeckExport.Card(
            state: .learning, suspended: true, due: start.addingTimeInterval(600),
            lastReview: start, reps: 1)
        // Three words made in the same millisecond.
        let deck = AnkiDeckExport(
            bookName: "B", studiesForward: true, studiesReverse: true,
            notes: [
                note("a", at: 0, forward: review), note("b", at: 0, forward: learning),
                note("c", at: 0),
            ], exportedAt: start.addingTimeInterval(3 * day))
        let rows = AnkiSchema11(deck)
        #expect(Set(rows.notes.map(\.id)).count == 3)
        #expect(Set(rows.cards.map(\.id)).count == 6)
        #expect(rows.creation <= Int64(start.timeIntervalSince1970) && rows.creation % 86_400 == 0)

        let a = rows.cards[0]
        #expect(a.type == 2 && a.queue == 2 && a.interval == 8)
        #expect(
            a.due == (Int64(start.timeIntervalSince1970) + 10 * 86_400 - rows.creation) / 86_400)
        #expect(a.data.contains("\"s\":12.3457") && a.data.contains("\"d\":4.5"))
        let b = rows.cards[2]
        #expect(b.type == 1 && b.queue == -1 && b.due == Int64(start.timeIntervalSince1970) + 600)
        let c = rows.cards[4]
        #expect(c.type == 0 && c.queue == 0 && c.due == 3, "new, by position")
        #expect(rows.cards[1].type == 0 && rows.cards[1].ordinal == 1)

        let answer = rows.reviews[0]
        #expect(answer.ease == 3 && answer.type == 0 && answer.interval == 8)
        #expect(answer.lastInterval == -600 && answer.time == 60_000)
        #expect(rows.models.contains("\"name\":\"Maeil (both ways)\""))
    }
}
