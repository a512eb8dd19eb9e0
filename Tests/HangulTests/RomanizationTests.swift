import Testing

@testable import Hangul

@Suite("Revised Romanization")
struct RomanizationTests {
    static let proper = RomanizationOptions(capitalization: .firstLetter)

    /// The official examples of the Revised Romanization rules (국어의 로마자 표기법).
    @Test(
        "official examples, capitalised as given",
        arguments: [
            ("백마", "Baengma"), ("신문로", "Sinmunno"), ("종로", "Jongno"), ("왕십리", "Wangsimni"),
            ("별내", "Byeollae"), ("신라", "Silla"), ("묵호", "Mukho"), ("집현전", "Jiphyeonjeon"),
            ("압구정", "Apgujeong"), ("낙동강", "Nakdonggang"), ("설악", "Seorak"), ("울릉", "Ulleung"),
            ("대관령", "Daegwallyeong"), ("광한루", "Gwanghallu"), ("한라산", "Hallasan"),
            ("선릉", "Seolleung"),
        ])
    func officialProper(hangul: String, roman: String) {
        #expect(Hangul.romanize(hangul, options: Self.proper) == roman)
    }

    @Test(
        "official examples in lower case",
        arguments: [
            ("해돋이", "haedoji"), ("같이", "gachi"), ("좋고", "joko"), ("놓다", "nota"),
            ("구미", "gumi"), ("영동", "yeongdong"), ("합덕", "hapdeok"), ("월곶", "wolgot"),
            ("벚꽃", "beotkkot"),
            ("한밭", "hanbat"), ("호법", "hobeop"), ("오죽헌", "ojukheon"), ("팔당", "paldang"),
            ("샛별", "saetbyeol"),
        ])
    func officialLower(hangul: String, roman: String) {
        #expect(Hangul.romanize(hangul) == roman)
    }

    @Test("ㄴ/ㄹ insertion where it is asked for")
    func nieunInsertion() {
        let insert = RomanizationOptions(capitalization: .firstLetter, insertsNieun: true)
        #expect(Hangul.romanize("학여울", options: insert) == "Hangnyeoul")
        #expect(Hangul.romanize("알약", options: RomanizationOptions(insertsNieun: true)) == "allyak")
        #expect(
            Hangul.romanize("솜이불", options: RomanizationOptions(insertsNieun: true)) == "somnibul")
        #expect(Hangul.romanize("학여울") == "hagyeoul")
        #expect(Hangul.romanize("금요일") == "geumyoil")
    }

    @Test("aspiration after stops in verb forms when h is not written")
    func verbAspiration() {
        let verb = RomanizationOptions(writesHAfterStops: false)
        #expect(Hangul.romanize("잡혀", options: verb) == "japyeo")
        #expect(Hangul.romanize("낳지", options: verb) == "nachi")
        #expect(Hangul.romanize("굳히다", options: verb) == "guchida")
        #expect(Hangul.romanize("읽히다", options: verb) == "ilkida")
        #expect(Hangul.romanize("앉히다", options: verb) == "anchida")
        #expect(Hangul.romanize("묵호", options: verb) == "muko")
    }

    @Test(
        "more sound changes",
        arguments: [
            ("닭이", "dalgi"), ("값이", "gapsi"), ("앉아", "anja"), ("좋아", "joa"), ("않아", "ana"),
            ("싫어", "sireo"),
            ("놓는", "nonneun"), ("않는", "anneun"), ("뚫는", "ttulleun"), ("국물", "gungmul"),
            ("밥물", "bammul"),
            ("백로", "baengno"), ("침략", "chimnyak"), ("난로", "nallo"), ("칼날", "kallal"),
            ("생산량", "saengsannyang"),
            ("밖에", "bakke"), ("있어", "isseo"), ("맑게", "malge"), ("읽다", "ikda"), ("닭", "dak"),
            ("삶", "sam"),
            ("전화", "jeonhwa"), ("의사", "uisa"), ("라면", "ramyeon"), ("서울", "seoul"), ("부산", "busan"),
        ])
    func soundChanges(hangul: String, roman: String) {
        #expect(Hangul.romanize(hangul) == roman)
    }

    @Test("digits, spaces and other text break sound changes and pass through")
    func breaks() {
        #expect(Hangul.romanize("1박2일") == "1bak2il")
        #expect(Hangul.romanize("백 마") == "baek ma")
        #expect(Hangul.romanize("서울, Korea!") == "seoul, Korea!")
        #expect(Hangul.romanize("ㄱㅏ") == "ㄱㅏ")
        #expect(Hangul.romanize("") == "")
        #expect(Hangul.romanize("\u{1109}\u{1165}\u{11AF}\u{110B}\u{1161}\u{11A8}") == "seorak")
    }

    @Test("capitalisation options")
    func capitalisation() {
        #expect(Hangul.romanize("종로 신문로") == "jongno sinmunno")
        #expect(
            Hangul.romanize("종로 신문로", options: RomanizationOptions(capitalization: .firstLetter))
                == "Jongno sinmunno")
        #expect(
            Hangul.romanize("종로 신문로", options: RomanizationOptions(capitalization: .eachWord))
                == "Jongno Sinmunno")
        #expect(
            Hangul.romanize(" 설악", options: RomanizationOptions(capitalization: .firstLetter))
                == " Seorak")
    }
}
