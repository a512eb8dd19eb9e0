import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Starter book")
struct StarterBookTests {
    @Test func addsAtLeast200CompleteWords() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let response = try await api.send(.POST, "/api/v1/books/starter")
            #expect(response.status == .created, "\(response.body.string)")
            let book = try api.decode(BookDTO.self, response)
            #expect(book.wordCount >= 200)
            let words = try api.decode(
                WordPageDTO.self,
                try await api.send(.GET, "/api/v1/books/\(book.id)/words?perPage=500")
            ).items
            #expect(words.count == book.wordCount)
            #expect(
                Set(words.map { $0.term.lowercased() }).count == words.count, "no duplicate terms")
            for word in words {
                #expect(!word.meaning.isEmpty, "\(word.term) has a meaning")
                #expect(
                    word.meaning.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) },
                    "\(word.term): Korean meaning")
                #expect(!word.partOfSpeech.isEmpty, "\(word.term) has a part of speech")
                let example = try #require(word.examples.first, "\(word.term) has an example")
                #expect(!example.sentence.isEmpty && !example.translation.isEmpty)
            }
        }
    }
}
