import ArgumentParser
import Hangul

/// `maeil hangul …`: the Hangul engine on the command line. Pure text in, text out:
/// these commands never open the database or start the server.
struct HangulCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangul",
        abstract: "Hangul tools: compose and decompose jamo, 2-beolsik keys, romanization, josa.",
        discussion: """
            Every command works on its arguments, one result line per argument, or, when \
            there are none, on standard input, one result line per input line (empty input \
            prints nothing). Text that is not Hangul passes through unchanged; NFD (conjoining \
            jamo) input is read like NFC.

              $ maeil hangul decompose 값          →  ㄱㅏㅄ
              $ maeil hangul compose ㄱㅏㅂㅅ       →  값
              $ maeil hangul qwerty 안녕           →  dkssud
              $ maeil hangul hangul dkssud         →  안녕
              $ maeil hangul romanize 신라         →  silla
              $ maeil hangul choseong 사과         →  ㅅㄱ
              $ maeil hangul josa 을 사과 책        →  사과를, 책을
              $ printf 'rkfrk<\\n' | maeil hangul type --backspace '<'   →  갈ㄱ
            """,
        subcommands: [
            Compose.self, Decompose.self, Qwerty.self, ToHangul.self, Romanize.self, Choseong.self,
            JosaCommand.self, TypeKeys.self,
        ]
    )

    struct Compose: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Assemble compatibility jamo into syllables (ㄱㅏㅂㅅ → 값).",
            discussion: """
                Jamo are combined the way they would be typed: compound vowels (ㅗ+ㅏ → ㅘ) \
                and compound finals (ㅂ+ㅅ → ㅄ) join, and a consonant before a vowel starts \
                the next syllable (ㄱㅏㅂㅅㅣ → 갑시). A repeated consonant is not doubled \
                (ㄱㄱ stays ㄱㄱ). Conjoining jamo (NFD) become precomposed syllables.

                  $ maeil hangul compose ㄱㅗㅏ ㄷㅏㄹㄱ   →  과, 닭
                """)

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Hangul.compose($0) }
        }
    }

    struct Decompose: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Split syllables into compatibility jamo (값 → ㄱㅏㅄ).",
            discussion: """
                With --split-compounds the result is the 2-beolsik typing units: compound \
                vowels and finals are split (값 → ㄱㅏㅂㅅ, 과 → ㄱㅗㅏ), while doubles typed \
                with Shift stay whole (ㄲ ㄸ ㅃ ㅆ ㅉ ㅒ ㅖ).

                  $ maeil hangul decompose 닭 과          →  ㄷㅏㄺ, ㄱㅘ
                  $ maeil hangul decompose --split-compounds 닭 과   →  ㄷㅏㄹㄱ, ㄱㅗㅏ
                """)

        @Flag(
            help: "Split compound vowels and finals into the jamo typed for them (ㅘ → ㅗㅏ, ㄺ → ㄹㄱ).")
        var splitCompounds = false

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Hangul.decompose($0, splitCompounds: splitCompounds) }
        }
    }

    struct Qwerty: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Hangul to the QWERTY keys that type it on 2-beolsik (안녕 → dkssud).",
            discussion: """
                Doubles and ㅒ ㅖ use Shift (까 → Rk, 얘 → dO); compound vowels and finals are \
                typed as two keys (과 → rhk, 값 → rkqt). Lone jamo are converted too (ㅋㅋ → zz). \
                The inverse is `maeil hangul hangul`.

                  $ maeil hangul qwerty 안녕하세요   →  dkssudgktpdy
                """)

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Hangul.hangulToQwerty($0) }
        }
    }

    struct ToHangul: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hangul",
            abstract: "QWERTY keys to the Hangul they type on 2-beolsik (dkssud → 안녕).",
            discussion: """
                Exactly what the 2-beolsik input context (libhangul's keyboard "2") makes of \
                the keys: Shift doubles (Rk → 까), compound vowels and finals combine, a vowel \
                after a final moves it to the next syllable (rkqtdl → 값이). Digits, spaces, \
                punctuation and non-ASCII text pass through. The inverse is `maeil hangul qwerty`; \
                to give Backspace a key, use `maeil hangul type --backspace`.

                  $ maeil hangul hangul 'dkssudgktpdy!'   →  안녕하세요!
                """)

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Hangul.qwertyToHangul($0) }
        }
    }

    enum Capitalization: String, ExpressibleByArgument, CaseIterable {
        case none, first, words

        var option: RomanizationOptions.Capitalization {
            switch self {
            case .none: return .none
            case .first: return .firstLetter
            case .words: return .eachWord
            }
        }
    }

    struct Romanize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revised Romanization of Korean, with sound changes (신라 → silla).",
            discussion: """
                Applies the sound changes the rules write: liaison (설악 seorak), nasal and \
                lateral assimilation (종로 jongno, 신라 silla, 울릉 ulleung), palatalization \
                (같이 gachi), aspiration (좋고 joko); tensing is not written (압구정 apgujeong). \
                Spaces, digits and other characters break sound changes and pass through \
                (1박2일 → 1bak2il).

                  $ maeil hangul romanize --capitalize first 집현전          →  Jiphyeonjeon
                  $ maeil hangul romanize --capitalize words '종로 신문로'    →  Jongno Sinmunno
                  $ maeil hangul romanize --insert-nieun 학여울             →  hangnyeoul
                  $ maeil hangul romanize --no-h-after-stops 잡혀           →  japyeo
                """)

        @Option(
            help:
                "none (haedoji), first (the first letter: Jiphyeonjeon) or words (each word: Jongno Sinmunno)."
        )
        var capitalize: Capitalization = .none

        @Flag(
            inversion: .prefixedNo,
            help: """
                Write ㅎ after ㄱ ㄷ ㅂ as h, as the rules require for nouns (묵호 Mukho). \
                --no-h-after-stops aspirates instead, as in verb forms (잡혀 japyeo).
                """)
        var hAfterStops = true

        @Flag(
            help:
                "ㄴ insertion for compounds: 이 야 여 요 유 after a final read with ㄴ (학여울 Hangnyeoul, 알약 allyak)."
        )
        var insertNieun = false

        @OptionGroup var input: TextInput

        func run() {
            let options = RomanizationOptions(
                capitalization: capitalize.option, writesHAfterStops: hAfterStops,
                insertsNieun: insertNieun)
            input.printEach { Hangul.romanize($0, options: options) }
        }
    }

    struct Choseong: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The initial consonants of the syllables (사과 주스 → ㅅㄱ ㅈㅅ).",
            discussion: """
                Everything that is not a syllable is kept, so a choseong query (ㅅㄱ) can be \
                matched against the choseong of a text.

                  $ maeil hangul choseong '대한민국 만세!'   →  ㄷㅎㅁㄱ ㅁㅅ!
                """)

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Hangul.choseong($0) }
        }
    }

    struct JosaCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "josa",
            abstract: "Attach a particle in the form the word takes (을 + 사과 → 사과를).",
            discussion: """
                The particle may be given in any of its forms: 이/가 이 가, 을/를, 은/는, \
                과/와, 으로/로 (ㄹ takes 로: 서울로), 이나/나, 이랑/랑, 이에요/예요, 아/야, \
                이라고/라고, 이야/야, 이며/며. Digits are read in Sino-Korean (1 일 → 1이), \
                Latin words by their usual Korean reading (apple → apple이). When the ending \
                cannot be told (漢字, emoji), both forms are written: 漢字을(를).

                  $ maeil hangul josa 을 사과 책     →  사과를, 책을
                  $ maeil hangul josa 로 서울 부산   →  서울로, 부산으로
                """)

        @Argument(help: "The particle: 이/가, 을/를, 은/는, 과/와, 으로/로, … (any one form is enough).")
        var particle: String

        @Argument(help: "Words, one result line each (default: the lines of standard input).")
        var words: [String] = []

        func validate() throws {
            guard Josa(particle) != nil else {
                let known = Josa.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown particle '\(particle)'; use one of \(known)")
            }
        }

        func run() throws {
            guard let josa = Josa(particle) else {
                throw ValidationError("unknown particle '\(particle)'")
            }
            TextInput.printEach(words) { $0.isEmpty ? "" : josa.attach(to: $0) }
        }
    }

    struct TypeKeys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "type",
            abstract: "Type each line as keystrokes on a 2-beolsik keyboard and print the text.",
            discussion: """
                Each line (or argument) goes key by key through a fresh 2-beolsik input \
                context, as with libhangul's keyboard "2": the result is everything committed, \
                the keys the context does not use (digits, space, punctuation) and the \
                syllable still being composed. With --backspace, that character stands for \
                Backspace: it removes one jamo of the syllable being composed (compound parts \
                one at a time) or, when nothing is being composed, the last character typed.

                  $ printf 'rkfrk<\\n' | maeil hangul type --backspace '<'   →  갈ㄱ
                  $ maeil hangul type --backspace '#' 'dkssud#'             →  안녀
                """)

        @Option(
            help: ArgumentHelp(
                "A character that stands for the Backspace key (e.g. '<').", valueName: "char"))
        var backspace: String?

        @OptionGroup var input: TextInput

        func validate() throws {
            if let backspace, backspace.unicodeScalars.count != 1 {
                throw ValidationError("--backspace takes exactly one character, got '\(backspace)'")
            }
        }

        func run() {
            let key = backspace.map { Character($0) }
            input.printEach { HangulInputContext.type($0, backspace: key) }
        }
    }
}
