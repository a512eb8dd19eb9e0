import Testing

@testable import Hangul

@Suite("Josa")
struct JosaTests {
    @Test(
        "after Hangul syllables",
        arguments: [
            (Josa.subject, "사과", "사과가"), (.subject, "책", "책이"),
            (.object, "사과", "사과를"), (.object, "책", "책을"),
            (.topic, "나", "나는"), (.topic, "물", "물은"),
            (.and, "사과", "사과와"), (.and, "빵", "빵과"),
            (.direction, "학교", "학교로"), (.direction, "서울", "서울로"), (.direction, "집", "집으로"),
            (.direction, "연필", "연필로"), (.direction, "손", "손으로"),
            (.or, "커피", "커피나"), (.or, "물", "물이나"),
            (.with, "친구", "친구랑"), (.with, "동생", "동생이랑"),
            (.copula, "사과", "사과예요"), (.copula, "책", "책이에요"),
            (.vocative, "민수", "민수야"), (.vocative, "민준", "민준아"),
            (.quotative, "사과", "사과라고"), (.plainCopula, "책", "책이야"), (.enumerating, "나무", "나무며"),
        ])
    func hangul(josa: Josa, word: String, expected: String) {
        #expect(josa.attach(to: word) == expected)
    }

    @Test(
        "digits are read in Sino-Korean",
        arguments: [
            ("1", "1이"), ("2", "2가"), ("3", "3이"), ("4", "4가"), ("5", "5가"), ("6", "6이"),
            ("7", "7이"),
            ("8", "8이"), ("9", "9가"), ("0", "0이"), ("10", "10이"), ("20", "20이"), ("100", "100이"),
            ("1000", "1000이"), ("10000", "10000이"), ("100000000", "100000000이"),
            ("1000000000000", "1000000000000가"),
            ("1,000", "1,000이"), ("3.14", "3.14가"), ("2024", "2024가"),
        ])
    func digits(word: String, expected: String) {
        #expect(Josa.subject.attach(to: word) == expected)
    }

    @Test("(으)로 after digits follows the ㄹ rule")
    func digitsDirection() {
        #expect(Josa.direction.attach(to: "1") == "1로")  // 일로
        #expect(Josa.direction.attach(to: "3") == "3으로")  // 삼으로
        #expect(Josa.direction.attach(to: "2") == "2로")  // 이로
        #expect(Josa.direction.attach(to: "7") == "7로")  // 칠로
        #expect(Josa.direction.attach(to: "10") == "10으로")  // 십으로
    }

    @Test("Latin letters and words by a small ending table")
    func latin() {
        #expect(Josa.subject.attach(to: "A") == "A가")
        #expect(Josa.subject.attach(to: "L") == "L이")
        #expect(Josa.direction.attach(to: "L") == "L로")
        #expect(Josa.subject.attach(to: "M") == "M이")
        #expect(Josa.object.attach(to: "HTML") == "HTML을")
        #expect(Josa.object.attach(to: "PHP") == "PHP를")
        #expect(Josa.object.attach(to: "apple") == "apple을")
        #expect(Josa.direction.attach(to: "apple") == "apple로")
        #expect(Josa.object.attach(to: "game") == "game을")
        #expect(Josa.object.attach(to: "phone") == "phone을")
        #expect(Josa.object.attach(to: "king") == "king을")
        #expect(Josa.object.attach(to: "computer") == "computer를")
        #expect(Josa.topic.attach(to: "Swift") == "Swift는")
    }

    @Test("compatibility jamo by their names, trailing punctuation skipped, NFD")
    func jamoAndPunctuation() {
        #expect(Josa.subject.attach(to: "ㄱ") == "ㄱ이")
        #expect(Josa.direction.attach(to: "ㄹ") == "ㄹ로")
        #expect(Josa.subject.attach(to: "ㅏ") == "ㅏ가")
        #expect(Josa.topic.form(after: "사과)") == "는")
        #expect(Josa.topic.form(after: "책 ") == "은")
        #expect(Josa.object.form(after: "\u{1109}\u{1161}\u{1100}\u{116A}") == "를")
        #expect(Josa.object.form(after: "\u{110E}\u{1162}\u{11A8}") == "을")
    }

    @Test("undecidable endings give both forms")
    func undecided() {
        #expect(Josa.subject.form(after: "漢字") == "이(가)")
        #expect(Josa.object.form(after: "") == "을(를)")
        #expect(Josa.direction.form(after: "😀") == "(으)로")
        #expect(Josa.or.form(after: "カナ") == "(이)나")
        #expect(Josa.topic.form(after: "!!!") == "은(는)")
    }

    @Test("particles from their spellings")
    func parse() {
        #expect(Josa("이/가") == .subject)
        #expect(Josa("가") == .subject)
        #expect(Josa("이") == .subject)
        #expect(Josa("을(를)") == .object)
        #expect(Josa("를/을") == .object)
        #expect(Josa("(으)로") == .direction)
        #expect(Josa("로") == .direction)
        #expect(Josa("와") == .and)
        #expect(Josa("예요") == .copula)
        #expect(Josa("야") == .vocative || Josa("야") == .plainCopula)
        #expect(Josa("없음") == nil)
        for josa in Josa.allCases {
            #expect(Josa(josa.rawValue) == josa)
            #expect(Josa(josa.undecided) == josa)
        }
    }

    @Test("undecided particles in a message take the form of the word before them")
    func resolveInText() {
        #expect(Josa.resolve(in: "“사과”을(를) 삭제했습니다.") == "“사과”를 삭제했습니다.")
        #expect(Josa.resolve(in: "“책”을(를) 삭제했습니다.") == "“책”을 삭제했습니다.")
        #expect(Josa.resolve(in: "뜻이(가) 2000자보다 깁니다") == "뜻이 2000자보다 깁니다")
        #expect(Josa.resolve(in: "단어 3개를 “서울”(으)로 옮겼습니다.") == "단어 3개를 “서울”로 옮겼습니다.")
        #expect(Josa.resolve(in: "“집”(으)로, “바다”(으)로") == "“집”으로, “바다”로")
        #expect(
            Josa.resolve(in: "“漢字”을(를)") == "“漢字”을(를)",
            "an ending that cannot be told keeps both forms")
        #expect(Josa.resolve(in: "을(를)") == "을(를)")
        #expect(Josa.resolve(in: "받침 없음") == "받침 없음")
    }
}
