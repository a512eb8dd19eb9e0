/// Draws an `ActivityHeatmap` as SVG: weeks left to right, Sunday on top,
/// month names above, Mon/Wed/Fri beside, a less–more legend below, and a
/// `<title>` on every day. The caller supplies every word, so it draws Korean
/// as well as English.
public struct HeatmapSVG: Sendable {
    public var id: String
    public var title: String
    public var summary: String
    /// Seven names, Sunday first; Monday, Wednesday and Friday are shown.
    public var weekdayNames: [String]
    /// Twelve names, January first.
    public var monthNames: [String]
    public var lessLabel: String
    public var moreLabel: String
    /// Outlined, so the eye finds today.
    public var today: CivilDay?

    public init(
        id: String, title: String, summary: String, weekdayNames: [String], monthNames: [String],
        lessLabel: String, moreLabel: String, today: CivilDay?
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.weekdayNames = weekdayNames
        self.monthNames = monthNames
        self.lessLabel = lessLabel
        self.moreLabel = moreLabel
        self.today = today
    }

    static let cell = 11.0
    static let pitch = 13.0
    static let left = 30.0
    static let top = 18.0

    public func size(of heatmap: ActivityHeatmap) -> (width: Int, height: Int) {
        (
            Int(Self.left + Double(heatmap.weeks.count) * Self.pitch + 4),
            Int(Self.top + 7 * Self.pitch + 26)
        )
    }

    public func render(_ heatmap: ActivityHeatmap, tooltip: (ActivityHeatmap.Cell) -> String)
        -> String
    {
        let (width, height) = size(of: heatmap)
        var svg = SVGText.open(
            id: id, width: width, height: height, title: title, description: summary,
            className: "mc-heatmap")
        for label in monthLabels(heatmap) {
            svg +=
                "<text class=\"mc-text\" x=\"\(SVGText.number(label.x))\" y=\"12\"\(label.endsAtX ? " text-anchor=\"end\"" : "")>"
                + "\(MarkupText.escaped(label.name))</text>"
        }
        for row in [1, 3, 5] where weekdayNames.indices.contains(row) {
            svg +=
                "<text class=\"mc-text\" x=\"0\" y=\"\(SVGText.number(Self.top + Double(row) * Self.pitch + 9))\">"
                + "\(MarkupText.escaped(weekdayNames[row]))</text>"
        }
        for (column, week) in heatmap.weeks.enumerated() {
            for (row, cell) in week.enumerated() {
                guard let cell else { continue }
                let isToday = cell.day == today
                svg +=
                    "<rect class=\"mc-l\(cell.level)\(isToday ? " mc-today" : "")\" "
                    + "x=\"\(SVGText.number(Self.left + Double(column) * Self.pitch))\" "
                    + "y=\"\(SVGText.number(Self.top + Double(row) * Self.pitch))\" width=\"11\" height=\"11\" rx=\"2\" "
                    + "data-date=\"\(cell.day)\" data-level=\"\(cell.level)\"><title>\(MarkupText.escaped(tooltip(cell)))</title></rect>"
            }
        }
        svg += legend(y: Self.top + 7 * Self.pitch + 8, width: Double(width))
        return svg + "</svg>"
    }

    struct MonthLabel: Equatable {
        var name: String
        var x: Double
        /// The name ends at `x` rather than starting there.
        var endsAtX: Bool
    }

    /// Each month's name above the week it starts in. A month that starts too
    /// near the right end for its name (this month, most days) ends it at the
    /// grid's right end instead, so it is not cut off; a name that would then
    /// run into the one before it is left out.
    func monthLabels(_ heatmap: ActivityHeatmap) -> [MonthLabel] {
        let gridEnd =
            Self.left + Double(heatmap.weeks.count) * Self.pitch - (Self.pitch - Self.cell)
        var labels: [MonthLabel] = []
        var previousEnd = -Double.infinity
        for start in heatmap.monthStarts where monthNames.indices.contains(start.month - 1) {
            let name = monthNames[start.month - 1]
            let width = SVGText.approximateWidth(name)
            var label = MonthLabel(
                name: name, x: Self.left + Double(start.column) * Self.pitch, endsAtX: false)
            var labelStart = label.x
            if label.x + width > gridEnd {
                label = MonthLabel(name: name, x: gridEnd, endsAtX: true)
                labelStart = gridEnd - width
            }
            guard labelStart >= previousEnd + 4 else { continue }
            labels.append(label)
            previousEnd = labelStart + width
        }
        return labels
    }

    /// "Less ▢▢▢▢▢ More" under the grid's right end, where today is (and
    /// where a phone, scrolling the heatmap, shows it first).
    private func legend(y: Double, width: Double) -> String {
        let moreEnd = width - 4
        let squaresStart = moreEnd - SVGText.approximateWidth(moreLabel) - 5 - 5 * Self.pitch
        var out =
            "<text class=\"mc-text\" x=\"\(SVGText.number(squaresStart - 5))\" y=\"\(SVGText.number(y + 10))\" "
            + "text-anchor=\"end\">\(MarkupText.escaped(lessLabel))</text>"
        for level in 0...4 {
            out +=
                "<rect class=\"mc-l\(level)\" x=\"\(SVGText.number(squaresStart + Double(level) * Self.pitch))\" "
                + "y=\"\(SVGText.number(y))\" width=\"11\" height=\"11\" rx=\"2\"/>"
        }
        out +=
            "<text class=\"mc-text\" x=\"\(SVGText.number(moreEnd))\" y=\"\(SVGText.number(y + 10))\" text-anchor=\"end\">"
            + "\(MarkupText.escaped(moreLabel))</text>"
        return out
    }
}
