import Testing

@testable import Hangul

@Suite("QWERTY ↔ Hangul")
struct KeyboardConversionTests {
    @Test(
        "QWERTY → Hangul",
        arguments: [
            ("dkssud", "안녕"), ("tkrhk", "사과"), ("rkqtdl", "값이"), ("Rk", "까"),
            ("dkssudgktpdy dnfl", "안녕하세요 우리"),
            ("1qkr2dlf", "1박2일"), ("DKSSUD", "안녕"), ("", ""), ("rr", "ㄱㄱ"),
        ])
    func qwertyToHangul(keys: String, text: String) {
        #expect(Hangul.qwertyToHangul(keys) == text)
    }

    @Test(
        "Hangul → QWERTY",
        arguments: [
            ("안녕", "dkssud"), ("사과", "tkrhk"), ("값", "rkqt"), ("과", "rhk"), ("까", "Rk"),
            ("얘", "dO"), ("예", "dP"),
            ("쌍둥이", "Tkdenddl"), ("ㅋㅋ", "zz"), ("ㅄ", "qt"), ("1박2일!", "1qkr2dlf!"),
            ("hello", "hello"), ("", ""),
            ("\u{1100}\u{1161}\u{11B9}", "rkqt"), ("\u{1100}", "r"),
        ])
    func hangulToQwerty(text: String, keys: String) {
        #expect(Hangul.hangulToQwerty(text) == keys)
    }

    @Test("Hangul → QWERTY → Hangul round-trips every syllable and common words")
    func roundTrip() {
        for v in Jamo.syllableBase...Jamo.syllableLast {
            let s = String(Unicode.Scalar(v)!)
            let back = Hangul.qwertyToHangul(Hangul.hangulToQwerty(s))
            if back != s { Issue.record("\(s) → \(Hangul.hangulToQwerty(s)) → \(back)") }
        }
        for word in ["안녕하세요", "닭을 먹었다", "괜찮아요", "읽었습니다", "값어치", "뷁", "의의", "왜요?"] {
            #expect(Hangul.qwertyToHangul(Hangul.hangulToQwerty(word)) == word)
        }
    }
}
