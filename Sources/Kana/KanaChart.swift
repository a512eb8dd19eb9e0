/// The hiragana and katakana chart: the gojūon, the voiced rows (dakuten and
/// handakuten) and the contracted sounds (yōon). Each cell's kana is made by the
/// converter from its romaji, so the chart and the converter cannot disagree.
public enum KanaChart {
    public struct Cell: Sendable, Equatable {
        public var hiragana: String
        public var katakana: String
        /// Hepburn, as `Kana.toRomaji` writes it.
        public var romaji: String
    }

    public struct Section: Sendable {
        /// `gojuon`, `voiced` or `contracted`.
        public var id: String
        /// Rows of cells; nil is an empty place in the grid (no yi, ye, wu).
        public var rows: [[Cell?]]
    }

    public static let sections: [Section] = [
        section(
            "gojuon",
            [
                "a i u e o", "ka ki ku ke ko", "sa shi su se so", "ta chi tsu te to",
                "na ni nu ne no", "ha hi fu he ho", "ma mi mu me mo", "ya - yu - yo",
                "ra ri ru re ro", "wa - - - wo", "n' - - - -",
            ]),
        section(
            "voiced",
            [
                "ga gi gu ge go", "za ji zu ze zo", "da di du de do", "ba bi bu be bo",
                "pa pi pu pe po",
            ]),
        section(
            "contracted",
            [
                "kya kyu kyo", "sha shu sho", "cha chu cho", "nya nyu nyo", "hya hyu hyo",
                "mya myu myo", "rya ryu ryo", "gya gyu gyo", "ja ju jo", "bya byu byo",
                "pya pyu pyo",
            ]),
    ]

    private static func section(_ id: String, _ rows: [String]) -> Section {
        Section(
            id: id,
            rows: rows.map { row in
                row.split(separator: " ").map { spelling in
                    guard spelling != "-" else { return nil }
                    let hiragana = Kana.toHiragana(String(spelling))
                    return Cell(
                        hiragana: hiragana, katakana: Kana.toKatakana(hiragana),
                        romaji: Kana.toRomaji(hiragana))
                }
            })
    }
}
