import Testing

@testable import VocabCore

@Suite("Korean-aware word search")
struct WordSearchTests {
    @Test func keysHoldFoldedJamoAndChoseongPerSense() {
        let keys = WordSearchKeys(term: "Café", meaning: "카페, 커피숍", reading: "")
        #expect(keys.text == "cafe\n카페\n커피숍\n카페, 커피숍")
        #expect(keys.jamo.hasPrefix("cafe\nㅋㅏㅍㅔ\nㅋㅓㅍㅣㅅㅛㅂ"))
        #expect(keys.choseong.hasPrefix("ㅋㅋㅍㅍ\nㅋㅋㅍㅍㅅㅅ\n"), "only lines with Hangul")
        #expect(keys.choseong.hasSuffix("\n"), "every line ended")
        let japanese = WordSearchKeys(term: "水", meaning: "water; fluid", reading: "みず")
        #expect(japanese.choseong.isEmpty && !japanese.jamo.isEmpty)
        let mixed = WordSearchKeys(term: "TV 보기", meaning: "", reading: "")
        #expect(mixed.choseong == "ttvv  ㅂㅂㄱㄱ\n", "a line with Hangul is kept whole (folded)")
        #expect(WordSearchQuery("사가").typoLine == "ㅅㅅㄱㄱ\n")
        #expect(WordSearchQuery("사").typoLine == nil)
        #expect(WordSearchKeys.doubled("ㅅㄱ\nab") == "ㅅㅅㄱㄱ\naabb")
        #expect(japanese.cjk == "水水水\nみみみずずず", "only lines with kanji or kana, tripled")
        #expect(keys.cjk.isEmpty)
        let hanja = WordSearchKeys(term: "學校", meaning: "학교", reading: "Tシャツ")
        #expect(hanja.cjk == "學學學校校校\nTTTシシシャャャツツツ".lowercased())
    }

    @Test func sensesSplitAtEveryLineBreakAndSeparator() {
        #expect(
            WordSearchKeys.fields(term: "run", meaning: "달리다\r\n운영하다; 뛰다 ,、 ", reading: "")
                == ["run", "달리다", "운영하다", "뛰다", "달리다\r\n운영하다; 뛰다 ,、 "])
        #expect(WordSearchKeys.fields(term: "run", meaning: "달리다", reading: "") == ["run", "달리다"])
    }

    @Test func aSenseIsALinePastItsLeadingNotes() {
        #expect(
            WordSearchKeys.fields(term: "学校", meaning: "(n) school; (P)", reading: "がっこう")
                == ["学校", "school", "(P)", "(n) school; (P)", "がっこう"],
            "a sense of notes alone stays as it is")
        #expect(
            WordSearchKeys.fields(term: "学校", meaning: "(n) school", reading: "")
                == ["学校", "school", "(n) school"], "the whole meaning stays a line")
        #expect(
            WordSearchKeys.fields(term: "(to) go", meaning: "[동] 가다", reading: "")
                == ["(to) go", "go", "가다", "[동] 가다"])
        // A note's commas are not the meaning's, unless its bracket is left open.
        #expect(
            WordSearchKeys.fields(
                term: "休業", meaning: "(n,vs) closure (of a store, school, etc.); holiday",
                reading: ""
            ) == [
                "休業", "closure (of a store, school, etc.)", "holiday",
                "(n,vs) closure (of a store, school, etc.); holiday",
            ])
        #expect(
            WordSearchKeys.fields(term: "a", meaning: "apple (red, round\nx [y, z]", reading: "")
                == ["a", "apple (red", "round", "x [y, z]", "apple (red, round\nx [y, z]"])
        let nested = Array("(a, [b; c], d), e")
        #expect(SenseNotes.senseBreaks(in: nested) == [14])
        let unclosed = Array("((" + String(repeating: ",", count: 50_000) + ")")
        #expect(SenseNotes.senseBreaks(in: unclosed).isEmpty, "closed by the last bracket")
        #expect(SenseNotes.afterLeadingNotes("(v1,vt) (1) to eat") == "to eat")
        #expect(SenseNotes.afterLeadingNotes("(n) {comp} file") == "file")
        #expect(SenseNotes.afterLeadingNotes("［명］학교") == "학교")
        #expect(SenseNotes.afterLeadingNotes("(P)") == "")
        #expect(SenseNotes.afterLeadingNotes("(open note") == "(open note")
        #expect(SenseNotes.afterLeadingNotes("school (n)") == "school (n)")
        func kind(_ q: String, _ text: String) -> WordMatchKind? {
            WordSearchMatcher.match(WordSearchQuery(q), in: text)?.kind
        }
        #expect(kind("school", "(n) school; (P)") == .exact)
        #expect(kind("style", "(n) (1) a family; (n) (2) style") == .exact)
        #expect(kind("school", "(n) school building") == .prefix)
        #expect(kind("학교", "[명] 학교") == .exact)
        #expect(kind("n", "(n) school") == .substring)
        #expect(kind("school", "closure (of a store, school, etc.); holiday") == .substring)
        #expect(kind("holiday", "closure (of a store, school, etc.); holiday") == .exact)
        #expect(
            WordSearchMatcher.match(WordSearchQuery("school"), in: "(n) school")?.ranges == [4..<10]
        )
    }

    @Test func shortKanjiAndKanaQueriesAreTripledForTheIndex() {
        #expect(WordSearchKeys.shortCJKNeedle(WordSearchQuery("水")) == "水水水")
        #expect(WordSearchKeys.shortCJKNeedle(WordSearchQuery("学校")) == "学学学校校校")
        #expect(WordSearchKeys.shortCJKNeedle(WordSearchQuery("ねこ")) == "ねねねこここ")
        #expect(
            WordSearchKeys.shortCJKNeedle(WordSearchQuery("東京都")) == nil, "long enough as it is")
        #expect(WordSearchKeys.shortCJKNeedle(WordSearchQuery("ab")) == nil)
        #expect(WordSearchKeys.shortCJKNeedle(WordSearchQuery("가")) == nil)
        // A tripled needle matches the tripled key exactly where the query is in a line.
        let key = WordSearchKeys(term: "東京", meaning: "Tokyo", reading: "とうきょう").cjk
        for (query, found) in [
            ("京", true), ("東京", true), ("京東", false), ("きと", false), ("うき", true),
        ] {
            let needle = WordSearchKeys.shortCJKNeedle(WordSearchQuery(query))!
            #expect(key.contains(needle) == found, "\(query)")
        }
    }

    @Test func queryForms() {
        let choseong = WordSearchQuery("ㅅㄱ")
        #expect(choseong.choseong == "ㅅㄱ")
        let latin = WordSearchQuery("tkrhk")
        #expect(latin.otherLayout == "사과")
        #expect(latin.choseong == nil)
        let hangulKeys = WordSearchQuery("메ㅔㅣㄷ")
        #expect(hangulKeys.otherLayout == "apple")
        let word = WordSearchQuery("사과")
        #expect(word.jamo == "ㅅㅏㄱㅗㅏ")
        #expect(word.otherLayout == "tkrhk")
        #expect(WordSearchQuery("abc").otherLayout == "뮻")
        #expect(
            WordSearchQuery("ab").otherLayout == nil,
            "two keys are too short to be a layout mistake")
        #expect(WordSearchQuery("ㅅㄱ").otherLayout == nil)
        #expect(WordSearchQuery("rr").otherLayout == nil, "loose jamo are not a word")
    }

    @Test func starsAtTheEndsAskForTheTextAnywhere() {
        #expect(WordSearchQuery("run*") == WordSearchQuery("run"))
        #expect(WordSearchQuery("*ing") == WordSearchQuery("ing"))
        #expect(WordSearchQuery(" **사과* ") == WordSearchQuery("사과"))
        #expect(WordSearchQuery("tkrhk*").otherLayout == "사과")
        #expect(WordSearchQuery("ㅅㄱ*").choseong == "ㅅㄱ")
        #expect(WordSearchQuery("*").folded.isEmpty, "only stars: no query, every word")
        #expect(WordSearchQuery("a*b").folded == "a*b", "a star inside is a character")
    }

    @Test func matchKindsAndHighlightRanges() {
        func m(_ q: String, _ text: String, fuzzy: Bool = false) -> WordTextMatch? {
            WordSearchMatcher.match(WordSearchQuery(q), in: text, fuzzy: fuzzy)
        }
        #expect(m("사과", "사과")?.kind == .exact)
        #expect(m("사과", "능금, 사과")?.kind == .exact)
        #expect(m("사과", "사과나무")?.kind == .prefix)
        #expect(m("사과", "풋사과")?.kind == .substring)
        #expect(m("사과", "풋사과")?.ranges == [1..<3])
        #expect(m("CAFE", "Café au lait")?.ranges == [0..<4])
        #expect(m("삭", "사과")?.kind == .partial)
        #expect(m("삭", "사과")?.ranges == [0..<2])
        #expect(m("ㅅㄱ", "풋사과")?.kind == .choseong)
        #expect(m("ㅅㄱ", "풋사과")?.ranges == [1..<3])
        #expect(m("tkrhk", "사과")?.kind == .otherLayout)
        #expect(m("사가", "사과") == nil)
        #expect(m("사가", "사과", fuzzy: true)?.kind == .fuzzy)
        #expect(m("사가", "능금, 사과", fuzzy: true)?.ranges == [4..<6])
        #expect(m("사가", "수박", fuzzy: true) == nil)
        #expect(m("자과", "사과", fuzzy: true)?.kind == .fuzzy)
        #expect(m("x", "") == nil)
        #expect(m("", "abc") == nil)
    }

    @Test func aLongTextIsMatchedInLinearTime() {
        let text = String(repeating: "사과 apple ", count: 20_000)
        let match = WordSearchMatcher.match(WordSearchQuery("ㅅㄱ"), in: text)
        #expect(match?.ranges.count == 20_000)
    }
}

@Test func initialTypoGapsSurroundEachInitial() {
    let gaps = WordSearchQuery("자과").initialTypoGaps
    #expect(gaps.map(\.before) == ["", "ㅈㅏ"])
    #expect(gaps.map { String($0.initial) } == ["ㅈ", "ㄱ"])
    #expect(gaps.map(\.after) == ["ㅏㄱㅗㅏ", "ㅗㅏ"])
    let variants = gaps.flatMap(\.variants)
    #expect(variants.count == 2 * 18)
    #expect(variants.contains("ㅅㅏㄱㅗㅏ"))
    #expect(variants.contains("ㅈㅏㅋㅗㅏ"))
    #expect(!variants.contains("ㅈㅏㄱㅗㅏ"), "the query itself is not a variant")
    #expect(WordSearchQuery("꽑쌰").initialTypoGaps.map(\.after) == ["ㅗㅏㄹㄱㅆㅑ", "ㅑ"], "ㄲ is one unit")
    #expect(WordSearchQuery("사").initialTypoGaps.isEmpty, "one syllable: no fuzzy pass")
    #expect(WordSearchQuery("apple").initialTypoGaps.isEmpty)
    #expect(WordSearchQuery("가나다라마바사").initialTypoGaps.isEmpty, "longer than the limit")
}

@Test func initialTypoWindowsHoldEachOtherInitialWithTwoUnits() {
    let gaps = WordSearchQuery("자과").initialTypoGaps
    #expect(gaps[0].windows.count == 18)
    #expect(gaps[0].windows.contains("ㅅㅏㄱ"), "the initial, then two units after it")
    #expect(gaps[1].windows.contains("ㅋㅗㅏ"))
    #expect(!gaps[1].windows.contains("ㄱㅗㅏ"), "not the query's own initial")
    // One unit after the gap: the unit before it completes the window.
    let short = WordSearchQuery("꽑쌰").initialTypoGaps[1]
    #expect(short.windows.contains("ㄱㅅㅑ"))
    // Every variant holds one of its gap's windows.
    for query in ["자과", "꽑쌰", "퓧횿", "사과나무"] {
        for gap in WordSearchQuery(query).initialTypoGaps {
            #expect(
                gap.variants.allSatisfy { variant in gap.windows.contains { variant.contains($0) } }
            )
        }
    }
}

@Test func typoHalvesSplitTheTypingUnitsInTwo() {
    let halves = WordSearchQuery("도서관").typoHalves
    #expect(halves?.left == "ㄷㅗㅅㅓ" && halves?.right == "ㄱㅗㅏㄴ")
    #expect(WordSearchQuery("사과나").typoHalves?.right == "ㅗㅏㄴㅏ", "the odd unit goes right")
    #expect(WordSearchQuery("사가").typoHalves == nil, "halves of two units are too short to look up")
}

@Test func theTypoTestComparesEachLineOfTheJamoKey() {
    let keys = WordSearchKeys(term: "apple", meaning: "사과, 능금", reading: "")
    #expect(WordSearchQuery("자과").isTypoAway(fromJamoKey: keys.jamo))
    #expect(WordSearchQuery("사가").isTypoAway(fromJamoKey: keys.jamo))
    #expect(!WordSearchQuery("자가").isTypoAway(fromJamoKey: keys.jamo), "two units off")
    #expect(
        !WordSearchQuery("사과능").isTypoAway(fromJamoKey: keys.jamo), "a line is compared whole")
    #expect(
        !WordSearchQuery("apqle").isTypoAway(fromJamoKey: keys.jamo),
        "five letters are too few for a typo pass")
}

@Test func latinQueriesOfSixLettersOrMoreAllowWrongLetters() {
    let resilient = WordSearchKeys(term: "resilient", meaning: "회복력 있는", reading: "")
    #expect(WordSearchQuery("resilent").isTypoAway(fromJamoKey: resilient.jamo))
    #expect(WordSearchQuery("Resillient").isTypoAway(fromJamoKey: resilient.jamo))
    #expect(
        !WordSearchQuery("resolent").isTypoAway(fromJamoKey: resilient.jamo), "two off in eight")
    let abandon = WordSearchKeys(term: "abandon", meaning: "버리다", reading: "")
    #expect(WordSearchQuery("abandn").isTypoAway(fromJamoKey: abandon.jamo))
    let accommodate = WordSearchKeys(term: "accommodate", meaning: "수용하다", reading: "")
    #expect(WordSearchQuery("acomodate").isTypoAway(fromJamoKey: accommodate.jamo), "two from nine")
    #expect(WordSearchQuery("abandn").latinTypoLimit == 1)
    #expect(WordSearchQuery("acomodate").latinTypoLimit == 2)
    #expect(WordSearchQuery("apple").latinTypoLimit == nil)
    #expect(WordSearchQuery("사과나무").latinTypoLimit == nil)
    #expect(WordSearchQuery("resilent").latinTypoPieces == ["resi", "lent"])
    #expect(WordSearchQuery("acomodate").latinTypoPieces == ["aco", "mod", "ate"])
    #expect(WordSearchQuery("library").typoHalves == nil, "halves are the Korean pass's")
}
