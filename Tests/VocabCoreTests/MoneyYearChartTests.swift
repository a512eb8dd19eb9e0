import Testing

@testable import VocabCore

@Suite("Money year chart")
struct MoneyYearChartTests {
    func chart(_ months: [(Int64, Int64)], goal: Int64?) -> MoneyYearChart {
        MoneyYearChart(
            id: "y", title: "2026 <spent>", summary: "s",
            months: months.enumerated().map { index, pair in
                MoneyYearChart.Month(
                    label: "M\(index + 1)", spent: pair.0, won: pair.1, tooltip: "t&\(index)",
                    keptGoal: goal.map { pair.0 <= $0 })
            }, goal: goal, legend: ["spent", "won", "net", "goal"], axisLabel: { "\($0)" })
    }

    @Test("the axis reaches below zero for a month that lost, and above the goal")
    func ticks() {
        let ticks = chart([(5_000, 0), (1_000, 50_000), (0, 0)], goal: 30_000).ticks
        #expect((ticks.first ?? 0) < 0 && (ticks.first ?? 0) >= -20_000)
        #expect((ticks.last ?? 0) >= 50_000)
        #expect(ticks.contains(0))
        let empty = chart(Array(repeating: (0, 0), count: 12), goal: nil).ticks
        #expect(empty.first == 0 && (empty.last ?? 0) >= 1)
    }

    @Test("text is escaped; pass and fail marks follow the goal; an empty month draws no bars")
    func render() {
        let svg = chart([(5_000, 0), (1_000, 50_000), (0, 0)], goal: 3_000).render()
        #expect(svg.contains("2026 &lt;spent&gt;") && !svg.contains("<spent>"))
        #expect(svg.contains("t&amp;0"))
        #expect(svg.components(separatedBy: "class=\"mc-fail\"").count == 2)
        #expect(svg.components(separatedBy: "class=\"mc-pass\"").count == 3)
        // The legend's key, then one bar per month with money.
        #expect(svg.components(separatedBy: "<rect class=\"mc-spent\"").count == 1 + 1 + 2)
        #expect(svg.components(separatedBy: "<rect class=\"mc-won\"").count == 1 + 1 + 1)
        #expect(svg.hasSuffix("</svg>"))
    }
}
