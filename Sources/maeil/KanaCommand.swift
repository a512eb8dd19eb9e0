import ArgumentParser
import Kana

/// `maeil kana …`: romaji ↔ kana with WanaKana's rules. Pure text in, text out: these
/// commands never open the database.
struct KanaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kana",
        abstract: "Kana tools: romaji and katakana to hiragana, to katakana, kana to romaji.",
        discussion: """
            Every command works on its arguments, one result line per argument, or, when \
            there are none, on standard input, one result line per input line. Text that is \
            neither kana nor romaji (kanji, Hangul) passes through unchanged. Spellings \
            follow WanaKana 5.3.1: Hepburn and Kunrei both read (shi, si → し), a doubled \
            consonant is っ, n' or a final n is ん.

              $ maeil kana hiragana gakkou      →  がっこう
              $ maeil kana katakana ka-do       →  カード
              $ maeil kana romaji きんようび      →  kin'youbi
            """,
        subcommands: [Hiragana.self, Katakana.self, Romaji.self]
    )

    struct Hiragana: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Romaji and katakana to hiragana (benkyou → べんきょう, ラーメン → らあめん).")

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Kana.toHiragana($0) }
        }
    }

    struct Katakana: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Romaji and hiragana to katakana (ko-hi- → コーヒー, ひらがな → ヒラガナ).")

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Kana.toKatakana($0) }
        }
    }

    struct Romaji: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Hiragana and katakana to Hepburn romaji (しんぶん → shinbun, コーヒー → koohii).")

        @OptionGroup var input: TextInput

        func run() {
            input.printEach { Kana.toRomaji($0) }
        }
    }
}
