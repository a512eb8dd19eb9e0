/// How well the learner recalled a card, as the four answer buttons (keys 1–4).
public enum Rating: Int, Sendable, Codable, CaseIterable, Hashable {
    case again = 1
    case hard = 2
    case good = 3
    case easy = 4
}
