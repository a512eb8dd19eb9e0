import Testing

@testable import Hangul

@Suite("Sino-Korean number reading")
struct NumberReadingTests {
    @Test(
        "readings",
        arguments: [
            (0, "영"), (1, "일"), (10, "십"), (11, "십일"), (20, "이십"), (100, "백"), (101, "백일"),
            (110, "백십"),
            (1000, "천"), (1234, "천이백삼십사"), (10000, "만"), (10001, "만일"), (11000, "만천"),
            (20000, "이만"),
            (100000, "십만"), (1_000_000, "백만"), (10_000_000, "천만"), (100_000_000, "일억"),
            (123_456_789, "일억이천삼백사십오만육천칠백팔십구"), (1_000_000_000_000, "일조"),
            (10_000_000_000_000_000, "일경"), (20_000_000_000_000_000, "이경"), (100_010_000, "일억만"),
            (-5, "마이너스 오"),
        ])
    func reading(number: Int, text: String) {
        #expect(Hangul.sinoKoreanReading(number) == text)
    }

    @Test("spaced by groups of four digits, and the extremes of Int")
    func spacedAndExtremes() {
        #expect(Hangul.sinoKoreanReading(12_345_678, spaced: true) == "천이백삼십사만 오천육백칠십팔")
        #expect(Hangul.sinoKoreanReading(100_000_000, spaced: true) == "일억")
        #expect(Hangul.sinoKoreanReading(Int.max) == "구백이십이경삼천삼백칠십이조삼백육십팔억오천사백칠십칠만오천팔백칠")
        #expect(Hangul.sinoKoreanReading(Int.min).hasPrefix("마이너스 구백이십이경"))
        #expect(Hangul.sinoKoreanReading(Int.min).hasSuffix("오천팔백팔"))
    }
}
