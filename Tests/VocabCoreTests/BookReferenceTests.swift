import Foundation
import Testing

@testable import VocabCore

@Test func aBookIsNamedByItsIdOrByANameOnlyItHas() {
    let (a, b, c) = (UUID(), UUID(), UUID())
    let books = [(id: a, name: "Words"), (id: b, name: "Words"), (id: c, name: "동물")]
    #expect(BookReference.resolve("동물", in: books) == .book(c))
    #expect(BookReference.resolve("Words", in: books) == .ambiguous([a, b]))
    #expect(BookReference.resolve(b.uuidString, in: books) == .book(b))
    #expect(BookReference.resolve(b.uuidString.lowercased(), in: books) == .book(b))
    #expect(BookReference.resolve(UUID().uuidString, in: books) == .notFound, "another user's id")
    #expect(BookReference.resolve("words", in: books) == .notFound, "names match exactly")
    #expect(
        BookReference.ambiguity("Words", [a, b])
            == "2 books are named \"Words\"; name one by its id: \(a.uuidString), \(b.uuidString)")
}
