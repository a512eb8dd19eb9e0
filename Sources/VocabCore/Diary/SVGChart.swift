/// A bar or line chart as one self-contained SVG string: a viewBox (it scales
/// to its container), its title drawn at the top, a y axis with gridlines,
/// x labels, and a `<title>` on every point so hovering (or a screen reader) tells its exact value. All text
/// is escaped; colors come from CSS variables (see `SVGText.style`).
public struct SVGChart: Sendable {
    public enum Kind: Sendable { case bars, line }

    public enum Scale: Sendable, Equatable {
        /// 0 to a round number above the largest value; integer labels.
        case count
        /// Values are fractions 0...1, drawn on a fixed 0–100% axis.
        case percent
    }

    public struct Point: Sendable, Equatable {
        /// Under the x axis (only some are shown when there are many).
        public var label: String
        /// Nil means no data: no bar, and a gap in a line.
        public var value: Double?
        /// The point's tooltip, e.g. "2026-11-22: 12 reviews".
        public var tooltip: String

        public init(label: String, value: Double?, tooltip: String) {
            self.label = label
            self.value = value
            self.tooltip = tooltip
        }
    }

    /// A dashed horizontal line, e.g. the desired retention.
    public struct Reference: Sendable, Equatable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    public var id: String
    public var title: String
    public var summary: String
    public var kind: Kind
    public var scale: Scale
    public var points: [Point]
    public var reference: Reference?
    /// Label the last point and count back from it (charts of the past end
    /// today); else label the first and count on (a forecast starts today).
    public var labelsFromEnd: Bool
    /// Shown over the axes when there is nothing to draw: no count above zero,
    /// or no percentage at all.
    public var emptyText: String
    public var width: Int
    public var height: Int

    public init(
        id: String, title: String, summary: String, kind: Kind, scale: Scale, points: [Point],
        reference: Reference? = nil, labelsFromEnd: Bool = false, emptyText: String,
        width: Int = 400, height: Int = 220
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.kind = kind
        self.scale = scale
        self.points = points
        self.reference = reference
        self.labelsFromEnd = labelsFromEnd
        self.emptyText = emptyText
        self.width = max(120, width)
        self.height = max(80, height)
    }

    // The plot area inside the margins (labels live in the margins).
    private var left: Double { 44 }
    private var right: Double { Double(width) - 14 }
    private var top: Double { 34 }
    private var bottom: Double { Double(height) - 24 }

    public var isEmpty: Bool {
        !points.contains { point in
            guard let value = point.value else { return false }
            return scale == .percent || value > 0
        }
    }

    /// The y axis's top value and its gridline values.
    public var ticks: [Double] {
        switch scale {
        case .percent:
            return [0, 0.25, 0.5, 0.75, 1]
        case .count:
            let largest = points.compactMap(\.value).max() ?? 0
            let step = Self.niceStep(max(largest, 1) / 4)
            let top = max(step, (largest / step).rounded(.up) * step)
            return stride(from: 0, through: top + step / 2, by: step).map { $0 }
        }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw` (and at least 1: counts are whole).
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 1 else { return 1 }
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        for factor in [1.0, 2, 5, 10] where factor * power >= raw { return factor * power }
        return 10 * power
    }

    public func render() -> String {
        var svg = SVGText.open(
            id: id, width: width, height: height, title: title, description: summary,
            className: kind == .bars ? "mc-bars" : "mc-lines")
        svg += "<text class=\"mc-title\" x=\"0\" y=\"15\">\(MarkupText.escaped(title))</text>"
        let ticks = self.ticks
        let topValue = ticks.last ?? 1
        func y(_ value: Double) -> Double {
            bottom - (min(max(value, 0), topValue) / topValue) * (bottom - top)
        }

        for tick in ticks {
            let label = scale == .percent ? "\(Int((tick * 100).rounded()))%" : SVGText.number(tick)
            svg +=
                "<line class=\"mc-grid\" x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(right))\" "
                + "y1=\"\(SVGText.number(y(tick)))\" y2=\"\(SVGText.number(y(tick)))\"/>"
            svg +=
                "<text class=\"mc-text\" x=\"\(SVGText.number(left - 6))\" y=\"\(SVGText.number(y(tick) + 4))\" "
                + "text-anchor=\"end\">\(label)</text>"
        }

        if isEmpty {
            svg +=
                "<text class=\"mc-empty\" x=\"\(SVGText.number((left + right) / 2))\" "
                + "y=\"\(SVGText.number((top + bottom) / 2))\" text-anchor=\"middle\">\(MarkupText.escaped(emptyText))</text>"
        }
        svg += xLabels()
        if let reference {
            let ry = SVGText.number(y(reference.value))
            svg +=
                "<line class=\"mc-ref\" x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(right))\" y1=\"\(ry)\" y2=\"\(ry)\">"
                + "<title>\(MarkupText.escaped(reference.label))</title></line>"
        }
        switch kind {
        case .bars: svg += bars(y)
        case .line: svg += line(y)
        }
        return svg + "</svg>"
    }

    private var slot: Double { points.isEmpty ? 0 : (right - left) / Double(points.count) }

    private func center(_ index: Int) -> Double { left + (Double(index) + 0.5) * slot }

    /// About one label per 60 units, evenly spaced, never crowded.
    private func xLabels() -> String {
        guard !points.isEmpty else { return "" }
        let room = max(1, Int((right - left) / 60))
        let step = max(1, (points.count + room - 1) / room)
        var out = ""
        let first = labelsFromEnd ? (points.count - 1) % step : 0
        for index in stride(from: first, to: points.count, by: step)
        where !points[index].label.isEmpty {
            out +=
                "<text class=\"mc-text\" x=\"\(SVGText.number(center(index)))\" y=\"\(SVGText.number(bottom + 16))\" "
                + "text-anchor=\"middle\">\(MarkupText.escaped(points[index].label))</text>"
        }
        return out
    }

    /// Each point is a group: its tooltip, a full-height hover area, and the mark.
    private func pointGroup(_ index: Int, mark: String) -> String {
        let point = points[index]
        return "<g class=\"mc-point\"><title>\(MarkupText.escaped(point.tooltip))</title>"
            + "<rect class=\"mc-hit\" x=\"\(SVGText.number(left + Double(index) * slot))\" y=\"\(SVGText.number(top))\" "
            + "width=\"\(SVGText.number(slot))\" height=\"\(SVGText.number(bottom - top))\"/>\(mark)</g>"
    }

    private func bars(_ y: (Double) -> Double) -> String {
        // Thin bars touch; wider ones keep a gap so they read as separate days.
        let barWidth = slot >= 4 ? slot * 0.72 : slot
        var out = ""
        for (index, point) in points.enumerated() {
            var mark = ""
            if let value = point.value, value > 0 {
                let barTop = y(value)
                mark =
                    "<rect class=\"mc-bar\" x=\"\(SVGText.number(center(index) - barWidth / 2))\" y=\"\(SVGText.number(barTop))\" "
                    + "width=\"\(SVGText.number(barWidth))\" height=\"\(SVGText.number(max(bottom - barTop, 1)))\"/>"
            }
            out += pointGroup(index, mark: mark)
        }
        return out
    }

    private func line(_ y: (Double) -> Double) -> String {
        // A nil value breaks the line into separate runs.
        var runs: [[String]] = [[]]
        for (index, point) in points.enumerated() {
            if let value = point.value {
                runs[runs.count - 1].append(
                    "\(SVGText.number(center(index))),\(SVGText.number(y(value)))")
            } else if !(runs.last?.isEmpty ?? true) {
                runs.append([])
            }
        }
        var out = ""
        for run in runs where run.count > 1 {
            out += "<polyline class=\"mc-line\" points=\"\(run.joined(separator: " "))\"/>"
        }
        for (index, point) in points.enumerated() {
            var mark = ""
            if let value = point.value {
                mark =
                    "<circle class=\"mc-dot\" cx=\"\(SVGText.number(center(index)))\" cy=\"\(SVGText.number(y(value)))\" r=\"3.5\"/>"
            }
            out += pointGroup(index, mark: mark)
        }
        return out
    }
}
