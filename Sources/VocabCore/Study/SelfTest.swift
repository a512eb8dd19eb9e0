import Foundation

/// The O/X self-test: each word in order, reveal its answer if needed, mark it known
/// (O) or not (X).
///
/// - `reveal()` shows the current word's answer; revealing again does nothing. Marking
///   does not require revealing (a player sure of a word may skip it).
/// - `mark(_:)` records the verdict and moves to the next word, hidden; the test is
///   finished after the last mark, and marking then is an error.
/// - `undo()` takes back the last mark, one at a time back to the first, also after
///   the test finished; the word comes back revealed. Reveals are not undone.
/// - `retestWrongOnly()` starts a new test on the words marked X, once finished.
public struct SelfTest: Sendable, Hashable {
    public let direction: StudyDirection
    /// The words in test order (a word given twice is kept once).
    public let items: [StudyItem]
    /// Verdicts so far, one per word from the first.
    public private(set) var marks: [SelfTestMark] = []
    /// Whether the current word's answer is shown.
    public private(set) var isRevealed = false

    /// A test of `items` in the order given. Throws `.noItems` when empty.
    public init(items: [StudyItem], direction: StudyDirection = .termToMeaning) throws(GameError) {
        var seen = Set<UUID>()
        let unique = items.filter { seen.insert($0.id).inserted }
        guard !unique.isEmpty else { throw .noItems }
        self.items = unique
        self.direction = direction
    }

    /// Index of the word being tested (equals `items.count` once finished).
    public var currentIndex: Int { marks.count }

    /// The word being tested, `nil` once finished.
    public var currentItem: StudyItem? {
        items.indices.contains(currentIndex) ? items[currentIndex] : nil
    }

    public var isFinished: Bool { marks.count >= items.count }

    /// The words marked X so far, in test order.
    public var wrongItemIDs: [UUID] {
        zip(items, marks).filter { $0.1 == .unknown }.map { $0.0.id }
    }

    /// The score over the words marked so far.
    public var result: SelfTestResult {
        let known = marks.filter { $0 == .known }.count
        return SelfTestResult(
            marked: marks.count,
            known: known,
            wrongItemIDs: wrongItemIDs,
            scorePercent: Percent.rounded(known, of: marks.count),
            isPerfect: isFinished && known == items.count)
    }

    public mutating func reveal() throws(GameError) {
        guard !isFinished else { throw .finished }
        isRevealed = true
    }

    public mutating func mark(_ mark: SelfTestMark) throws(GameError) {
        guard !isFinished else { throw .finished }
        marks.append(mark)
        isRevealed = false
    }

    public mutating func undo() throws(GameError) {
        guard !marks.isEmpty else { throw .nothingToUndo }
        marks.removeLast()
        isRevealed = true
    }

    /// A new test of the words marked X, in the same order and direction.
    public func retestWrongOnly() throws(GameError) -> SelfTest {
        guard isFinished else { throw .notFinished }
        let wrong = Set(wrongItemIDs)
        guard !wrong.isEmpty else { throw .nothingWrong }
        return try SelfTest(items: items.filter { wrong.contains($0.id) }, direction: direction)
    }
}

extension SelfTest: Codable {
    private enum CodingKeys: String, CodingKey {
        case direction, items, marks, isRevealed
    }

    /// Decodes a saved test, refusing one whose parts do not fit together.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        direction = try container.decode(StudyDirection.self, forKey: .direction)
        items = try container.decode([StudyItem].self, forKey: .items)
        marks = try container.decode([SelfTestMark].self, forKey: .marks)
        isRevealed = try container.decode(Bool.self, forKey: .isRevealed)
        if let problem = Self.problem(items: items, marks: marks, isRevealed: isRevealed) {
            throw DecodingError.dataCorruptedError(
                forKey: .marks, in: container, debugDescription: problem)
        }
    }

    static func problem(items: [StudyItem], marks: [SelfTestMark], isRevealed: Bool) -> String? {
        if items.isEmpty { return "no items" }
        if Set(items.map(\.id)).count != items.count { return "an item appears twice" }
        if marks.count > items.count { return "more marks than items" }
        if isRevealed && marks.count == items.count { return "revealed after the end" }
        return nil
    }
}
