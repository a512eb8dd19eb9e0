import Fluent
import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Reviews of shared books (issue 14, part 4), on both databases.
@Suite("Reviews over the API")
struct ReviewAPITests {
    /// A public book of a new user "owner" with one word.
    private func publishedBook(_ app: Application, _ visibility: String = "public")
        async throws -> (owner: API, book: BookDTO)
    {
        let owner = try await API.signUp(app, "owner")
        let book = try await owner.createBook("토익 필수 단어")
        _ = try await owner.addWord(book.id, "abandon", "버리다")
        let response = try await owner.send(
            .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": visibility])
        #expect(response.status == .ok, "\(response.body.string)")
        return (owner, book)
    }

    private func review(_ api: API, _ book: UUID, _ stars: Int, _ text: String) async throws
        -> TestingHTTPResponse
    {
        try await api.send(
            .POST, "/api/v1/books/\(book)/reviews", json: ReviewInput(stars: stars, text: text))
    }

    private func reviews(_ api: API, _ book: UUID, _ query: String = "") async throws
        -> ReviewPageDTO
    {
        let response = try await api.send(.GET, "/api/v1/books/\(book)/reviews\(query)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(ReviewPageDTO.self, response)
    }

    private func libraryEntry(_ api: API, _ book: UUID) async throws -> LibraryBookDTO {
        try api.decode(
            LibraryBookDetailDTO.self, try await api.send(.GET, "/api/v1/library/\(book)")
        ).book
    }

    @Test func aReviewIsCheckedAndStoredOncePerReader() async throws {
        try await withMaeilApp { app in
            let (owner, book) = try await publishedBook(app)
            let jisoo = try await API.signUp(app, "jisoo")

            // Refused, and nothing stored.
            for (stars, text, code) in [
                (5, "", "invalid_input"), (5, "  \n\t ", "invalid_input"),
                (5, String(repeating: "가", count: 2_001), "invalid_input"),
                (0, "좋아요", "invalid_input"), (6, "좋아요", "invalid_input"),
                (5, "nul \u{0}", "invalid_input"),
            ] {
                let response = try await review(jisoo, book.id, stars, text)
                #expect(response.status == .unprocessableEntity, "\(stars) \(text.prefix(10))")
                #expect(jisoo.errorCode(response) == code)
            }
            let blank = try await review(jisoo, book.id, 5, " ")
            #expect(blank.body.string.contains("Please write a review"))
            #expect(try await reviews(jisoo, book.id).total == 0)
            #expect(try await libraryEntry(jisoo, book.id).reviewCount == 0)

            let own = try await review(owner, book.id, 5, "제 단어장 최고")
            #expect(own.status == .forbidden && owner.errorCode(own) == "own_book")

            let longest = String(repeating: "가", count: 2_000)
            let created = try await review(jisoo, book.id, 4, "  예문이 좋아요\n추천합니다  ")
            #expect(created.status == .created, "\(created.body.string)")
            let first = try jisoo.decode(ReviewDTO.self, created)
            #expect(first.text == "예문이 좋아요\n추천합니다", "trimmed, the line break kept")
            #expect(first.stars == 4 && first.isMine && first.writer.name == "jisoo")

            let again = try await review(jisoo, book.id, 5, longest)
            #expect(again.status == .conflict && jisoo.errorCode(again) == "already_reviewed")
            #expect(again.body.string.contains(first.id.uuidString), "names the review")

            let minji = try await API.signUp(app, "minji")
            #expect(try await review(minji, book.id, 1, longest).status == .created)
            let page = try await reviews(jisoo, book.id)
            #expect(page.total == 2 && page.averageStars == 2.5)
            #expect(page.items.map(\.writer.name) == ["minji", "jisoo"], "newest first")
            #expect(page.items.map(\.isMine) == [false, true])
            #expect(page.mine?.id == first.id)
            #expect(try await libraryEntry(jisoo, book.id).averageStars == 2.5)

            // The writer edits and deletes their own; another reader's is not theirs (404).
            let path = "/api/v1/books/\(book.id)/reviews/\(first.id)"
            let edited = try await jisoo.send(
                .PUT, path, json: ReviewInput(stars: 5, text: "다시 보니 최고"))
            #expect(edited.status == .ok, "\(edited.body.string)")
            #expect(try jisoo.decode(ReviewDTO.self, edited).text == "다시 보니 최고")
            #expect(try await reviews(minji, book.id).averageStars == 3)
            let refused = try await jisoo.send(.PUT, path, json: ReviewInput(stars: 5, text: ""))
            #expect(refused.status == .unprocessableEntity)
            #expect(try await reviews(minji, book.id).items.last?.text == "다시 보니 최고")
            #expect(
                try await minji.send(.PUT, path, json: ReviewInput(stars: 1, text: "x")).status
                    == .notFound)
            #expect(try await minji.send(.DELETE, path).status == .notFound)
            #expect(try await jisoo.send(.DELETE, path).status == .noContent)
            let after = try await reviews(minji, book.id)
            #expect(after.total == 1 && after.averageStars == 1)
            #expect(try await reviews(jisoo, book.id).mine == nil)
            // Deleted, it may be written again.
            #expect(try await review(jisoo, book.id, 3, "한 번 더").status == .created)
            #expect(try await reviews(jisoo, book.id).averageStars == 2)

            let paged = try await reviews(jisoo, book.id, "?perPage=1&page=2")
            #expect(paged.items.map(\.writer.name) == ["minji"] && paged.total == 2)
            #expect(
                try await jisoo.send(.GET, "/api/v1/books/\(book.id)/reviews?perPage=0").status
                    == .unprocessableEntity)
        }
    }

    @Test func theOwnerRepliesOnceAndNoOneElseDoes() async throws {
        try await withMaeilApp { app in
            let (owner, book) = try await publishedBook(app)
            let jisoo = try await API.signUp(app, "jisoo")
            let written = try jisoo.decode(
                ReviewDTO.self, try await review(jisoo, book.id, 5, "좋아요"))
            let path = "/api/v1/books/\(book.id)/reviews/\(written.id)/reply"

            let byReader = try await jisoo.send(.POST, path, json: ReplyInput(text: "셀프 답글"))
            #expect(byReader.status == .forbidden)
            let blank = try await owner.send(.POST, path, json: ReplyInput(text: " "))
            #expect(blank.status == .unprocessableEntity)
            let tooLong = try await owner.send(
                .POST, path, json: ReplyInput(text: String(repeating: "a", count: 1_001)))
            #expect(tooLong.status == .unprocessableEntity)

            let replied = try await owner.send(.POST, path, json: ReplyInput(text: "고맙습니다!"))
            #expect(replied.status == .ok, "\(replied.body.string)")
            let twice = try await owner.send(.POST, path, json: ReplyInput(text: "한 번 더"))
            #expect(twice.status == .conflict && owner.errorCode(twice) == "already_replied")
            let shown = try #require(try await reviews(jisoo, book.id).items.first)
            #expect(shown.reply == "고맙습니다!" && shown.repliedAt != nil)

            // An edit keeps the reply.
            _ = try await jisoo.send(
                .PUT, "/api/v1/books/\(book.id)/reviews/\(written.id)",
                json: ReviewInput(stars: 4, text: "조금 고쳤어요"))
            #expect(try await reviews(jisoo, book.id).items.first?.reply == "고맙습니다!")
        }
    }

    @Test func reportsGoToAdministratorsWhoHideReviewsAndUnpublishBooks() async throws {
        try await withMaeilApp { app in
            let (owner, book) = try await publishedBook(app)
            let jisoo = try await API.signUp(app, "jisoo")
            let minji = try await API.signUp(app, "minji")
            let boss = try await API.signUp(app, "boss")
            try await app.makeAdmin("boss")
            let spam = try jisoo.decode(
                ReviewDTO.self, try await review(jisoo, book.id, 1, "광고 링크"))
            _ = try await review(minji, book.id, 5, "좋아요")
            let reviewPath = "/api/v1/books/\(book.id)/reviews/\(spam.id)"

            let ownReport = try await jisoo.send(
                .POST, reviewPath + "/report", json: ReportInput(reason: ""))
            #expect(ownReport.status == .unprocessableEntity)
            #expect(
                try await minji.send(.POST, reviewPath + "/report", json: ReportInput(reason: "광고"))
                    .status == .noContent)
            let twice = try await minji.send(
                .POST, reviewPath + "/report", json: ReportInput(reason: "광고"))
            #expect(twice.status == .conflict && minji.errorCode(twice) == "already_reported")
            #expect(
                try await owner.send(.POST, reviewPath + "/report", json: ReportInput(reason: ""))
                    .status == .noContent)

            // Only administrators see reports, hide and unpublish.
            for (method, path) in [
                (HTTPMethod.GET, "/api/v1/reports"), (.POST, reviewPath + "/hide"),
                (.POST, "/api/v1/library/\(book.id)/unpublish"),
            ] {
                let response = try await minji.send(method, path)
                #expect(response.status == .forbidden, "\(path)")
                #expect(minji.errorCode(response) == "admin_only")
            }
            let reports = try boss.decode(
                [ReviewReportDTO].self, try await boss.send(.GET, "/api/v1/reports"))
            #expect(reports.count == 1)
            #expect(reports.first?.reportCount == 2 && reports.first?.reasons == ["광고"])
            #expect(reports.first?.review.id == spam.id && reports.first?.bookName == "토익 필수 단어")

            #expect(try await boss.send(.POST, reviewPath + "/hide").status == .noContent)
            let seen = try await reviews(minji, book.id)
            #expect(seen.items.map(\.writer.name) == ["minji"] && seen.total == 1)
            #expect(seen.averageStars == 5, "a hidden review is not counted")
            let writer = try await reviews(jisoo, book.id)
            #expect(writer.mine?.isHidden == true, "its writer still sees it, marked")
            #expect(
                try await owner.send(.POST, reviewPath + "/reply", json: ReplyInput(text: "x"))
                    .status == .notFound)
            #expect(
                try boss.decode(
                    [ReviewReportDTO].self, try await boss.send(.GET, "/api/v1/reports")
                )
                .isEmpty, "handled")

            #expect(
                try await boss.send(.POST, "/api/v1/library/\(book.id)/unpublish").status
                    == .noContent)
            #expect(try await minji.send(.GET, "/api/v1/library/\(book.id)").status == .notFound)
            #expect(
                try await minji.send(.GET, "/api/v1/books/\(book.id)/reviews").status == .notFound)
            #expect(try await libraryEntry(owner, book.id).visibility == "private")
        }
    }

    @Test func aBookNobodyMaySeeHasNoReviewsForAnyone() async throws {
        try await withMaeilApp { app in
            let (owner, book) = try await publishedBook(app, "unlisted")
            let jisoo = try await API.signUp(app, "jisoo")
            let written = try jisoo.decode(
                ReviewDTO.self, try await review(jisoo, book.id, 5, "링크로 봤어요"))
            #expect(try await reviews(jisoo, book.id).total == 1, "unlisted books take reviews")

            _ = try await owner.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "private"])
            let reviewPath = "/api/v1/books/\(book.id)/reviews/\(written.id)"
            let minji = try await API.signUp(app, "minji")
            for api in [jisoo, minji] {
                for (method, path, body) in [
                    (HTTPMethod.GET, "/api/v1/books/\(book.id)/reviews", nil),
                    (
                        .POST, "/api/v1/books/\(book.id)/reviews",
                        ReviewInput(stars: 5, text: "x") as (any Encodable)?
                    ),
                    (.PUT, reviewPath, ReviewInput(stars: 5, text: "x")),
                    (.DELETE, reviewPath, nil),
                    (.POST, reviewPath + "/report", ReportInput(reason: "")),
                ] {
                    let response = try await api.send(method, path, json: body)
                    #expect(response.status == .notFound, "\(method) \(path)")
                }
            }
            // The owner still sees them on the preview; the review is still there when it is shared again.
            #expect(try await reviews(owner, book.id).total == 1)
            _ = try await owner.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
            #expect(try await reviews(minji, book.id).items.first?.text == "링크로 봤어요")
            // A review id of another book is not found through this one.
            let other = try await owner.createBook("다른 단어장")
            _ = try await owner.send(
                .PATCH, "/api/v1/books/\(other.id)", json: ["visibility": "public"])
            #expect(
                try await jisoo.send(
                    .PUT, "/api/v1/books/\(other.id)/reviews/\(written.id)",
                    json: ReviewInput(stars: 1, text: "x")
                ).status == .notFound)
            #expect(
                try await jisoo.send(.GET, "/api/v1/books/\(UUID())/reviews").status == .notFound)
            #expect(
                try await API(app: app).send(.GET, "/api/v1/books/\(book.id)/reviews").status
                    == .unauthorized)
        }
    }

    @Test func theCountAndTheAverageStayExactUnderConcurrentWrites() async throws {
        try await withMaeilApp { app in
            let (_, book) = try await publishedBook(app)
            var readers: [API] = []
            for index in 0..<50 { readers.append(try await API.signUp(app, "reader\(index)")) }
            // 50 readers at once; every fifth rewrites theirs and every seventh deletes it right after.
            // A request turned away busy is sent again: a 503 changes nothing.
            let statuses = try await withThrowingTaskGroup(of: [HTTPStatus].self) { group in
                for (index, reader) in readers.enumerated() {
                    group.addTask {
                        let created = try await served {
                            try await review(reader, book.id, index % 5 + 1, "리뷰 \(index)")
                        }
                        var statuses = [created.status]
                        try #require(created.status == .created, "\(created.body.string)")
                        let id = try reader.decode(ReviewDTO.self, created).id
                        let path = "/api/v1/books/\(book.id)/reviews/\(id)"
                        if index % 5 == 0 {
                            statuses.append(
                                try await served {
                                    try await reader.send(
                                        .PUT, path, json: ReviewInput(stars: 5, text: "고침"))
                                }.status)
                        }
                        if index % 7 == 0 {
                            statuses.append(
                                try await served { try await reader.send(.DELETE, path) }.status)
                        }
                        return statuses
                    }
                }
                var all: [HTTPStatus] = []
                for try await statuses in group { all += statuses }
                return all
            }
            #expect(statuses.allSatisfy { $0 == .created || $0 == .ok || $0 == .noContent })
            var expected: [Int] = []
            for index in 0..<50 where index % 7 != 0 {
                expected.append(index % 5 == 0 ? 5 : index % 5 + 1)
            }
            let average = Double(expected.reduce(0, +)) / Double(expected.count)
            let entry = try await libraryEntry(readers[1], book.id)
            #expect(entry.reviewCount == expected.count)
            #expect(entry.averageStars == (average * 10).rounded() / 10)
            let counted = try await reviews(readers[1], book.id, "?perPage=100")
            #expect(counted.items.count == expected.count && counted.total == expected.count)
        }
    }

    @Test func reviewsAreLimitedPerUserInTheDatabase() async throws {
        try await withMaeilApp { app in
            let (_, book) = try await publishedBook(app)
            let jisoo = try await API.signUp(app, "jisoo")
            let written = try jisoo.decode(
                ReviewDTO.self, try await review(jisoo, book.id, 5, "1"))
            let path = "/api/v1/books/\(book.id)/reviews/\(written.id)"
            // A refused edit costs nothing.
            for _ in 0..<5 {
                #expect(
                    try await jisoo.send(.PUT, path, json: ReviewInput(stars: 9, text: "x")).status
                        == .unprocessableEntity)
            }
            for index in 2...ActionRateLimit.review.limit {
                let response = try await jisoo.send(
                    .PUT, path, json: ReviewInput(stars: 5, text: "\(index)"))
                #expect(response.status == .ok, "edit \(index)")
            }
            let limited = try await jisoo.send(
                .PUT, path, json: ReviewInput(stars: 1, text: "over"))
            #expect(limited.status == .tooManyRequests)
            #expect(jisoo.errorCode(limited) == "rate_limited")
            let wait = try #require(limited.headers.first(name: .retryAfter).flatMap(Int.init))
            #expect(wait > 3_000 && wait <= 3_600)
            #expect(
                try await reviews(jisoo, book.id).mine?.text == "\(ActionRateLimit.review.limit)")
            // Kept in the database: a new process (a store on the same database) holds it too.
            let userID = written.writer.id
            await #expect(throws: AppError.self) {
                try await ActionRateLimit.review.spend(by: userID, on: app.db)
            }
            // An hour later, the oldest uses have left the window.
            try await ActionRateLimit.review.spend(
                by: userID, on: app.db, now: Date().addingTimeInterval(3_601))
        }
    }

    @Test func theLibraryOrdersByRatingAndByReviews() async throws {
        try await withMaeilApp { app in
            let owner = try await API.signUp(app, "owner")
            var books: [String: UUID] = [:]
            for name in ["A", "B", "C"] {
                let book = try await owner.createBook(name)
                _ = try await owner.send(
                    .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
                books[name] = book.id
            }
            let readers = [
                try await API.signUp(app, "reader1"), try await API.signUp(app, "reader2"),
                try await API.signUp(app, "reader3"),
            ]
            // A: 5, 4 (4.5, two reviews); B: 5 (5.0, one); C: none.
            _ = try await review(readers[0], try #require(books["A"]), 5, "a")
            _ = try await review(readers[1], try #require(books["A"]), 4, "a")
            _ = try await review(readers[2], try #require(books["B"]), 5, "b")
            func names(_ sort: String) async throws -> [String] {
                try owner.decode(
                    LibraryPageDTO.self, try await owner.send(.GET, "/api/v1/library?sort=\(sort)")
                ).items.map(\.name)
            }
            #expect(try await names("best-rated") == ["B", "A", "C"])
            #expect(try await names("most-reviewed") == ["A", "B", "C"])
            let listed = try owner.decode(
                LibraryPageDTO.self, try await owner.send(.GET, "/api/v1/library?sort=best-rated"))
            #expect(listed.items.map(\.averageStars) == [5, 4.5, nil])
            #expect(listed.items.map(\.reviewCount) == [1, 2, 0])
        }
    }
}
