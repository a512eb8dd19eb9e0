extension Hangul {
    /// The Sino-Korean reading of an integer, in Hangul: 1234 → 천이백삼십사,
    /// 10000 → 만, 0 → 영, 100000000 → 일억, -5 → 마이너스 오.
    ///
    /// 일 is left out before 십, 백, 천 and 만 (만, not 일만) and kept before 억, 조 and
    /// 경. Every `Int` is covered (up to 구백이십이경…). With `spaced`, groups of four
    /// digits are separated by spaces, as Korean spelling rules write numbers
    /// (천이백삼십사만 오천육백칠십팔).
    public static func sinoKoreanReading(_ number: Int, spaced: Bool = false) -> String {
        if number == 0 { return "영" }
        var magnitude = number.magnitude
        var groups: [Int] = []
        while magnitude > 0 {
            groups.append(Int(magnitude % 10000))
            magnitude /= 10000
        }
        let digits = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]
        let smallUnits = ["", "십", "백", "천"]
        let bigUnits = ["", "만", "억", "조", "경"]
        var parts: [String] = []
        for (k, group) in groups.enumerated().reversed() where group != 0 {
            var text = ""
            if k == 1 && group == 1 {
                text = "만"
            } else {
                var g = group
                var place = 3
                var divisor = 1000
                while place >= 0 {
                    let d = g / divisor
                    g %= divisor
                    if d != 0 {
                        if d != 1 || place == 0 { text += digits[d] }
                        text += smallUnits[place]
                    }
                    place -= 1
                    divisor /= 10
                }
                text += bigUnits[k]
            }
            parts.append(text)
        }
        let body = parts.joined(separator: spaced ? " " : "")
        return number < 0 ? "마이너스 " + body : body
    }
}
