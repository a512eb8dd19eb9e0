import Foundation

/// How a command names a book: by its id, or by a name that only one of the
/// user's books has. Names need not be unique, so a name two books share is
/// refused with their ids instead of picking one of them.
public enum BookReference {
    public enum Resolution: Equatable, Sendable {
        case book(UUID)
        case notFound
        /// The ids of every book with that name.
        case ambiguous([UUID])
    }

    public static func resolve(_ reference: String, in books: [(id: UUID, name: String)])
        -> Resolution
    {
        if let id = UUID(uuidString: reference), books.contains(where: { $0.id == id }) {
            return .book(id)
        }
        let named = books.filter { $0.name == reference }.map(\.id)
        switch named.count {
        case 0: return .notFound
        case 1: return .book(named[0])
        default: return .ambiguous(named)
        }
    }

    /// What to tell the user when `name` is ambiguous.
    public static func ambiguity(_ name: String, _ ids: [UUID]) -> String {
        "\(ids.count) books are named \"\(name)\"; name one by its id: "
            + ids.map(\.uuidString).joined(separator: ", ")
    }
}
