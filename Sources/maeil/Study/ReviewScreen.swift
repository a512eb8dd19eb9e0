import Foundation
import Hangul
import MaeilAPI
import VocabCore

/// Spaced-repetition reviews: the prompt, Space to show the answer, 1–4 to rate
/// it, u to undo, q to quit. The answer can also be typed (t, or `--type` for
/// every card): Korean is composed from Latin keys as it is typed, checked, and a
/// rating suggested for the user to confirm.
final class ReviewScreen {
    private enum Phase {
        case asking
        case revealed
        /// `--type`: the answer line is open, but until the first letter u, q
        /// and Space are still commands (u undoes, not ㅕ).
        case ready(AnswerLineEditor)
        case typing(AnswerLineEditor)
        case checked(typed: String, check: TypedAnswerCheck)
    }

    static let ratingNames = [1: "Again", 2: "Hard", 3: "Good", 4: "Easy"]
    /// Cards fetched at a time; the queue is fetched again after every answer.
    private static let batch = 20

    private let terminal: Terminal
    private let backend: any StudyBackend
    /// The book studied, or nil for every book.
    private let bookName: String?
    /// The title's scope: the book (or all books), and "bookmarked" for `--bookmarked`.
    private let scope: String
    private let typesEveryAnswer: Bool

    private var queue: ReviewQueueDTO?
    /// Fetched when the queue runs dry: what the end of the session shows.
    private var summary: StudySummaryDTO?
    private var phase = Phase.asking
    private var shownAt = Date()
    private var message: ScreenMessage?
    private var answered = 0

    init(
        terminal: Terminal, backend: any StudyBackend, bookName: String?, scope: String,
        typesEveryAnswer: Bool
    ) {
        self.terminal = terminal
        self.backend = backend
        self.bookName = bookName
        self.scope = scope
        self.typesEveryAnswer = typesEveryAnswer
    }

    /// Runs until the user quits; returns a line to print afterwards.
    func run() async -> String {
        await reload()
        while true {
            frame().draw(on: terminal)
            let key = await terminal.readKey()
            if key == .interrupt || key == .endOfInput { break }
            guard let card = queue?.cards.first else {
                if key == .character("q") || key == .escape { break }
                if key == .character("u") { await undo() }
                if key == .character("r") || key == .enter || key == .character(" ") {
                    await reload()
                }
                if key == .character("m") { await studyMore() }
                if key == .character("a"), (summary?.reviewsAheadThisWeek ?? 0) > 0 {
                    await studyMore(aheadDays: 1)
                }
                continue
            }
            if await handle(key, on: card) == false { break }
        }
        return "Answered \(answered) card\(answered == 1 ? "" : "s")."
    }

    /// Acts on one key; false means quit.
    private func handle(_ key: Key, on card: StudyCardDTO) async -> Bool {
        switch phase {
        case .asking:
            switch key {
            case .character(" "), .enter: phase = .revealed
            case .character("t"): phase = .typing(editor(for: card))
            case .character("u"): await undo()
            case .character("q"), .escape: return false
            default: break
            }
        case .revealed:
            switch key {
            case .character(let character):
                if let rating = Self.rating(character) {
                    await answer(card, rating: rating)
                } else if character == "u" {
                    await undo()
                } else if character == "q" {
                    return false
                }
            case .escape: return false
            default: break
            }
        case .ready(var editor):
            switch key {
            case .character("u"): await undo()
            case .character("q"), .escape: return false
            case .character(" "), .enter: phase = .revealed
            case .tab, .control("t"):
                editor.toggleLayout()
                phase = .ready(editor)
            case .character(let character):
                editor.type(character)
                phase = .typing(editor)
            default: break
            }
        case .typing(var editor):
            switch key {
            case .character(let character): editor.type(character)
            case .backspace: editor.backspace()
            case .tab, .control("t"): editor.toggleLayout()
            case .enter:
                let typed = editor.finish()
                phase = .checked(
                    typed: typed,
                    check: TypedAnswer.check(
                        typed, expected: card.answer, reading: card.reading))
                return true
            case .escape:
                phase = .asking
                return true
            default: break
            }
            phase = .typing(editor)
        case .checked(_, let check):
            switch key {
            case .enter, .character(" "):
                await answer(card, rating: check.suggestedRating)
            case .character(let character):
                if let rating = Self.rating(character) {
                    await answer(card, rating: rating)
                } else if character == "u" {
                    await undo()
                } else if character == "q" {
                    return false
                }
            case .escape: return false
            default: break
            }
        }
        return true
    }

    private static func rating(_ character: Character) -> Int? {
        guard let digit = character.wholeNumberValue, (1...4).contains(digit), character.isASCII
        else { return nil }
        return digit
    }

    /// The input for a typed answer: Hangul when the answer is Korean, kana when it is
    /// Japanese (kana, or kanji read in kana), Latin otherwise.
    private func editor(for card: StudyCardDTO) -> AnswerLineEditor {
        if Hangul.containsHangul(card.answer) { return AnswerLineEditor(layout: .hangul) }
        if TypedAnswer.isJapanese(card.answer, reading: card.reading) {
            return AnswerLineEditor(layout: .kana)
        }
        return AnswerLineEditor(layout: .latin)
    }

    private func answer(_ card: StudyCardDTO, rating: Int) async {
        let elapsed = Int(Date().timeIntervalSince(shownAt) * 1000)
        do {
            try await backend.answer(card, rating: rating, elapsedMilliseconds: elapsed)
            answered += 1
            let name = Self.ratingNames[rating] ?? String(rating)
            let interval = card.intervals[String(rating)].map { " · back in \($0)" } ?? ""
            message = .note("\(card.prompt) → \(name)\(interval)")
        } catch {
            message = .failure(error)
        }
        await reload(keepingMessage: true)
    }

    private func undo() async {
        do {
            let card = try await backend.undo()
            answered = max(0, answered - 1)
            message = .note("Took back the answer to \(card.prompt).")
        } catch {
            message = .failure(error)
        }
        await reload(keepingMessage: true)
    }

    /// `m`: ten more new cards when the new-card limit holds some back, else
    /// fifty more reviews; `a`: tomorrow's reviews now.
    private func studyMore(aheadDays: Int = 0) async {
        let held = Set(summary?.held.map(\.kind) ?? [])
        guard aheadDays > 0 || !held.isEmpty else { return }
        let newCards = aheadDays == 0 && held.contains("new") ? 10 : 0
        let reviews = aheadDays == 0 && newCards == 0 ? 50 : 0
        do {
            _ = try await backend.studyMore(
                newCards: newCards, reviews: reviews, aheadDays: aheadDays)
            message = .note(
                aheadDays > 0
                    ? "Tomorrow's reviews are in today's queue."
                    : newCards > 0 ? "10 more new cards today." : "50 more reviews today.")
        } catch {
            message = .failure(error)
        }
        await reload(keepingMessage: true)
    }

    private func reload(keepingMessage: Bool = false) async {
        if !keepingMessage { message = nil }
        do {
            queue = try await backend.queue(limit: Self.batch)
            summary = queue?.cards.isEmpty == true ? try await backend.summary() : nil
        } catch {
            message = .failure(error)
        }
        if let card = queue?.cards.first, typesEveryAnswer {
            phase = .ready(editor(for: card))
        } else {
            phase = .asking
        }
        shownAt = Date()
    }

    // MARK: - Drawing

    /// "Today: 12 answered · 83% right · 4 min 10 s", when the next card is
    /// due, and what today's limits hold back.
    static func summaryLines(_ summary: StudySummaryDTO) -> [String] {
        var today = ["Today: \(summary.answered) answered"]
        if let percent = summary.rightPercent { today.append("\(percent)% right") }
        if summary.answered > 0 { today.append(duration(Double(summary.elapsedMs) / 1000)) }
        var lines = [today.joined(separator: " · ")]
        if let next = summary.nextDue {
            lines.append("Next card in \(duration(max(60, next.timeIntervalSinceNow))).")
        }
        for held in summary.held {
            let what = held.kind == "new" ? "new cards" : "reviews"
            let limit =
                held.limit.map {
                    "\(held.owner == "book" ? "this book's" : "the") daily limit (\($0)) is reached"
                } ?? "their books' daily limits hold them"
            lines.append("\(held.cards) \(what) wait: \(limit).")
        }
        return lines
    }

    /// "4 min 10 s", "3 h 5 min", "8 days".
    static func duration(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded()))
        if total >= 86_400 { return total / 86_400 == 1 ? "1 day" : "\(total / 86_400) days" }
        if total >= 3_600 { return "\(total / 3_600) h \(total % 3_600 / 60) min" }
        if total >= 60 { return "\(total / 60) min \(total % 60) s" }
        return "\(total) s"
    }

    private func frame() -> ScreenFrame {
        var frame = ScreenFrame(
            title: "매일 Maeil · Review · \(scope)", message: message)
        guard let queue else {
            frame.keys = ["r retry · q quit"]
            return frame
        }
        frame.status =
            "New \(queue.newCount) · Learning \(queue.learningCount) · Review \(queue.reviewCount)"
        guard let card = queue.cards.first else {
            frame.body = [
                "", "   " + ScreenText.styled("Nothing to review right now.", ScreenText.bold),
            ]
            if let due = queue.nextLearningDue {
                let time = due.formatted(date: .omitted, time: .shortened)
                frame.body.append("   The next learning card comes back at \(time).")
            }
            var more: [String] = []
            if let summary {
                frame.body += [""] + Self.summaryLines(summary).map { "   " + $0 }
                if let held = summary.held.first {
                    more.append(held.kind == "new" ? "m +10 new cards" : "m +50 reviews")
                }
                if summary.reviewsAheadThisWeek > 0 { more.append("a review ahead") }
            }
            // Within 80 columns: the undo key is said shorter beside the offers.
            frame.keys = [
                (more + ["r reload", more.isEmpty ? "u undo the last answer" : "u undo", "q quit"])
                    .joined(separator: " · ")
            ]
            return frame
        }
        // Across all books, say which book the card is from.
        let tag = [card.state.rawValue, bookName == nil ? card.bookName : nil].compactMap { $0 }
            .joined(separator: " · ")
        frame.body = [
            "",
            "   " + ScreenText.styled(card.prompt, ScreenText.bold) + "   "
                + ScreenText.styled("[\(tag)]", ScreenText.dim), "",
        ]
        if card.prompt.isEmpty || card.answer.isEmpty {
            frame.body += [Self.noMeaning, ""]
        }
        switch phase {
        case .asking:
            frame.keys = ["Space show the answer · t type it · u undo · q quit"]
        case .revealed:
            frame.body += answerLines(card)
            frame.keys = [ratingsLine(card, suggested: nil), "1–4 answer · u undo · q quit"]
        case .ready(let editor):
            frame.body += answerLine(editor)
            frame.keys = [
                "Type the answer · Tab \(editor.toggledLayout.label) · Space show it · u undo · q quit"
            ]
        case .typing(let editor):
            frame.body += answerLine(editor)
            frame.keys = [
                "Enter check · Backspace delete · Tab \(editor.toggledLayout.label) · Esc back"
            ]
        case .checked(let typed, let check):
            let verdict =
                switch check.verdict {
                case .right: ScreenText.styled("✓ correct", ScreenText.green)
                case .close: ScreenText.styled("≈ almost: \(check.sense)", ScreenText.yellow)
                case .wrong: ScreenText.styled("✗ wrong", ScreenText.red)
                }
            frame.body.append("   > " + typed + "   " + verdict)
            frame.body.append("")
            frame.body += answerLines(card)
            let suggested = check.suggestedRating
            frame.keys = [
                ratingsLine(card, suggested: suggested),
                "Enter: \(suggested) \(Self.ratingNames[suggested] ?? "") · 1–4 answer · u undo · q quit",
            ]
        }
        return frame
    }

    private func answerLine(_ editor: AnswerLineEditor) -> [String] {
        [
            "   Type the answer   " + layoutBadge(editor),
            "   > " + editor.committed + ScreenText.styled(editor.preedit, ScreenText.underline)
                + "▏",
        ]
    }

    /// A word without a meaning makes a card with a blank side: say so, and where to fix it.
    static let noMeaning =
        "   "
        + ScreenText.styled(
            "This word has no meaning yet: add one on its page in the web app.", ScreenText.yellow)

    private func answerLines(_ card: StudyCardDTO) -> [String] {
        var lines = [
            "   " + ScreenText.styled("─────", ScreenText.dim),
            "   " + ScreenText.styled(card.answer, ScreenText.bold + ScreenText.green),
        ]
        let details = [card.reading, card.partOfSpeech].filter { !$0.isEmpty }.joined(
            separator: " · ")
        if !details.isEmpty { lines.append("   " + ScreenText.styled(details, ScreenText.dim)) }
        return lines
    }

    /// "1 Again 1m   2 Hard 6m   3 Good 10m   4 Easy 3d", the suggested one highlighted.
    private func ratingsLine(_ card: StudyCardDTO, suggested: Int?) -> String {
        (1...4).map { rating in
            let text =
                "\(rating) \(Self.ratingNames[rating] ?? "") \(card.intervals[String(rating)] ?? "")"
            return rating == suggested ? ScreenText.styled("[\(text)]", ScreenText.inverse) : text
        }.joined(separator: "   ")
    }

    private func layoutBadge(_ editor: AnswerLineEditor) -> String {
        ScreenText.styled("[\(editor.layout.label)]", ScreenText.cyan)
            + ScreenText.styled(" Tab: \(editor.toggledLayout.label)", ScreenText.dim)
    }
}
