import Testing

@testable import Hangul

@Suite("HangulInputContext")
struct InputContextTests {
    @Test("composition, preedit and commit step by step: 한글")
    func stepByStep() {
        var ic = HangulInputContext()
        #expect(ic.isEmpty)
        do {
            let result = ic.process("g")
            #expect(result == true)
        }
        #expect(ic.preedit == "ㅎ")
        #expect(ic.commit == "")
        do {
            let result = ic.process("k")
            #expect(result)
        }
        #expect(ic.preedit == "하")
        do {
            let result = ic.process("s")
            #expect(result)
        }
        #expect(ic.preedit == "한")
        do {
            let result = ic.process("r")
            #expect(result)
        }
        #expect(ic.commit == "한")
        #expect(ic.preedit == "ㄱ")
        do {
            let result = ic.process("m")
            #expect(result)
        }
        #expect(ic.commit == "")
        #expect(ic.preedit == "그")
        do {
            let result = ic.process("f")
            #expect(result)
        }
        #expect(ic.preedit == "글")
        do {
            let result = ic.flush()
            #expect(result == "글")
        }
        #expect(ic.isEmpty)
        #expect(ic.preedit == "")
    }

    @Test("syllable split: a vowel takes the last final (값이, 닭을, 앉아)")
    func syllableSplit() {
        var ic = HangulInputContext()
        for k in "rkqt" {
            let result = ic.process(k)
            #expect(result)
        }
        #expect(ic.preedit == "값")
        do {
            let result = ic.process("d")
            #expect(result)
        }
        #expect(ic.commit == "값")
        #expect(ic.preedit == "ㅇ")
        do {
            let result = ic.process("l")
            #expect(result)
        }
        #expect(ic.preedit == "이")

        ic.reset()
        for k in "rkqt" { _ = ic.process(k) }
        do {
            let result = ic.process("l")
            #expect(result)
        }
        #expect(ic.commit == "갑")
        #expect(ic.preedit == "시")

        #expect(HangulInputContext.type("ekfrdmf") == "닭을")
        #expect(HangulInputContext.type("dkswdk") == "앉아")
    }

    @Test(
        "shift doubles and other upper-case letters",
        arguments: [
            ("Rk", "까"), ("Ek", "따"), ("Qk", "빠"), ("Tk", "싸"), ("Wk", "짜"),
            ("dO", "얘"), ("dP", "예"), ("GKS", "한"), ("DKSSUD", "안녕"), ("rkR", "갂"), ("rkT", "갔"),
        ])
    func shift(keys: String, text: String) {
        #expect(HangulInputContext.type(keys) == text)
    }

    @Test("ㄸ ㅃ ㅉ cannot be finals: they start the next syllable")
    func notFinals() {
        #expect(HangulInputContext.type("rkE") == "가ㄸ")
        #expect(HangulInputContext.type("rkQ") == "가ㅃ")
        #expect(HangulInputContext.type("rkW") == "가ㅉ")
        #expect(HangulInputContext.type("rkEk") == "가따")
        #expect(HangulInputContext.type("rkrE") == "각ㄸ")
    }

    @Test("a key typed twice gives two jamo, never a double")
    func noDoubleStroke() {
        #expect(HangulInputContext.type("rr") == "ㄱㄱ")
        #expect(HangulInputContext.type("tt") == "ㅅㅅ")
        #expect(HangulInputContext.type("rktt") == "갓ㅅ")
        #expect(HangulInputContext.type("kk") == "ㅏㅏ")
    }

    @Test(
        "compound vowels and compound finals",
        arguments: [
            ("rhk", "과"), ("rho", "괘"), ("rhl", "괴"), ("rnj", "궈"), ("rnp", "궤"), ("rnl", "귀"),
            ("rml", "긔"),
            ("rkrt", "갃"), ("rksw", "갅"), ("rksg", "갆"), ("rkfr", "갉"), ("rkfa", "갊"),
            ("rkfq", "갋"),
            ("rkft", "갌"), ("rkfx", "갍"), ("rkfv", "갎"), ("rkfg", "갏"), ("rkqt", "값"),
        ])
    func compounds(keys: String, text: String) {
        #expect(HangulInputContext.type(keys) == text)
    }

    @Test("lone jamo: a vowel first, a consonant after a lone vowel, consonant pairs")
    func loneJamo() {
        #expect(HangulInputContext.type("k") == "ㅏ")
        #expect(HangulInputContext.type("kr") == "ㅏㄱ")
        #expect(HangulInputContext.type("hk") == "ㅘ")
        #expect(HangulInputContext.type("rt") == "ㄳ")
        #expect(HangulInputContext.type("rtk") == "ㄱ사")
        #expect(HangulInputContext.type("fr") == "ㄺ")
        #expect(HangulInputContext.type("zz") == "ㅋㅋ")
    }

    @Test("backspace removes one jamo at a time, compound parts separately")
    func backspace() {
        var ic = HangulInputContext()
        for k in "rhkfr" { _ = ic.process(k) }
        #expect(ic.preedit == "괅")
        do {
            let result = ic.backspace()
            #expect(result)
        }
        #expect(ic.preedit == "괄")
        do {
            let result = ic.backspace()
            #expect(result)
        }
        #expect(ic.preedit == "과")
        do {
            let result = ic.backspace()
            #expect(result)
        }
        #expect(ic.preedit == "고")
        do {
            let result = ic.backspace()
            #expect(result)
        }
        #expect(ic.preedit == "ㄱ")
        do {
            let result = ic.backspace()
            #expect(result)
        }
        #expect(ic.preedit == "")
        #expect(ic.isEmpty)
        do {
            let result = ic.backspace()
            #expect(result == false)
        }
    }

    @Test("backspace clears the commit text; flush and reset too")
    func commitLifetime() {
        var ic = HangulInputContext()
        for k in "rkr" { _ = ic.process(k) }
        _ = ic.process("r")
        #expect(ic.commit == "각")
        do {
            let result = ic.backspace()
            #expect(result)
        }
        #expect(ic.commit == "")
        _ = ic.process("1")
        #expect(ic.commit == "")  // nothing was being composed after the backspace
        _ = ic.process("r")
        _ = ic.process("2")
        #expect(ic.commit == "ㄱ")
        _ = ic.process("r")
        do {
            let result = ic.flush()
            #expect(result == "ㄱ")
        }
        #expect(ic.commit == "")
        _ = ic.process("r")
        _ = ic.process("k")
        ic.reset()
        #expect(ic.isEmpty)
        #expect(ic.preedit == "")
        do {
            let result = ic.flush()
            #expect(result == "")
        }
    }

    @Test("keys the layout does not use commit the syllable and return false")
    func unusedKeys() {
        for key: Character in ["1", " ", ".", "?", "<", "~", "\t", "\u{7F}", "é", "한", "😀"] {
            var ic = HangulInputContext()
            _ = ic.process("r")
            _ = ic.process("k")
            do {
                let result = ic.process(key)
                #expect(result == false, "key \(key)")
            }
            #expect(ic.commit == "가", "key \(key)")
            #expect(ic.preedit == "")
            #expect(ic.isEmpty)
        }
        var ic = HangulInputContext()
        do {
            let result = ic.process(UInt8(ascii: "1"))
            #expect(result == false)
        }
        #expect(ic.commit == "")
        do {
            let result = ic.process(0xFF)
            #expect(result == false)
        }
    }

    @Test("U+0008 Backspace given to process acts as backspace, as in libhangul")
    func controlBackspace() {
        var ic = HangulInputContext()
        _ = ic.process("r")
        _ = ic.process("k")
        do {
            let result = ic.process(0x08)
            #expect(result == true)
        }
        #expect(ic.preedit == "ㄱ")
        do {
            let result = ic.process(0x08)
            #expect(result == true)
        }
        do {
            let result = ic.process(0x08)
            #expect(result == false)
        }
        #expect(HangulInputContext.type("rk\u{8}k") == "가")
        #expect(HangulInputContext.type("\u{8}") == "\u{8}")
    }

    @Test("type(): Backspace deletes committed text when nothing is composed; other backspace keys")
    func typeBackspace() {
        #expect(HangulInputContext.type("dkssud<<") == "안ㄴ")
        #expect(HangulInputContext.type("gksrmf<") == "한그")
        #expect(HangulInputContext.type("gksrmf 1<<") == "한글")
        #expect(HangulInputContext.type("rk<<<<<") == "")
        #expect(HangulInputContext.type("rk<", backspace: nil) == "가<")
        #expect(HangulInputContext.type("rkfrk#k", backspace: "#") == "갈가")
        #expect(HangulInputContext.type("rkfrk#", backspace: "#") == "갈ㄱ")
        #expect(HangulInputContext.type("") == "")
        #expect(HangulInputContext.type("이미 한글 rk") == "이미 한글 가")
    }

    @Test("value semantics: copies compose independently")
    func valueSemantics() {
        var a = HangulInputContext()
        _ = a.process("r")
        var b = a
        _ = a.process("k")
        _ = b.process("h")
        #expect(a.preedit == "가")
        #expect(b.preedit == "고")
        #expect(a != b)
    }
}

@Test func appendCommitGivesTheCommitAsScalars() {
    var ic = HangulInputContext()
    var scalars: [Unicode.Scalar] = []
    var text = ""
    for key in "gksrmfdl rkqt".utf8 {
        let used = ic.process(key)
        ic.appendCommit(to: &scalars)
        text += ic.commit
        if !used {
            scalars.append(Unicode.Scalar(key))
            text.unicodeScalars.append(Unicode.Scalar(key))
        }
    }
    #expect(String(String.UnicodeScalarView(scalars)) == text)
    #expect(text == "한글이 ")
}
