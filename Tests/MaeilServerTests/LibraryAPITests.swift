import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

/// Publishing, the library and copies (issue 14, first part), on both databases.
@Suite("Library over the API")
struct LibraryAPITests {
    private func publish(_ api: API, _ book: UUID, _ visibility: String) async throws -> BookDTO {
        let response = try await api.send(
            .PATCH, "/api/v1/books/\(book)", json: ["visibility": visibility])
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(BookDTO.self, response)
    }

    private func library(_ api: API, _ query: String = "") async throws -> LibraryPageDTO {
        let response = try await api.send(.GET, "/api/v1/library\(query)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(LibraryPageDTO.self, response)
    }

    @Test func onlyPublicBooksAreListedAndPrivateOnesAreNotFound() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let toeic = try await minji.createBook("토익 필수 단어", description: "시험 전에 한 번 더")
            let hidden = try await minji.createBook("My secret list")
            let link = try await minji.createBook("Travel phrases")
            _ = try await minji.addWord(toeic.id, "abandon", "버리다")
            #expect(toeic.visibility == "private", "every book starts private")

            let reader = try await API.signUp(app, "jisoo")
            #expect(try await library(reader).items.isEmpty)
            for path in ["/api/v1/library/\(toeic.id)", "/api/v1/library/\(hidden.id)"] {
                #expect(try await reader.send(.GET, path).status == .notFound, "\(path)")
            }
            #expect(
                try await reader.send(.POST, "/api/v1/library/\(hidden.id)/copy").status
                    == .notFound)

            #expect(try await publish(minji, toeic.id, "public").visibility == "public")
            _ = try await publish(minji, link.id, "unlisted")
            let listed = try await library(reader)
            #expect(listed.items.map(\.id) == [toeic.id], "unlisted and private are not listed")
            #expect(listed.total == 1)
            let entry = try #require(listed.items.first)
            #expect(entry.owner.name == "minji" && entry.wordCount == 1 && entry.copyCount == 0)
            #expect(entry.publishedAt != nil)

            let page = try reader.decode(
                LibraryBookDetailDTO.self,
                try await reader.send(.GET, "/api/v1/library/\(toeic.id)"))
            #expect(page.isOwn == false)
            #expect(page.sample.map(\.term) == ["abandon"])
            #expect(
                try await reader.send(.GET, "/api/v1/library/\(link.id)").status == .ok,
                "anyone with the link")
            #expect(try await reader.send(.GET, "/api/v1/library/\(hidden.id)").status == .notFound)

            // The owner previews every book of theirs, private ones included.
            let preview = try minji.decode(
                LibraryBookDetailDTO.self,
                try await minji.send(.GET, "/api/v1/library/\(hidden.id)"))
            #expect(preview.isOwn && preview.book.visibility == "private")

            // Unpublished: gone from the library and its page at once.
            _ = try await publish(minji, toeic.id, "private")
            #expect(try await library(reader).items.isEmpty)
            #expect(try await reader.send(.GET, "/api/v1/library/\(toeic.id)").status == .notFound)
        }
    }

    @Test func searchFindsBooksByTheirWords() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let travel = try await minji.createBook("Travel")
            _ = try await minji.addWord(travel.id, "boarding pass", "탑승권")
            _ = try await minji.addWord(travel.id, "passport", "여권")
            _ = try await publish(minji, travel.id, "public")
            // The same word in a private book and in a book of the reader's own: not listed.
            let secret = try await minji.createBook("Secret")
            _ = try await minji.addWord(secret.id, "passport", "여권")
            let reader = try await API.signUp(app, "jisoo")
            let own = try await reader.createBook("Mine")
            _ = try await reader.addWord(own.id, "passport", "여권")
            func names(_ q: String) async throws -> [String] {
                let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
                return try await library(reader, "?q=\(encoded)").items.map(\.name)
            }
            #expect(try await names("passport") == ["Travel"], "a term")
            #expect(try await names("탑승") == ["Travel"], "a meaning")
            #expect(try await names("ㅌㅅㄱ") == ["Travel"], "a meaning's choseong")
            #expect(try await names("durnjs") == ["Travel"], "여권 typed on the wrong layout")
            #expect(try await names("pasport") == ["Travel"], "a term with a typo")
            #expect(try await names("여건") == ["Travel"], "a meaning with a vowel typo")
            #expect(try await names("요권") == ["Travel"], "… in the first syllable")
            #expect(try await names("visa").isEmpty)
        }
    }

    @Test func searchFindsBooksByChoseongLayoutAndTypos() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            for (name, description) in [
                ("토익 필수 단어", ""), ("Daily English", "매일 쓰는 표현"), ("일본어 기초", "JLPT N5"),
            ] {
                _ = try await publish(
                    minji, try await minji.createBook(name, description: description).id, "public")
            }
            let reader = try await API.signUp(app, "jisoo")
            func names(_ q: String) async throws -> [String] {
                let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
                return try await library(reader, "?q=\(encoded)").items.map(\.name)
            }
            #expect(try await names("ㅌㅇ") == ["토익 필수 단어"], "choseong")
            #expect(try await names("xhdlr") == ["토익 필수 단어"], "typed on the wrong layout")
            #expect(try await names("표현") == ["Daily English"], "the description")
            #expect(try await names("englsh") == ["Daily English"], "a typo")
            #expect(try await names("jlpt") == ["일본어 기초"])
            #expect(try await names("없는말").isEmpty)
            let all = try await library(reader, "?perPage=2")
            #expect(all.total == 3 && all.items.count == 2)
            #expect(try await library(reader, "?perPage=2&page=2").items.count == 1)
            for bad in [
                "?sort=best", "?perPage=0", "?page=x", "?q=" + String(repeating: "a", count: 201),
            ] {
                let response = try await reader.send(.GET, "/api/v1/library\(bad)")
                #expect(response.status.code == 400 || response.status.code == 422, "\(bad)")
            }
        }
    }

    @Test func aCopyIsIndependentAndKeepsNoStudy() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let book = try await minji.createBook("Fruit", description: "과일 이름")
            let apple = try await minji.addWord(book.id, "apple", "사과")
            _ = try await minji.addWord(book.id, "pear", "배")
            _ = try await minji.send(
                .POST, "/api/v1/words/bulk",
                json: BulkRequest(ids: [apple.id], action: .memorize))
            _ = try await publish(minji, book.id, "unlisted")

            let jisoo = try await API.signUp(app, "jisoo")
            let copied = try await jisoo.send(.POST, "/api/v1/library/\(book.id)/copy")
            #expect(copied.status == .created, "\(copied.body.string)")
            let copy = try jisoo.decode(BookDTO.self, copied)
            #expect(copy.id != book.id && copy.name == "Fruit" && copy.description == "과일 이름")
            #expect(copy.wordCount == 2 && copy.memorizedCount == 0, "no study comes along")
            #expect(copy.copiedFrom == book.id && copy.visibility == "private")
            let words = try jisoo.decode(
                WordPageDTO.self,
                try await jisoo.send(.GET, "/api/v1/books/\(copy.id)/words?sort=oldest"))
            #expect(words.items.map(\.term) == ["apple", "pear"])
            #expect(words.items.allSatisfy { !$0.memorized && !$0.bookmarked })

            // Cards to study came with the words.
            let queue = try jisoo.decode(
                ReviewQueueDTO.self,
                try await jisoo.send(.GET, "/api/v1/study/queue?bookID=\(copy.id)"))
            #expect(queue.cards.count == 2)

            // Independent: edits to either side stay there; unpublishing keeps the copy.
            _ = try await jisoo.send(
                .PATCH, "/api/v1/words/\(words.items[0].id)", json: ["meaning": "능금"])
            let original = try minji.decode(
                WordDTO.self, try await minji.send(.GET, "/api/v1/words/\(apple.id)"))
            #expect(original.meaning == "사과")
            _ = try await publish(minji, book.id, "private")
            #expect(try await jisoo.send(.GET, "/api/v1/books/\(copy.id)").status == .ok)

            let counted = try minji.decode(
                LibraryBookDetailDTO.self, try await minji.send(.GET, "/api/v1/library/\(book.id)"))
            #expect(counted.book.copyCount == 1)

            // The owner cannot add their own book; a private book is 404 to others.
            let own = try await minji.send(.POST, "/api/v1/library/\(book.id)/copy")
            #expect(own.status == .conflict && minji.errorCode(own) == "already_added")
            #expect(
                try await jisoo.send(.POST, "/api/v1/library/\(book.id)/copy").status == .notFound)
            #expect(try await jisoo.send(.GET, "/api/v1/books").status == .ok)
        }
    }

    @Test func badVisibilityIsRefusedAndChangesNothing() async throws {
        try await withMaeilApp { app in
            let minji = try await API.signUp(app, "minji")
            let book = try await minji.createBook("Fruit")
            let response = try await minji.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "everyone"])
            #expect(response.status.code == 400 || response.status.code == 422)
            let after = try minji.decode(
                BookDTO.self, try await minji.send(.GET, "/api/v1/books/\(book.id)"))
            #expect(after.visibility == "private")
            // Another user cannot publish it.
            let other = try await API.signUp(app, "jisoo")
            let foreign = try await other.send(
                .PATCH, "/api/v1/books/\(book.id)", json: ["visibility": "public"])
            #expect(foreign.status == .notFound)
            #expect(try await library(other).items.isEmpty)
        }
    }
}
