import Vapor

/// The web lists' "show" choice (`?show=`): every word, or only bookmarked,
/// memorized or not-yet-memorized ones.
enum WordShowFilter: String, CaseIterable, Sendable {
    case all = ""
    case bookmarked, memorized, learning

    /// From the query; an unknown value shows every word.
    init(_ req: Request) {
        self = WordShowFilter(rawValue: req.queryValue("show") ?? "") ?? .all
    }

    func apply(to filter: inout WordFilter) {
        switch self {
        case .all: break
        case .bookmarked: filter.bookmarked = true
        case .memorized: filter.memorized = true
        case .learning: filter.memorized = false
        }
    }

    static func options(_ req: Request, selected: WordShowFilter) -> [OptionView] {
        allCases.map { show in
            let key =
                switch show {
                case .all: "showAllWords"
                case .bookmarked: "showBookmarked"
                case .memorized: "showMemorized"
                case .learning: "showLearning"
                }
            return OptionView(
                value: show.rawValue, label: req.text(key), selected: show == selected)
        }
    }
}
