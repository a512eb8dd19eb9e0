import MaeilAPI
import Vapor
import VocabCore

struct WordsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.bulkWords, use: bulk)
        routes.on(.word, use: show)
        routes.on(.updateWord, use: update)
        routes.on(.replaceWord, use: replace)
        routes.on(.deleteWord, use: delete)
        routes.on(.wordMediaFile) { try await $0.wordMediaResponse() }
        routes.on(.search, use: search)
        routes.on(.calendar, use: calendar)
        routes.on(.calendarDay, use: day)
        routes.on(.calendarDayAction, use: dayAction)
    }

    @Sendable func show(req: Request) async throws -> WordDTO {
        WordDTO(try await req.wordStore().find(try req.idParameter("id", "word")))
    }

    @Sendable func update(req: Request) async throws -> WordDTO {
        let id = try req.idParameter("id", "word")
        let store = try req.wordStore()
        let current = try await store.find(id)
        let patch = try req.content.decode(WordPatch.self)
        return WordDTO(
            try await store.update(id, patch.applied(to: current.draft), moveTo: patch.bookID))
    }

    @Sendable func replace(req: Request) async throws -> WordDTO {
        let id = try req.idParameter("id", "word")
        let store = try req.wordStore()
        let current = try await store.find(id)
        let input = try req.content.decode(WordInput.self)
        var draft = input.draft()
        draft.createdAt = current.createdAt
        return WordDTO(try await store.update(id, draft, moveTo: input.bookID))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        try await req.wordStore().delete(try req.idParameter("id", "word"))
        return .noContent
    }

    @Sendable func bulk(req: Request) async throws -> BulkResultDTO {
        BulkResultDTO(
            affected: try await req.wordStore().bulk(try req.content.decode(BulkRequest.self).edit))
    }

    /// `?q=&bookID=&page=&perPage=`: across all books, or in one.
    @Sendable func search(req: Request) async throws -> SearchResultDTO {
        guard let q = req.queryValue("q"),
            !q.trimmingCharacters(in: .whitespaces).isEmpty
        else { throw AppError.invalid("q must not be empty") }
        guard q.count <= 200 else { throw AppError.invalid("q is longer than 200 characters") }
        var filter = try WordListQuery.filter(from: req)
        if let bookID = try await req.studiedBook() { filter.bookID = bookID }
        // Within a rank, alphabetical unless asked: the order the web's search shows.
        let (sort, page, perPage) = try WordListQuery.paging(
            from: req, defaultSort: .searchResults)
        let result = try await req.wordStore().list(
            filter, sort: sort, page: page, perPage: perPage)
        return SearchResultDTO(
            query: q, items: result.items.map(WordDTO.init), total: result.total,
            totalCapped: result.totalCapped)
    }

    /// `?month=YYYY-MM` (default: this month): how many words were added each day.
    @Sendable func calendar(req: Request) async throws -> CalendarMonthDTO {
        let days = req.days
        let month = try CalendarQuery.month(req, days)
        let counts = try await req.wordStore().calendar(month)
        return CalendarMonthDTO(
            month: month.description, previous: month.previous.description,
            next: month.next.description,
            days: counts.map { CalendarDayDTO(date: $0.date.description, count: $0.count) },
            total: counts.reduce(0) { $0 + $1.count })
    }

    /// The words added on one day, `?sort=recent|oldest|memorized|not-memorized|random`.
    @Sendable func day(req: Request) async throws -> WordPageDTO {
        let date = try CalendarQuery.date(req)
        var filter = try WordListQuery.filter(from: req)
        filter.day = date
        let (sort, page, perPage) = try WordListQuery.paging(from: req)
        return WordPageDTO(
            try await req.wordStore().list(filter, sort: sort, page: page, perPage: perPage))
    }

    /// `POST calendar/{date}/memorize-all` or `…/delete-all`.
    @Sendable func dayAction(req: Request) async throws -> BulkResultDTO {
        let date = try CalendarQuery.date(req)
        guard let action = DayAction(rawValue: req.parameters.get("action") ?? "") else {
            throw AppError.notFound("day action")
        }
        return BulkResultDTO(affected: try await req.wordStore().apply(action, toDay: date))
    }
}
