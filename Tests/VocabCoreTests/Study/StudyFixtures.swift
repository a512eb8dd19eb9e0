import Foundation

@testable import VocabCore

/// Helpers shared by the study tests.
enum StudyFixtures {
    static let bookID = UUID(uuidString: "B0000000-0000-0000-0000-000000000001")!

    /// A UUID that reads as its number, so failures are easy to follow.
    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!
    }

    static func item(_ n: Int, _ term: String, _ meaning: String) -> StudyItem {
        StudyItem(id: id(n), term: term, meaning: meaning, bookID: bookID, bookName: "Book")
    }

    /// Items numbered from 1 from (term, meaning) pairs.
    static func items(_ pairs: [(String, String)]) -> [StudyItem] {
        pairs.enumerated().map { item($0.offset + 1, $0.element.0, $0.element.1) }
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }
}
