import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Words by date")
struct CalendarAPITests {
    static func date(_ text: String) -> Date {
        let f = ISO8601DateFormatter()
        return f.date(from: text)!
    }

    @Test func countsWordsPerDayInTheServersTimeZone() async throws {
        var settings = freshSettings()
        settings.timeZone = TimeZone(identifier: "Asia/Seoul")!
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Days")
            // Seoul is UTC+9: 2026-10-31T20:00Z is already November 1st there.
            let words = [
                WordDraft(term: "a", createdAt: Self.date("2026-10-31T10:00:00Z")),
                WordDraft(term: "b", createdAt: Self.date("2026-10-31T20:00:00Z")),
                WordDraft(term: "c", createdAt: Self.date("2026-11-01T03:00:00Z")),
                WordDraft(term: "d", memorized: true, createdAt: Self.date("2026-11-15T03:00:00Z")),
            ]
            let data = try BookArchiveCodec.encode(
                BookArchive(name: "Days", description: "", words: words))
            #expect(
                try await api.send(.POST, "/api/v1/books/\(book.id)/import?format=json", raw: data)
                    .status == .ok)

            let november = try api.decode(
                CalendarMonthDTO.self, try await api.send(.GET, "/api/v1/calendar?month=2026-11"))
            #expect(november.days.map(\.date) == ["2026-11-01", "2026-11-15"])
            #expect(november.days.first?.count == 2)
            #expect(november.total == 3)
            #expect(november.previous == "2026-10" && november.next == "2026-12")
            let october = try api.decode(
                CalendarMonthDTO.self, try await api.send(.GET, "/api/v1/calendar?month=2026-10"))
            #expect(october.total == 1)
            let december = try api.decode(
                CalendarMonthDTO.self, try await api.send(.GET, "/api/v1/calendar?month=2026-12"))
            #expect(
                december.previous == "2026-11" && december.next == "2027-01" && december.total == 0)

            let day = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/calendar/2026-11-01?sort=oldest"))
            #expect(day.items.map(\.term) == ["b", "c"])
            let memorizedFirst = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/calendar/2026-11-15?sort=memorized"))
            #expect(memorizedFirst.items.map(\.term) == ["d"])
            #expect(
                try await api.send(.GET, "/api/v1/calendar?month=2026-13").status
                    == .unprocessableEntity)
            #expect(
                try await api.send(.GET, "/api/v1/calendar/2026-02-30").status
                    == .unprocessableEntity)
            #expect(
                try await api.send(.GET, "/api/v1/calendar/2026-11-01?sort=nope").status
                    == .unprocessableEntity)

            let memorized = try api.decode(
                BulkResultDTO.self,
                try await api.send(.POST, "/api/v1/calendar/2026-11-01/memorize-all"))
            #expect(memorized.affected == 2)
            let after = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/calendar/2026-11-01"))
            #expect(after.items.allSatisfy { $0.memorized })
            let deleted = try api.decode(
                BulkResultDTO.self,
                try await api.send(.POST, "/api/v1/calendar/2026-11-01/delete-all"))
            #expect(deleted.affected == 2)
            #expect(
                try await api.send(.POST, "/api/v1/calendar/2026-11-01/explode").status == .notFound
            )
            let left = try api.decode(
                WordPageDTO.self, try await api.send(.GET, "/api/v1/books/\(book.id)/words"))
            #expect(Set(left.items.map(\.term)) == ["a", "d"])
        }
    }

    @Test func monthArithmeticIsEndless() {
        let jan = CalendarMonth("2026-01")!
        #expect(jan.previous.description == "2025-12")
        #expect(CalendarMonth("2026-12")!.next.description == "2027-01")
        #expect(CalendarMonth("2026-1") == nil)
        #expect(CalendarMonth("0001-01")!.previous.description == "0001-01")
        #expect(CalendarMonth("9999-12")!.next.description == "9999-12")
        #expect(CalendarMonth("x") == nil)
        #expect(CivilDay("2024-02-29") != nil)
        #expect(CivilDay("2026-02-29") == nil)
        #expect(CalendarMonth("2026-02")!.dayCount == 28)
        #expect(CalendarMonth("2026-02")!.lastDay.description == "2026-02-28")
    }
}
