import MaeilAPI
import Vapor
import VocabCore

/// The review forms of a library book's page: write, edit and delete one's
/// review, the owner's reply, reports, and the administrators' hiding and
/// unpublishing. Each goes back to the book's reviews with a message; a
/// refusal (a blank review, a second one, too many at once) is the message,
/// and nothing is stored.
struct ReviewWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let book = routes.grouped("library", ":id")
        book.post("reviews", use: create)
        book.post("reviews", ":review", use: update)
        book.post("reviews", ":review", "delete", use: delete)
        book.post("reviews", ":review", "reply", use: reply)
        book.post("reviews", ":review", "report", use: report)
        book.post("reviews", ":review", "hide", use: hide)
        book.post("unpublish", use: unpublish)
    }

    struct ReviewForm: Content {
        var stars: Int?
        var text: String?
    }

    struct TextForm: Content {
        var text: String?
        var reason: String?
    }

    @Sendable func create(req: Request) async throws -> Response {
        let form = try req.content.decode(ReviewForm.self)
        return try await act(req, done: "flashReviewAdded") { store, bookID in
            _ = try await store.create(
                in: bookID, BookReviewDraft(stars: form.stars ?? 0, text: form.text ?? ""))
        }
    }

    @Sendable func update(req: Request) async throws -> Response {
        let form = try req.content.decode(ReviewForm.self)
        let id = try req.idParameter("review", "review")
        return try await act(req, done: "flashReviewSaved") { store, bookID in
            _ = try await store.update(
                id, in: bookID, BookReviewDraft(stars: form.stars ?? 0, text: form.text ?? ""))
        }
    }

    @Sendable func delete(req: Request) async throws -> Response {
        let id = try req.idParameter("review", "review")
        return try await act(req, done: "flashReviewDeleted") { store, bookID in
            try await store.delete(id, in: bookID)
        }
    }

    @Sendable func reply(req: Request) async throws -> Response {
        let form = try req.content.decode(TextForm.self)
        let id = try req.idParameter("review", "review")
        return try await act(req, done: "flashReplyAdded") { store, bookID in
            _ = try await store.reply(to: id, in: bookID, text: form.text ?? "")
        }
    }

    @Sendable func report(req: Request) async throws -> Response {
        let form = try req.content.decode(TextForm.self)
        let id = try req.idParameter("review", "review")
        return try await act(req, done: "flashReviewReported") { store, bookID in
            try await store.report(id, in: bookID, reason: form.reason ?? "")
        }
    }

    @Sendable func hide(req: Request) async throws -> Response {
        let id = try req.idParameter("review", "review")
        return try await act(req, done: "flashReviewHidden") { store, bookID in
            try await store.hide(id, in: bookID)
        }
    }

    /// Unpublished, the book's page is the owner's alone: back to the library.
    @Sendable func unpublish(req: Request) async throws -> Response {
        try await req.reviewStore().unpublish(try req.idParameter("id", "book"))
        req.flash("flashBookUnpublished")
        return req.redirect(to: "/library")
    }

    /// Runs a form's change and goes back to the book's reviews with `done`,
    /// or with what was refused. A missing book or review stays a 404 page.
    private func act(
        _ req: Request, done: String,
        _ change: (ReviewStore, UUID) async throws -> Void
    ) async throws -> Response {
        let bookID = try req.idParameter("id", "book")
        do {
            try await change(try req.reviewStore(), bookID)
            req.flash(done)
        } catch let error as ValidationError {
            req.flash(WebMessages.validation(error, req.uiLanguage), error: true)
        } catch let error as AppError where error.status != .notFound {
            req.flash(req.errorText(code: error.code, message: error.message), error: true)
        }
        return req.redirect(to: "/library/\(bookID)#reviews")
    }
}

/// Stars as text: ★★★★☆.
enum StarsView {
    static func text(_ stars: Int) -> String {
        let filled = min(max(stars, 0), 5)
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }
}

/// The reviews part of a library book's page.
struct ReviewSectionView: Encodable, Sendable {
    var bookID: String
    var countText: String
    var rating: RatingView?
    var items: [ReviewView]
    var hasItems: Bool
    var emptyText: String
    /// The reader may write a review (not the owner, none written yet).
    var canWrite: Bool
    var isOwn: Bool
    var mine: ReviewView?
    /// `mine` as a list, so that one template draws it and the others.
    var mineList: [ReviewView]
    /// 5 down to 1, for the form's choice.
    var starOptions: [OptionView]
    var textLimit: Int
    var replyLimit: Int
    var reasonLimit: Int
    /// What `relative-time.js` says, in the page's language.
    var timeWords: TimeWords

    struct TimeWords: Encodable, Sendable {
        var justNow: String
        var minutes: String
        var minutesOne: String
        var hours: String
        var hoursOne: String
    }

    init(
        _ page: ReviewPage, book: LibraryBook, readerID: UUID, readerIsAdmin: Bool, _ req: Request
    ) {
        let isOwn = book.ownerID == readerID
        let now = Date()
        bookID = book.id.uuidString
        countText = req.count("libraryReviewCount", page.total)
        rating = page.averageStars.map { RatingView($0, req) }
        // The reader's own review shows first, on its own; not again in the list.
        items = page.items.filter { $0.writerID != readerID }.map {
            ReviewView(
                $0, isOwnBook: isOwn, readerID: readerID, readerIsAdmin: readerIsAdmin, now: now,
                req)
        }
        hasItems = !items.isEmpty
        emptyText = req.text(isOwn ? "libraryNoReviewsOwn" : "libraryNoReviews")
        canWrite = !isOwn && page.mine == nil
        self.isOwn = isOwn
        mine = page.mine.map {
            ReviewView(
                $0, isOwnBook: isOwn, readerID: readerID, readerIsAdmin: readerIsAdmin, now: now,
                req)
        }
        mineList = mine.map { [$0] } ?? []
        starOptions = ReviewLimits.stars.reversed().map {
            OptionView(
                value: String($0), label: req.count("reviewStarOption", $0),
                selected: $0 == (page.mine?.stars ?? 5))
        }
        textLimit = ReviewLimits.text
        replyLimit = ReviewLimits.reply
        reasonLimit = ReviewLimits.reportReason
        let lang = req.uiLanguage
        timeWords = TimeWords(
            justNow: Localizer.text("timeJustNow", lang),
            minutes: Localizer.strings(lang)["timeMinutesAgo"] ?? "",
            minutesOne: Localizer.count("timeMinutesAgo", 1, lang),
            hours: Localizer.strings(lang)["timeHoursAgo"] ?? "",
            hoursOne: Localizer.count("timeHoursAgo", 1, lang))
    }
}

/// One review on the page.
struct ReviewView: Encodable, Sendable {
    var id: String
    var writerName: String
    /// The writer's own picture: each row asks for its writer's.
    var avatarURL: String
    var stars: Int
    var starsText: String
    var starsLabel: String
    var text: String
    var time: TimeView
    var edited: Bool
    var reply: String?
    var replyTime: TimeView?
    var isMine: Bool
    var isHidden: Bool
    var canReply: Bool
    var canReport: Bool
    var canHide: Bool

    init(
        _ review: BookReview, isOwnBook: Bool, readerID: UUID, readerIsAdmin: Bool, now: Date,
        _ req: Request
    ) {
        id = review.id.uuidString
        writerName = review.writerName
        avatarURL = review.writerAvatar.webURL
        stars = review.stars
        starsText = StarsView.text(review.stars)
        starsLabel = Localizer.format(
            "libraryRatingLabel", req.uiLanguage, ["rating": String(review.stars)])
        text = review.text
        time = TimeView(review.createdAt, now: now, req)
        edited = review.updatedAt.timeIntervalSince(review.createdAt) >= 1
        reply = review.reply
        replyTime = review.repliedAt.map { TimeView($0, now: now, req) }
        isMine = review.writerID == readerID
        isHidden = review.isHidden
        canReply = isOwnBook && review.reply == nil
        canReport = !isMine
        canHide = readerIsAdmin && !review.isHidden && !isMine
    }
}

/// A moment on the page: relative within a day (`relative-time.js` renews it),
/// the date after.
struct TimeView: Encodable, Sendable {
    /// ISO 8601, for `<time datetime>`.
    var iso: String
    var text: String
    /// The date, which the script shows once the moment is a day old.
    var dateText: String
    /// Full date and time, for the tooltip.
    var title: String
    var isRelative: Bool

    init(_ date: Date, now: Date, _ req: Request) {
        iso = ISO8601Timestamp.format(date)
        let relative = RelativeTimeText.relative(date, now: now, req.uiLanguage)
        dateText = RelativeTimeText.date(date, now: now, req.uiLanguage, timeZone: req.timeZone)
        text = relative ?? dateText
        title = req.dateTimeText(date)
        isRelative = relative != nil
    }
}
