/// A year of money by month as escaped, self-contained SVG (the lotto diary's chart): two
/// bars a month (spent, won), the net as a line that may go below zero, the monthly goal
/// as a dashed line, and under each month whether it kept to the goal. Colors follow the
/// page's CSS variables, like the other diary charts.
public struct MoneyYearChart: Sendable {
    public struct Month: Sendable, Equatable {
        /// "1월" / "Jan".
        public var label: String
        public var spent: Int64
        public var won: Int64
        /// What the month's tooltip says (the month, its sums and the verdict).
        public var tooltip: String
        /// Kept to the goal (true), went over (false), or no goal or nothing yet (nil).
        public var keptGoal: Bool?

        public init(label: String, spent: Int64, won: Int64, tooltip: String, keptGoal: Bool?) {
            self.label = label
            self.spent = spent
            self.won = won
            self.tooltip = tooltip
            self.keptGoal = keptGoal
        }

        public var net: Int64 { won - spent }
    }

    public var id: String
    public var title: String
    public var summary: String
    public var months: [Month]
    public var goal: Int64?
    /// The legend's words: spent, won, net, goal.
    public var legend: [String]
    /// A compact amount for the axis ("3만", "30k").
    public var axisLabel: @Sendable (Int64) -> String
    public var width = 640
    public var height = 280

    /// The same chart for a phone's width (its own id, so both can share a
    /// page): the wide one, scaled to a phone, draws its 12px text at 6px.
    public func narrowed() -> MoneyYearChart {
        var narrow = self
        narrow.id += "-narrow"
        narrow.width = 400
        narrow.height = 270
        return narrow
    }

    public init(
        id: String, title: String, summary: String, months: [Month], goal: Int64?,
        legend: [String], axisLabel: @escaping @Sendable (Int64) -> String
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.months = months
        self.goal = goal
        self.legend = legend
        self.axisLabel = axisLabel
    }

    private var left: Double { 52 }
    private var right: Double { Double(width) - 10 }
    private var top: Double { 48 }
    private var bottom: Double { Double(height) - 42 }

    /// The axis from the lowest net (or 0) to the highest of spent, won, net and goal, in
    /// round steps.
    public var ticks: [Int64] {
        let values: [Int64] = months.flatMap { [$0.spent, $0.won, $0.net] } + [goal ?? 0, 0]
        let low = values.min() ?? 0
        let high = max(values.max() ?? 0, 1)
        let step = Int64(SVGChart.niceStep(Double(high - low) / 4))
        let first = low < 0 ? -((-low + step - 1) / step) * step : 0
        let last = ((high + step - 1) / step) * step
        return Array(stride(from: first, through: last, by: Int(step)))
    }

    public func render() -> String {
        let ticks = self.ticks
        let low = Double(ticks.first ?? 0)
        let high = Double(ticks.last ?? 1)
        func y(_ value: Int64) -> Double {
            bottom - (Double(value) - low) / max(high - low, 1) * (bottom - top)
        }
        func n(_ value: Double) -> String { SVGText.number(value) }
        var svg = SVGText.open(
            id: id, width: width, height: height, title: title, description: summary,
            className: "mc-money")
        svg += "<style>\(Self.style)</style>"
        svg += "<text class=\"mc-title\" x=\"0\" y=\"15\">\(MarkupText.escaped(title))</text>"
        svg += legendMarkup()
        for tick in ticks {
            svg +=
                "<line class=\"\(tick == 0 ? "mc-zero" : "mc-grid")\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\"/>"
                + "<text class=\"mc-text\" x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">"
                + "\(MarkupText.escaped(axisLabel(tick)))</text>"
        }
        let slot = months.isEmpty ? 0 : (right - left) / Double(months.count)
        let bar = slot * 0.3
        var netPoints: [String] = []
        let active = months.indices.filter { months[$0].spent > 0 || months[$0].won > 0 }
        let activeSpan = (active.first ?? 0)..<((active.last ?? -1) + 1)
        for (index, month) in months.enumerated() {
            let x = left + Double(index) * slot
            let center = x + slot / 2
            var marks = ""
            for (offset, value, className) in [
                (-bar, month.spent, "mc-spent"), (0, month.won, "mc-won"),
            ] where value > 0 {
                let barTop = y(value)
                marks +=
                    "<rect class=\"\(className)\" x=\"\(n(center + offset))\" y=\"\(n(barTop))\" "
                    + "width=\"\(n(bar))\" height=\"\(n(max(y(0) - barTop, 1)))\"/>"
            }
            // The net runs from the first month with money to the last, through the quiet
            // months between them at zero.
            if activeSpan.contains(index) {
                netPoints.append("\(n(center)),\(n(y(month.net)))")
                marks +=
                    "<circle class=\"mc-net-dot\" cx=\"\(n(center))\" cy=\"\(n(y(month.net)))\" r=\"3\"/>"
            }
            svg +=
                "<g class=\"mc-point\" data-month=\"\(index + 1)\"><title>\(MarkupText.escaped(month.tooltip))</title>"
                + "<rect class=\"mc-hit\" x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(slot))\" height=\"\(n(bottom - top))\"/>"
                + marks
                + "<text class=\"mc-text\" x=\"\(n(center))\" y=\"\(n(bottom + 16))\" text-anchor=\"middle\">"
                + "\(MarkupText.escaped(month.label))</text>"
            if let kept = month.keptGoal {
                svg +=
                    "<text class=\"\(kept ? "mc-pass" : "mc-fail")\" x=\"\(n(center))\" y=\"\(n(bottom + 32))\" "
                    + "text-anchor=\"middle\">\(kept ? "✓" : "✗")</text>"
            }
            svg += "</g>"
        }
        if netPoints.count > 1 {
            svg += "<polyline class=\"mc-net\" points=\"\(netPoints.joined(separator: " "))\"/>"
        }
        if let goal {
            let gy = n(y(goal))
            svg +=
                "<line class=\"mc-ref\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(gy)\" y2=\"\(gy)\">"
                + "<title>\(MarkupText.escaped(legend.count > 3 ? legend[3] : ""))</title></line>"
        }
        return svg + "</svg>"
    }

    private func legendMarkup() -> String {
        let classes = ["mc-spent", "mc-won", "mc-net-dot", "mc-ref-key"]
        var x = 0.0
        var out = ""
        for (name, className) in zip(legend, classes) {
            out +=
                "<rect class=\"\(className)\" x=\"\(SVGText.number(x))\" y=\"26\" width=\"10\" height=\"10\"/>"
                + "<text class=\"mc-text\" x=\"\(SVGText.number(x + 14))\" y=\"35\">\(MarkupText.escaped(name))</text>"
            x += 24 + SVGText.approximateWidth(name)
        }
        return out
    }

    static let style = """
        .maeil-chart .mc-spent{fill:var(--mc-muted);fill-opacity:.55}\
        .maeil-chart .mc-won{fill:var(--mc-accent)}\
        .maeil-chart .mc-net{fill:none;stroke:var(--mc-fg);stroke-width:1.5}\
        .maeil-chart .mc-net-dot{fill:var(--mc-fg)}\
        .maeil-chart .mc-ref-key{fill:none;stroke:var(--mc-muted);stroke-dasharray:3 2}\
        .maeil-chart .mc-zero{stroke:var(--mc-muted);stroke-width:1}\
        .maeil-chart .mc-pass{fill:var(--mc-accent);font-size:13px;font-weight:700}\
        .maeil-chart .mc-fail{fill:#d0453a;font-size:13px;font-weight:700}
        """
}
