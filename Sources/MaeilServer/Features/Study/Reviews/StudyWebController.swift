import FSRS
import MaeilAPI
import Vapor
import VocabCore

/// Reviews in the browser: an overview with today's counts per book and the
/// scheduler settings, and the review screen (space shows the answer, 1–4
/// answer, U undoes). Plain forms, so it works without JavaScript too.
struct StudyWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let study = routes.grouped("study")
        study.get(use: overview)
        study.post("settings", use: saveSettings)
        study.post("books", ":id", "directions", use: setDirections)
        study.post("books", ":id", "limits", use: setLimits)
        study.get("review", use: review)
        study.post("review", "answer", use: answer)
        study.post("review", "undo", use: undo)
        study.post("review", "more", use: studyMore)
        study.post("unsuspend", use: unsuspend)
    }

    struct BookRow: Encodable, Sendable {
        var id: String
        var name: String
        var dueText: String
        var hasCards: Bool
        var directions: [OptionView]
        /// The book's own limits as typed ("" for none) and as a short line.
        var newPerDay: String
        var reviewsPerDay: String
        var limitsText: String
    }

    struct OverviewData: Encodable, Sendable {
        var dashboard: DashboardView
        var dueText: String
        var hasCards: Bool
        var books: [BookRow]
        var newPerDay: Int
        var reviewsPerDay: Int
        var retentionPercent: Int
        var memorizedInNew: Bool
        var speakTerms: Bool
        /// "카드 3장이 보류되어 복습에 나오지 않습니다", when there are such cards.
        var suspendedText: String?
    }

    @Sendable func overview(req: Request) async throws -> Response {
        let reviews = try req.reviews()
        let day = try await reviews.today()
        let now = day.now
        let all = try await reviews.queue(bookID: nil, day: day, limit: 1)
        let due = try await reviews.cards.dueCountsByBook(day: day)
        let rows = try await req.bookStore().list().map { book in
            let own = day.bookLimits[book.id] ?? BookLimits()
            let counts = (due[book.id] ?? DueCounts()).capped(by: day, book: book.id)
            return BookRow(
                id: book.id.uuidString, name: book.name,
                dueText: Self.countsText(
                    req, new: counts.new, learning: counts.learning, reviews: counts.reviews),
                hasCards: counts.new + counts.learning + counts.reviews > 0,
                directions: StudyDirections.allCases.map {
                    OptionView(
                        value: $0.rawValue,
                        label: req.text("direction" + $0.rawValue.capitalized),
                        selected: $0 == book.studyDirections)
                },
                newPerDay: own.newPerDay.map(String.init) ?? "",
                reviewsPerDay: own.reviewsPerDay.map(String.init) ?? "",
                limitsText: Self.limitsText(req, own))
        }
        let settings = day.settings
        let suspended = try await reviews.cards.suspendedCount(bookID: nil)
        let data = OverviewData(
            dashboard: try await DashboardView(req, queue: all, now: now),
            dueText: Self.countsText(req, all), hasCards: !all.cards.isEmpty, books: rows,
            newPerDay: settings.limits.newPerDay, reviewsPerDay: settings.limits.reviewsPerDay,
            retentionPercent: Int((settings.parameters.desiredRetention * 100).rounded()),
            memorizedInNew: settings.memorizedInNew, speakTerms: settings.speakTerms,
            suspendedText: suspended == 0 ? nil : req.count("studySuspended", suspended))
        return try await req.renderPage("study/study", title: "navStudy", nav: "study", data: data)
    }

    static func countsText(_ req: Request, _ queue: ReviewQueue) -> String {
        countsText(
            req, new: queue.newCount, learning: queue.learningCount, reviews: queue.reviewCount)
    }

    static func countsText(_ req: Request, new: Int, learning: Int, reviews: Int) -> String {
        Localizer.format(
            "studyCounts", req.uiLanguage,
            ["new": String(new), "learning": String(learning), "review": String(reviews)])
    }

    struct SettingsForm: Content {
        var newPerDay: String
        var reviewsPerDay: String
        var retentionPercent: String
        var memorizedInNew: String?
        var speakTerms: String?
    }

    @Sendable func unsuspend(req: Request) async throws -> Response {
        let count = try await CardStore(db: req.db, userID: try req.requireUserID())
            .unsuspend(bookID: nil)
        req.flash(req.count("flashUnsuspended", count))
        return req.redirect(to: "/study")
    }

    @Sendable func saveSettings(req: Request) async throws -> Response {
        let form = try req.content.decode(SettingsForm.self)
        let store = try req.studySettings()
        var settings = try await store.get()
        guard let new = Int(form.newPerDay.trimmingCharacters(in: .whitespaces)),
            let reviews = Int(form.reviewsPerDay.trimmingCharacters(in: .whitespaces)),
            let percent = Double(form.retentionPercent.trimmingCharacters(in: .whitespaces)),
            (70...99).contains(percent)
        else {
            req.flash("studySettingsInvalid", error: true)
            return req.redirect(to: "/study")
        }
        settings.limits = StudyLimits(newPerDay: new, reviewsPerDay: reviews)
        settings.parameters.desiredRetention = percent / 100
        settings.memorizedInNew = form.memorizedInNew == "on"
        settings.speakTerms = form.speakTerms == "on"
        if settings.problem != nil {
            req.flash("studySettingsInvalid", error: true)
            return req.redirect(to: "/study")
        }
        try await store.put(settings)
        req.flash("studySettingsSaved")
        return req.redirect(to: "/study")
    }

    /// "하루 한도: 새 카드 10 · 복습 전체 한도대로".
    static func limitsText(_ req: Request, _ limits: BookLimits) -> String {
        let none = req.text("studyLimitNone")
        return Localizer.format(
            "studyBookLimits", req.uiLanguage,
            [
                "new": limits.newPerDay.map(String.init) ?? none,
                "reviews": limits.reviewsPerDay.map(String.init) ?? none,
            ])
    }

    struct LimitsForm: Content {
        var newPerDay: String?
        var reviewsPerDay: String?
    }

    /// A blank field is no limit of the book's own.
    @Sendable func setLimits(req: Request) async throws -> Response {
        let bookID = try await req.ownBook()
        let form = try req.content.decode(LimitsForm.self)
        func limit(_ raw: String?) -> Int?? {
            let text = (raw ?? "").trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return .some(nil) }
            return Int(text).map { .some($0) }
        }
        guard let new = limit(form.newPerDay), let reviews = limit(form.reviewsPerDay),
            BookLimits(newPerDay: new, reviewsPerDay: reviews).problem == nil
        else {
            req.flash("studyLimitsInvalid", error: true)
            return req.redirect(to: "/study")
        }
        try await req.studyDays().setLimits(
            BookLimits(newPerDay: new, reviewsPerDay: reviews), of: bookID)
        req.flash("studyLimitsSaved")
        return req.redirect(to: "/study")
    }

    struct DirectionsForm: Content {
        var directions: String
    }

    @Sendable func setDirections(req: Request) async throws -> Response {
        let id = try req.idParameter("id", "book")
        let form = try req.content.decode(DirectionsForm.self)
        _ = try await req.bookStore().update(
            id, try BookPatch(studyDirections: form.directions).changes())
        req.flash("studyDirectionsSaved")
        return req.redirect(to: "/study")
    }

    struct RatingButton: Encodable, Sendable {
        var rating: Int
        var label: String
        var interval: String
        /// The rating a typed answer proposes.
        var proposed = false
    }

    struct ReviewData: Encodable, Sendable {
        var scope: ReviewScopeFields
        var bookName: String?
        /// Bookmarked words only, typed answers: the switches as links.
        var bookmarkedOnly: Bool
        var typing: Bool
        var typingToggleHref: String
        /// The typed answer, checked; nil before one is typed.
        var typed: TypedAnswerView?
        /// The keyboard the answer is typed on: "hangul", "kana" or "plain".
        var answerKeyboard: String
        var countsText: String
        var card: StudyCardDTO?
        /// The card's book's term language, for its speak button.
        var speechLanguage: String?
        /// When the card speaks its term by itself (the `speakTerms` setting):
        /// "shown" as the page opens (the term is on it), "answer" when the
        /// answer is shown, or "" (never).
        var autoSpeak: String
        /// The word's sounds and pictures, shown with the answer.
        var media: [WordMediaView]
        var ratings: [RatingButton]
        var nextText: String?
        var shownAt: Int
        var summary: SummaryView?
    }

    /// The end of a session, worded for the page.
    struct SummaryView: Encodable, Sendable {
        var title: String
        var scope: String
        var answered: String
        var right: String
        var time: String
        var next: String
        var held: [String]
        var newHeld: Bool
        var moreNew: Int
        var reviewsHeld: Bool
        var moreReviews: Int
        var aheadCount: Int
        var aheadOptions: [OptionView]

        init(_ req: Request, _ summary: StudySummary, inBook: Bool, now: Date) {
            let lang = req.uiLanguage
            title = req.text(summary.held.isEmpty ? "studySummaryTitle" : "studySummaryLimitTitle")
            scope = req.text(inBook ? "studySummaryScopeBook" : "studySummaryScopeAll")
            answered = Localizer.format("studyCardsCount", lang, ["n": String(summary.answered)])
            right = summary.rightPercent.map { "\($0)%" } ?? "—"
            time = DurationText.text(Double(summary.elapsedMilliseconds) / 1000, lang)
            next =
                summary.nextDue.map {
                    Localizer.format(
                        "studySummaryNextIn", lang,
                        ["time": DurationText.text(max(60, $0.timeIntervalSince(now)), lang)])
                } ?? req.text("studySummaryNoNext")
            held = summary.held.map { held in
                let key =
                    switch (held.kind, held.limit == nil ? nil : held.owner) {
                    case (.new, .user): "studyHeldNewUser"
                    case (.new, .book): "studyHeldNewBook"
                    case (.new, nil): "studyHeldNewBooks"
                    case (.reviews, .user): "studyHeldReviewsUser"
                    case (.reviews, .book): "studyHeldReviewsBook"
                    case (.reviews, nil): "studyHeldReviewsBooks"
                    }
                return Localizer.format(
                    key, lang,
                    ["cards": String(held.cards), "limit": held.limit.map(String.init) ?? ""])
            }
            let newHeld = summary.held.first { $0.kind == .new }
            self.newHeld = newHeld != nil
            moreNew = min(newHeld?.cards ?? 10, 10)
            let reviewsHeld = summary.held.first { $0.kind == .reviews }
            self.reviewsHeld = reviewsHeld != nil
            moreReviews = min(reviewsHeld?.cards ?? 50, 50)
            aheadCount = summary.reviewsAheadThisWeek
            aheadOptions = [1, 3, 7].map {
                OptionView(
                    value: String($0),
                    label: Localizer.format("studyAheadDays", lang, ["n": String($0)]),
                    selected: $0 == 1)
            }
        }
    }

    @Sendable func review(req: Request) async throws -> Response {
        let scope = try await ReviewPageScope(req)
        let bookID = scope.book
        let reviews = try req.reviews(bookmarkedOnly: scope.bookmarkedOnly)
        let queue = try await reviews.queue(bookID: bookID, limit: 1)
        let now = queue.day.now
        let named = try await Self.namedCard(req, bookID: bookID, now: now)
        let card = named ?? ReviewQueueDTO(queue).cards.first
        // An empty answer (the field sent blank) asks again.
        let typedText =
            named == nil
            ? nil
            : req.queryValue("typed").flatMap {
                $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0
            }
        let typed = card.flatMap { card in
            typedText.map {
                TypedAnswerView(
                    req, typed: $0,
                    TypedAnswer.check($0, expected: card.answer, reading: card.reading))
            }
        }
        let labels = ["ratingAgain", "ratingHard", "ratingGood", "ratingEasy"]
        let bookName = try await bookID.asyncMap { try await req.bookStore().find($0).name }
        var toggled = scope
        toggled.typing.toggle()
        let data = ReviewData(
            scope: scope.fields, bookName: bookName, bookmarkedOnly: scope.bookmarkedOnly,
            typing: scope.typing, typingToggleHref: toggled.path(), typed: typed,
            answerKeyboard: card.map {
                TypedAnswer.keyboard(answer: $0.answer, reading: $0.reading).rawValue
            } ?? "",
            countsText: Self.countsText(req, queue), card: card,
            speechLanguage: try await card.asyncMap {
                try await req.bookStore().summary($0.bookID).languages.term
            },
            autoSpeak: card.map { card in
                guard queue.day.settings.speakTerms else { return "" }
                return card.direction == .forward || typed != nil ? "shown" : "answer"
            } ?? "",
            media: try await card.asyncMap { try await WordMediaView.list($0.wordID, for: req) }
                ?? [],
            ratings: card.map { card in
                (1...4).map {
                    RatingButton(
                        rating: $0, label: req.text(labels[$0 - 1]),
                        interval: DurationText.interval(
                            card.intervals[String($0)] ?? "", req.uiLanguage),
                        proposed: typed?.proposed == $0)
                }
            } ?? [],
            nextText: queue.nextLearningDue.map {
                Localizer.format(
                    "studyNextLearning", req.uiLanguage,
                    [
                        "time": DurationText.interval(
                            IntervalFormatter.short(max(60, $0.timeIntervalSince(now))),
                            req.uiLanguage)
                    ])
            },
            shownAt: Int(now.timeIntervalSince1970 * 1000),
            summary: card == nil
                ? SummaryView(
                    req, try await reviews.summary(of: queue, bookID: bookID),
                    inBook: bookID != nil, now: now)
                : nil)
        return try await req.renderPage(
            "study/review", title: "studyReviewTitle", nav: "study", data: data)
    }

    /// The card the address names (`?card=&direction=`: one an undo brought
    /// back, or one whose answer was just typed), shown before the queue's
    /// next; nil when it names no card of the book.
    private static func namedCard(_ req: Request, bookID: UUID?, now: Date) async throws
        -> StudyCardDTO?
    {
        guard let id = req.query[UUID.self, at: "card"],
            let direction = req.query[String.self, at: "direction"].flatMap(CardDirection.init),
            let returned = try? await req.reviews().reviewed(wordID: id, direction: direction),
            bookID == nil || returned.card.word.bookID == bookID
        else { return nil }
        return StudyCardDTO(returned, now: now)
    }

    struct AnswerForm: Content {
        var wordID: UUID
        var direction: String
        var version: Int
        var rating: Int
        var shownAt: Int?
    }

    @Sendable func answer(req: Request) async throws -> Response {
        let form = try req.content.decode(AnswerForm.self)
        // From the page's own clock reading: never negative, even if the form was edited.
        let elapsed =
            form.shownAt.map { max(0, Int(Date().timeIntervalSince1970 * 1000) - $0) } ?? 0
        let input = ReviewAnswerInput(
            wordID: form.wordID, direction: form.direction, rating: form.rating,
            version: form.version, elapsedMs: elapsed)
        do {
            _ = try await req.reviews().answer(try input.validated())
        } catch let error as AppError where error.status == .conflict {
            req.flash(error.code == .notDue ? "studyNotDue" : "studyAlreadyAnswered", error: true)
        }
        return req.redirect(to: try await Self.scope(req).path())
    }

    /// The scope the form on the review screen carries.
    private static func scope(_ req: Request) async throws -> ReviewPageScope {
        try await ReviewPageScope(req, form: try req.content.decode(ReviewScopeFields.self))
    }

    @Sendable func undo(req: Request) async throws -> Response {
        // Only this screen's answers: a book's screen never takes back an
        // answer given to another book.
        let scope = try await Self.scope(req)
        do {
            let returned = try await req.reviews().undo(inBook: scope.book)
            req.flash("studyUndone")
            return req.redirect(to: scope.path(showing: returned.card))
        } catch let error as AppError where error.status == .conflict {
            req.flash(
                error.code == .nothingToUndo ? "studyNothingToUndo" : "studyCannotUndo", error: true
            )
        }
        return req.redirect(to: scope.path())
    }

    struct MoreForm: Content {
        var newCards: String?
        var reviews: String?
        var aheadDays: String?
    }

    /// "Study more today" from the end of a session: one of its three forms.
    @Sendable func studyMore(req: Request) async throws -> Response {
        let form = try req.content.decode(MoreForm.self)
        let scope = try await Self.scope(req)
        let bookID = scope.book
        func number(_ raw: String?) -> Int? {
            let text = (raw ?? "").trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? 0 : Int(text)
        }
        do {
            guard let new = number(form.newCards), let reviews = number(form.reviews),
                let ahead = number(form.aheadDays)
            else { throw AppError.invalid("not a number") }
            try await req.reviews().studyMore(
                CardTally(new: new, reviews: reviews), aheadDays: ahead, bookID: bookID)
            req.flash("studyMoreAdded")
        } catch let error as AppError where error.status == .unprocessableEntity {
            req.flash("studyMoreInvalid", error: true)
        }
        return req.redirect(to: scope.path())
    }
}
