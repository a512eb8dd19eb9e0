/// Small pieces every SVG the diary draws is made of (its text is escaped by
/// `MarkupText`): compact numbers, and one stylesheet whose colors follow the
/// page's CSS variables (so an inline chart follows the app's light and dark
/// themes) with fallbacks for a chart opened on its own.
enum SVGText {
    /// A coordinate with at most one decimal: "12", "12.5".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0
            ? sign + String(magnitude / 10) : sign + "\(magnitude / 10).\(magnitude % 10)"
    }

    /// Roughly how wide `text` is at the charts' 12px font: wide (CJK) characters
    /// take about a full em, others about half. Enough to place a label beside it.
    static func approximateWidth(_ text: String, fontSize: Double = 12) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? fontSize : fontSize * 0.6) }
    }

    /// Only letters, digits, `-` and `_` survive, so an id can never break out of its attribute.
    static func identifier(_ raw: String) -> String {
        let kept = raw.unicodeScalars.filter {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || $0 == "-" || $0 == "_"
        }
        let text = String(String.UnicodeScalarView(kept))
        return text.isEmpty ? "chart" : text
    }

    /// The root element with its accessible name (`<title>`) and description (`<desc>`).
    static func open(
        id: String, width: Int, height: Int, title: String, description: String, className: String
    ) -> String {
        let id = identifier(id)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="maeil-chart \(className)" id="\(id)" viewBox="0 0 \(width) \(height)" \
            role="img" aria-labelledby="\(id)-title \(id)-desc" preserveAspectRatio="xMidYMid meet">\
            <title id="\(id)-title">\(MarkupText.escaped(title))</title><desc id="\(id)-desc">\(MarkupText.escaped(description))</desc>\
            <style>\(style)</style>
            """
    }

    static let style = """
        .maeil-chart{--mc-fg:var(--fg,#1d1d1f);--mc-muted:var(--muted,#6b6b70);--mc-line:var(--line,#e2e2e6);\
        --mc-accent:var(--accent,#2f6f4f);font-family:system-ui,-apple-system,"Noto Sans KR",sans-serif}\
        @media (prefers-color-scheme:dark){.maeil-chart{--mc-fg:var(--fg,#ececf0);--mc-muted:var(--muted,#a0a0a8);\
        --mc-line:var(--line,#33333a);--mc-accent:var(--accent,#5dbb8a)}}\
        .maeil-chart .mc-text{fill:var(--mc-muted);font-size:12px}\
        .maeil-chart .mc-title{fill:var(--mc-fg);font-size:15px;font-weight:600}\
        .maeil-chart .mc-empty{fill:var(--mc-muted);font-size:14px}\
        .maeil-chart .mc-grid{stroke:var(--mc-line);stroke-width:1}\
        .maeil-chart .mc-bar,.maeil-chart .mc-dot{fill:var(--mc-accent)}\
        .maeil-chart .mc-line{fill:none;stroke:var(--mc-accent);stroke-width:2;stroke-linejoin:round}\
        .maeil-chart .mc-ref{stroke:var(--mc-muted);stroke-width:1;stroke-dasharray:4 3}\
        .maeil-chart .mc-hit{fill:transparent}\
        .maeil-chart .mc-point:hover .mc-hit{fill:var(--mc-line);fill-opacity:.6}\
        .maeil-chart .mc-l0{fill:var(--mc-line);fill-opacity:.6}\
        .maeil-chart .mc-l1{fill:var(--mc-accent);fill-opacity:.3}\
        .maeil-chart .mc-l2{fill:var(--mc-accent);fill-opacity:.5}\
        .maeil-chart .mc-l3{fill:var(--mc-accent);fill-opacity:.75}\
        .maeil-chart .mc-l4{fill:var(--mc-accent)}\
        .maeil-chart .mc-today{stroke:var(--mc-fg);stroke-width:1.5}
        """
}

/// The stylesheets the charts carry inside their SVG, as written: a page that
/// shows a chart inline allows exactly these in its Content-Security-Policy
/// (by their SHA-256), and no other inline style.
public enum ChartStyles {
    public static let all = [SVGText.style, MoneyYearChart.style]
}
