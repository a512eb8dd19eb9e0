import Vapor

/// A card another feature shows on the home page (the books list) without the
/// notebook knowing that feature: the Japanese course's word of the day. The wiring
/// (`configure`) says which cards there are.
struct HomeCard: Encodable, Sendable {
    var id: String
    var title: String
    /// The big text, and its language (`ja`).
    var headline: String
    var headlineLanguage: String
    var caption: String
    var href: String
    var linkText: String
}

extension Application {
    private struct HomeCardsKey: StorageKey {
        typealias Value = [@Sendable (Request) async throws -> HomeCard?]
    }

    /// What makes each card, in the order they show; a card may decline (nil).
    var homeCards: [@Sendable (Request) async throws -> HomeCard?] {
        get { storage[HomeCardsKey.self] ?? [] }
        set { storage[HomeCardsKey.self] = newValue }
    }
}

extension Request {
    /// The home page's cards, for the signed-in user.
    func homeCards() async throws -> [HomeCard] {
        var cards: [HomeCard] = []
        for make in application.homeCards {
            if let card = try await make(self) { cards.append(card) }
        }
        return cards
    }
}
