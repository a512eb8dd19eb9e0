/// Notes in brackets in a meaning's senses. EDICT writes "(n) (1) school"
/// and "(n) {comp} file", a Korean word book "[명] 학교"; the sense a
/// learner looks up is "school", "file", "학교". And a note's commas are
/// not the meaning's: "temporary closure (of a store, school, etc.)" is one
/// sense, not three, one of them "school". Search splits and ranks senses
/// so, alike in its keys and its matcher (`WordSearchKeys`,
/// `WordSearchMatcher`); the EDICT import leaves leading notes out of glosses.
public enum SenseNotes {
    /// The closing bracket of an opening one.
    private static func closer<Element: Equatable & ExpressibleByUnicodeScalarLiteral>(
        of element: Element
    ) -> Element? {
        switch element {
        case "(": ")"
        case "（": "）"
        case "[": "]"
        case "［": "］"
        case "{": "}"
        default: nil
        }
    }

    /// Whether an element separates a meaning's senses, where it is outside
    /// brackets (`senseBreaks`).
    private static func separates<Element: Equatable & ExpressibleByUnicodeScalarLiteral>(
        _ element: Element
    ) -> Bool {
        element == "," || element == ";" || element == "\n" || element == "、" || element == "，"
    }

    /// Where `text` breaks into senses: at its separators, but not those
    /// inside brackets closed on the same line; a bracket left open protects
    /// nothing. One pass: a closing bracket drops the breaks seen since its
    /// opening one.
    public static func senseBreaks<Text: Collection>(in text: Text) -> [Text.Index]
    where Text.Element: Equatable & ExpressibleByUnicodeScalarLiteral {
        var breaks: [Text.Index] = []
        // The brackets open on this line: the closer awaited, and how many
        // breaks came before the opening one.
        var open: [(closer: Text.Element, breaksBefore: Int)] = []
        for index in text.indices {
            let element = text[index]
            if separates(element) {
                if element == "\n" { open.removeAll() }
                breaks.append(index)
            } else if let closer = closer(of: element) {
                open.append((closer, breaks.count))
            } else if let last = open.last, element == last.closer {
                open.removeLast()
                breaks.removeSubrange(last.breaksBefore...)
            }
        }
        return breaks
    }

    /// `sense` past its leading notes and the spaces after each; empty when
    /// the sense is only notes ("(P)"), and the whole of it when it has none
    /// or a bracket is not closed.
    public static func afterLeadingNotes<Text: Collection<Character>>(_ sense: Text)
        -> Text.SubSequence
    {
        var rest = sense[...]
        while let open = rest.first, let close = closer(of: open),
            let end = rest.firstIndex(of: close)
        {
            rest = rest[rest.index(after: end)...].drop(while: \.isWhitespace)
        }
        return rest
    }
}
