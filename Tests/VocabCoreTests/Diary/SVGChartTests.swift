import Foundation
import Testing

@testable import VocabCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an SVG as XML and counts elements, so a test knows the output is well formed.
final class SVGInspector: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var texts: [String] = []
    var attributes: [[String: String]] = []
    private var text = ""

    static func parse(_ svg: String) -> SVGInspector? {
        let inspector = SVGInspector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = inspector
        return parser.parse() ? inspector : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[name, default: 0] += 1
        self.attributes.append(attributes)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        if name == "title" || name == "text" || name == "desc" { texts.append(text) }
        text = ""
    }
}

@Suite struct SVGChartTests {
    func points(_ values: [Double?]) -> [SVGChart.Point] {
        values.enumerated().map {
            SVGChart.Point(
                label: "d\($0.offset)", value: $0.element,
                tooltip: "day \($0.offset): \($0.element ?? -1)")
        }
    }

    @Test func barsHaveAViewBoxATitleAndATooltipPerPoint() throws {
        let chart = SVGChart(
            id: "reviews", title: "Reviews per day", summary: "6 reviews in 3 days", kind: .bars,
            scale: .count,
            points: points([1, 0, 5]), emptyText: "No reviews yet")
        let svg = chart.render()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("viewBox=\"0 0 400 220\"") && svg.contains("role=\"img\""))
        #expect(svg.contains("aria-labelledby=\"reviews-title reviews-desc\""))
        let xml = try #require(SVGInspector.parse(svg))
        #expect(xml.counts["g"] == 3, "one group per point, zero included")
        #expect(xml.attributes.filter { $0["class"] == "mc-bar" }.count == 2, "no bar for zero")
        #expect(xml.texts.contains("Reviews per day") && xml.texts.contains("6 reviews in 3 days"))
        #expect(xml.texts.contains("day 1: 0.0"))
        #expect(!xml.texts.contains("No reviews yet"))
        #expect(xml.counts["style"] == 1)
    }

    @Test func everyTextIsEscaped() throws {
        let nasty = "<script>alert('x')</script> & \"quotes\"\u{01}"
        let chart = SVGChart(
            id: "x\" onload=\"alert(1)", title: nasty, summary: nasty, kind: .line, scale: .percent,
            points: [SVGChart.Point(label: nasty, value: 0.5, tooltip: nasty)],
            reference: SVGChart.Reference(value: 0.9, label: nasty), emptyText: nasty)
        let svg = chart.render()
        #expect(!svg.contains("<script>") && !svg.contains("onload=\""))
        #expect(
            svg.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;")
        )
        let xml = try #require(SVGInspector.parse(svg), "escaped output is well-formed XML")
        #expect(xml.texts.filter { $0 == "<script>alert('x')</script> & \"quotes\"" }.count >= 4)
        #expect(xml.attributes.first?["id"] == "xonloadalert1")
    }

    @Test func emptyDataShowsTheEmptyTextOverAnAxis() throws {
        for values in [[], [0, 0, 0], [nil, nil]] as [[Double?]] {
            let svg = SVGChart(
                id: "e", title: "T", summary: "S", kind: .bars, scale: .count,
                points: points(values),
                emptyText: "Nothing yet"
            ).render()
            let xml = try #require(SVGInspector.parse(svg))
            #expect(xml.texts.contains("Nothing yet"), "\(values)")
            #expect(xml.texts.contains("0") && xml.texts.contains("1"), "a 0–1 axis")
            #expect(!svg.contains("mc-bar\""))
        }
        // A 0% month is data, not emptiness.
        let zero = SVGChart(
            id: "r", title: "T", summary: "S", kind: .line, scale: .percent, points: points([0]),
            emptyText: "Nothing yet")
        #expect(!zero.render().contains("Nothing yet"))
    }

    @Test func countAxesEndOnRoundNumbers() {
        func top(_ values: [Double?]) -> Double? {
            SVGChart(
                id: "t", title: "", summary: "", kind: .bars, scale: .count, points: points(values),
                emptyText: ""
            ).ticks.last
        }
        #expect(top([]) == 1)
        #expect(top([3]) == 3)
        #expect(top([7]) == 8)
        #expect(top([37]) == 40)
        #expect(top([101]) == 150)
        #expect(top([999]) == 1000)
        #expect(
            SVGChart.niceStep(0.3) == 1 && SVGChart.niceStep(2.5) == 5
                && SVGChart.niceStep(11) == 20)
    }

    @Test func percentChartsUseAFixedAxisAndBreakLinesAtGaps() throws {
        let chart = SVGChart(
            id: "retention", title: "Retention", summary: "", kind: .line, scale: .percent,
            points: points([0.8, 0.9, nil, 0.95, 1.0]), emptyText: "")
        #expect(chart.ticks == [0, 0.25, 0.5, 0.75, 1])
        let xml = try #require(SVGInspector.parse(chart.render()))
        for label in ["0%", "25%", "50%", "75%", "100%"] { #expect(xml.texts.contains(label)) }
        #expect(xml.counts["polyline"] == 2, "a gap splits the line")
        #expect(xml.counts["circle"] == 4)
    }

    @Test func manyPointsGetFewLabels() throws {
        let chart = SVGChart(
            id: "year", title: "", summary: "", kind: .bars, scale: .count,
            points: points(Array(repeating: 1, count: 365)), emptyText: "")
        let xml = try #require(SVGInspector.parse(chart.render()))
        let labels = xml.texts.filter { $0.hasPrefix("d") && !$0.hasPrefix("day") }
        #expect(labels.count >= 5 && labels.count <= 10, "\(labels.count) labels")
        #expect(xml.counts["g"] == 365)
        #expect(
            labels.first == "d0" && !labels.contains("d364"),
            "a forecast is labelled from its first day")
        var past = chart
        past.labelsFromEnd = true
        let pastLabels = try #require(SVGInspector.parse(past.render())).texts.filter {
            $0.hasPrefix("d") && !$0.hasPrefix("day")
        }
        #expect(
            pastLabels.last == "d364" && pastLabels.count == labels.count,
            "the past is labelled from today back")
    }

    @Test func numbersAreCompact() {
        #expect(
            SVGText.number(12) == "12" && SVGText.number(12.25) == "12.3"
                && SVGText.number(-0.04) == "0")
        #expect(SVGText.number(-3.5) == "-3.5" && SVGText.number(.nan) == "0")
    }
}

@Suite struct HeatmapSVGTests {
    @Test func everyDayIsASquareWithATooltipAndTodayIsMarked() throws {
        let today = try #require(CivilDay("2026-11-25"))
        let map = ActivityHeatmap(counts: [today: 4, today.adding(days: -3): 1], endingOn: today)
        let renderer = HeatmapSVG(
            id: "heatmap", title: "A year of study", summary: "2 study days",
            weekdayNames: ["일", "월", "화", "수", "목", "금", "토"],
            monthNames: (1...12).map { "\($0)월" }, lessLabel: "적음", moreLabel: "많음 <&>",
            today: today)
        let svg = renderer.render(map) { "\($0.day): \($0.count) <answers>" }
        let xml = try #require(SVGInspector.parse(svg))
        let days = xml.attributes.filter { $0["data-date"] != nil }
        #expect(days.count == 365)
        #expect(xml.counts["rect"] == 365 + 5, "the days and the legend")
        let todayRect = try #require(days.first { $0["data-date"] == "2026-11-25" })
        #expect(todayRect["class"] == "mc-l4 mc-today" && todayRect["data-level"] == "4")
        #expect(days.filter { $0["class"]?.contains("mc-today") == true }.count == 1)
        #expect(xml.texts.contains("2026-11-25: 4 <answers>"))
        #expect(
            xml.texts.contains("많음 <&>") && xml.texts.contains("월") && xml.texts.contains("12월"))
        let (width, height) = renderer.size(of: map)
        #expect(svg.contains("viewBox=\"0 0 \(width) \(height)\""))
    }

    /// On 2 December the month began in the last week's column, and its name
    /// ran past the chart's right edge ("12월" read "12" on a phone).
    @Test func aMonthThatStartsInTheLastWeeksColumnEndsItsNameAtTheGridsEnd() throws {
        let today = try #require(CivilDay("2026-12-02"))
        let map = ActivityHeatmap(counts: [today: 1], endingOn: today)
        let korean = HeatmapSVG(
            id: "heatmap", title: "", summary: "", weekdayNames: [],
            monthNames: (1...12).map { "\($0)월" }, lessLabel: "", moreLabel: "", today: today)
        let width = Double(korean.size(of: map).width)
        let gridEnd = HeatmapSVG.left + Double(map.weeks.count) * HeatmapSVG.pitch - 2
        let labels = korean.monthLabels(map)
        #expect(labels.map(\.name) == (1...12).map { "\($0)월" })
        #expect(labels.last == .init(name: "12월", x: gridEnd, endsAtX: true))
        #expect(labels.dropLast().allSatisfy { !$0.endsAtX })
        let extents = labels.map { label in
            let width = SVGText.approximateWidth(label.name)
            return label.endsAtX ? (label.x - width, label.x) : (label.x, label.x + width)
        }
        #expect(extents.allSatisfy { $0.0 >= HeatmapSVG.left && $0.1 <= width })
        #expect(zip(extents, extents.dropFirst()).allSatisfy { $0.1 < $1.0 }, "no two overlap")
        #expect(korean.render(map) { _ in "" }.contains("text-anchor=\"end\">12월</text>"))

        // A long name that would run into November's is left out, not drawn over it.
        var english = korean
        english.monthNames = [
            "January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December",
        ]
        let long = english.monthLabels(map)
        #expect(long.last?.name == "November" && long.last?.endsAtX == false)
        #expect(!long.contains { $0.name == "December" })
    }

    @Test func monthsThatFitStartAboveTheirFirstWeek() throws {
        let today = try #require(CivilDay("2026-11-25"))
        let map = ActivityHeatmap(counts: [:], endingOn: today)
        let renderer = HeatmapSVG(
            id: "heatmap", title: "", summary: "", weekdayNames: [],
            monthNames: (1...12).map { "M\($0)" }, lessLabel: "",
            moreLabel: "", today: today)
        let labels = renderer.monthLabels(map)
        #expect(labels.count == map.monthStarts.count)
        for (label, start) in zip(labels, map.monthStarts) {
            #expect(!label.endsAtX)
            #expect(label.x == HeatmapSVG.left + Double(start.column) * HeatmapSVG.pitch)
        }
    }
}
