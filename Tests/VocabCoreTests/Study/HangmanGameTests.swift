import Foundation
import Testing

@testable import VocabCore

@Suite struct HangmanGameTests {
    func game(_ answer: String, _ guesses: String...) throws -> HangmanGame {
        var game = try HangmanGame(answer: answer)
        for key in guesses { try game.guess(key) }
        return game
    }

    func texts(_ game: HangmanGame) -> [String?] { game.cells.map(\.text) }

    // MARK: Latin

    @Test func latinLettersAreRevealedAtEveryPositionWhateverTheCase() throws {
        var g = try HangmanGame(answer: "Apple")
        #expect(g.script == .latin)
        #expect(texts(g) == [nil, nil, nil, nil, nil])
        #expect(try g.guess("p") == HangmanOutcome(key: "p", isHit: true))
        #expect(texts(g) == [nil, "p", "p", nil, nil])
        #expect(try g.guess("a") == HangmanOutcome(key: "a", isHit: true))
        #expect(texts(g) == ["A", "p", "p", nil, nil])
        #expect(try g.guess("E") == HangmanOutcome(key: "e", isHit: true))
        #expect(g.cells[4] == HangmanCell(text: "e", isComplete: true, isPlayed: true))
        #expect(g.cells[3] == HangmanCell(text: nil, isComplete: false, isPlayed: true))
        #expect(g.misses == 0 && !g.isFinished)
    }

    @Test func accentedLettersAreGuessedByTheirBaseLetter() throws {
        let g = try game("Café crème", "e", "c")
        #expect(texts(g) == ["C", nil, nil, "é", " ", "c", nil, "è", nil, "e"])
        // A letter that folds to two letters is not played.
        let strasse = try game("Straße")
        #expect(strasse.cells[4] == HangmanCell(text: "ß", isComplete: true, isPlayed: false))
        // Decomposed input: e + combining acute is one character.
        let nfd = try game("Cafe\u{301}", "e")
        #expect(nfd.cells.count == 4)
        #expect(nfd.cells[3].text == "e\u{301}" && nfd.cells[3].isComplete)
        // Full-width letters are letters too.
        #expect(try game("ＡＢ", "a").cells.map(\.text) == ["Ａ", nil])
    }

    @Test func spacesDigitsAndPunctuationAreShownFromTheStart() throws {
        let g = try HangmanGame(answer: "ice-cream 2!")
        #expect(texts(g) == [nil, nil, nil, "-", nil, nil, nil, nil, nil, " ", "2", "!"])
        #expect(g.cells[3] == HangmanCell(text: "-", isComplete: true, isPlayed: false))
        #expect(g.cells[0].isPlayed && !g.cells[0].isComplete)
    }

    @Test func theAnswerIsTrimmed() throws {
        let g = try HangmanGame(answer: "  to be \n")
        #expect(g.answer == "to be")
        #expect(g.cells.count == 5)
    }

    @Test func sevenMissesLose() throws {
        var g = try HangmanGame(answer: "cat")
        for (n, key) in ["b", "d", "e", "f", "g", "h"].enumerated() {
            #expect(try g.guess(key) == HangmanOutcome(key: key, isHit: false))
            #expect(g.misses == n + 1 && !g.isLost)
        }
        #expect(g.missesLeft == 1)
        try g.guess("i")
        #expect(g.misses == 7 && g.isLost && g.isFinished && !g.isWon)
        #expect(g.wrongGuesses == ["b", "d", "e", "f", "g", "h", "i"])
        let before = g
        #expect(throws: GameError.finished) { try g.guess("c") }
        #expect(g == before)
    }

    @Test func revealingEveryLetterWins() throws {
        var g = try game("a cat", "x", "c", "a")
        #expect(!g.isWon)
        try g.guess("T")
        #expect(g.isWon && g.isFinished && !g.isLost && g.misses == 1)
        #expect(g.cells.allSatisfy { $0.isComplete })
        #expect(texts(g) == ["a", " ", "c", "a", "t"])
        #expect(g.guessed == ["x", "c", "a", "t"] && g.guesses == ["x", "c", "a", "t"])
        let before = g
        #expect(throws: GameError.finished) { try g.guess("z") }
        #expect(g == before)
    }

    @Test func aRepeatedGuessIsRefusedAndCostsNothing() throws {
        var g = try game("apple", "x", "p")
        let before = g
        for key in ["x", "X", "p", "P"] {
            #expect(throws: GameError.alreadyGuessed(key.lowercased())) { try g.guess(key) }
            #expect(g == before)
        }
        #expect(g.misses == 1)
        #expect(GameError.alreadyGuessed("p").description == "“p” was already guessed.")
    }

    @Test func aGuessThatIsNotOneKeyIsRefused() throws {
        var g = try HangmanGame(answer: "apple")
        let before = g
        for key in ["1", "ab", "", " ", "ㄱ", "か", "ß", "-", "é́x"] {
            #expect(throws: GameError.notAKey(key, script: .latin)) { try g.guess(key) }
            #expect(g == before)
        }
        #expect(
            GameError.notAKey("1", script: .latin).description
                == "“1” is not a key of this word: guess one letter a–z."
        )
    }

    // MARK: Hangul

    @Test func hangulIsPlayedByTypingKeys() throws {
        var g = try HangmanGame(answer: "닭고기")
        #expect(g.script == .hangul)
        try g.guess("ㄱ")
        // ㄱ is revealed in every syllable: the final of 닭, the initials of 고 and 기.
        #expect(texts(g) == ["ㄱ", "ㄱ", "ㄱ"])
        try g.guess("ㅗ")
        #expect(texts(g) == ["ㄱ", "고", "ㄱ"])
        #expect(g.cells[1].isComplete && !g.cells[0].isComplete)
        for key in ["ㄷ", "ㅏ", "ㄹ", "ㅣ"] { try g.guess(key) }
        #expect(g.isWon && texts(g) == ["닭", "고", "기"])
    }

    @Test func aPartlyRevealedSyllableIsDrawnFromItsJamo() throws {
        // 과 = ㄱ ㅗ ㅏ: the keys up to the first hidden one are composed as typed, the rest loose.
        #expect(try texts(game("과")) == [nil])
        #expect(try texts(game("과", "ㄱ")) == ["ㄱ"])
        #expect(try texts(game("과", "ㄱ", "ㅗ")) == ["고"])
        #expect(try texts(game("과", "ㅏ")) == ["ㅏ"])
        #expect(try texts(game("과", "ㅏ", "ㅗ")) == ["ㅘ"])
        #expect(try texts(game("과", "ㄱ", "ㅏ")) == ["ㄱㅏ"])
        #expect(
            try game("과", "ㄱ", "ㅏ", "ㅗ").cells == [
                HangmanCell(text: "과", isComplete: true, isPlayed: true)
            ])
        // 닭 = ㄷ ㅏ ㄹ ㄱ.
        #expect(
            try game("닭", "ㄷ", "ㅏ", "ㄹ").cells == [
                HangmanCell(text: "달", isComplete: false, isPlayed: true)
            ])
        #expect(try texts(game("닭", "ㄷ", "ㅏ", "ㄱ")) == ["다ㄱ"])
        #expect(try texts(game("닭", "ㄹ", "ㄱ")) == ["ㄺ"])
        #expect(try texts(game("닭", "ㅏ", "ㄹ", "ㄱ")) == ["ㅏㄺ"])
        #expect(try texts(game("닭", "ㄷ")) == ["ㄷ"])
        // 값 = ㄱ ㅏ ㅂ ㅅ; 왜 = ㅇ ㅗ ㅐ.
        #expect(try texts(game("값", "ㄱ", "ㅏ", "ㅂ")) == ["갑"])
        #expect(try texts(game("값", "ㅂ", "ㅅ")) == ["ㅄ"])
        #expect(try texts(game("왜", "ㅇ", "ㅐ")) == ["ㅇㅐ"])
    }

    @Test func doubledConsonantsAreKeysOfTheirOwn() throws {
        var g = try HangmanGame(answer: "까치")
        #expect(try g.guess("ㄱ").isHit == false)
        #expect(try g.guess("ㄲ").isHit)
        #expect(texts(g) == ["ㄲ", nil])
        let itda = try game("있다", "ㅆ", "ㅏ")
        #expect(texts(itda) == ["ㅆ", "ㅏ"])
        #expect(try game("예쁘다", "ㅖ").cells[0].text == "ㅖ")
    }

    @Test func aGuessThatIsNotOneJamoKeyIsRefused() throws {
        var g = try HangmanGame(answer: "사과")
        let before = g
        for key in ["a", "ㅘ", "가", "ㄳ", "1", "ㄱㄴ", "か", "ㆍ"] {
            #expect(throws: GameError.notAKey(key, script: .hangul)) { try g.guess(key) }
            #expect(g == before)
        }
        // A conjoining jamo is the same key as its compatibility jamo.
        #expect(try g.guess("\u{1100}") == HangmanOutcome(key: "ㄱ", isHit: true))
    }

    @Test func lettersOfAnotherScriptAreShownFromTheStart() throws {
        let g = try HangmanGame(answer: "CD플레이어")
        #expect(g.script == .hangul)
        #expect(texts(g) == ["C", "D", nil, nil, nil, nil])
        #expect(!g.cells[0].isPlayed)
        #expect(throws: GameError.notAKey("c", script: .hangul)) {
            var copy = g
            try copy.guess("c")
        }
        // A tie goes to Hangul.
        #expect(try HangmanGame(answer: "TV쇼쇼").script == .hangul)
        #expect(try HangmanGame(answer: "TVV쇼").script == .latin)
    }

    @Test func decomposedHangulIsPlayedLikeComposed() throws {
        let g = try game("\u{1100}\u{1161}\u{11A8}", "ㄱ")
        #expect(g.script == .hangul && g.cells.count == 1)
        #expect(texts(g) == ["ㄱㄱ"])
    }

    // MARK: Kana

    @Test func hiraganaAndKatakanaGuessesMatchEachOther() throws {
        var g = try HangmanGame(answer: "カタカナ")
        #expect(g.script == .kana)
        #expect(try g.guess("か") == HangmanOutcome(key: "か", isHit: true))
        #expect(texts(g) == ["カ", nil, "カ", nil])
        let before = g
        #expect(throws: GameError.alreadyGuessed("か")) { try g.guess("カ") }
        #expect(g == before)
        #expect(try g.guess("ナ") == HangmanOutcome(key: "な", isHit: true))
        #expect(texts(g) == ["カ", nil, "カ", "ナ"])
    }

    @Test func smallKanaAreKeysOfTheirOwn() throws {
        var g = try HangmanGame(answer: "ちょっと")
        #expect(try g.guess("よ").isHit == false)
        #expect(try g.guess("つ").isHit == false)
        #expect(try g.guess("ょ").isHit)
        #expect(try g.guess("ッ").isHit)
        #expect(texts(g) == [nil, "ょ", "っ", nil])
    }

    @Test func theLongVowelMarkAndKanjiAreShownFromTheStart() throws {
        let coffee = try HangmanGame(answer: "コーヒー")
        #expect(texts(coffee) == [nil, "ー", nil, "ー"])
        #expect(coffee.cells[1] == HangmanCell(text: "ー", isComplete: true, isPlayed: false))
        let taberu = try game("食べる", "べ")
        #expect(taberu.script == .kana)
        #expect(texts(taberu) == ["食", "べ", nil])
        // Dakuten kana are keys of their own: は does not reveal ば.
        #expect(try game("ばは", "は").cells.map(\.text) == [nil, "は"])
    }

    @Test func aGuessThatIsNotOneKanaIsRefused() throws {
        var g = try HangmanGame(answer: "ねこ")
        let before = g
        for key in ["a", "ー", "ㄱ", "ねこ", "猫", "1"] {
            #expect(throws: GameError.notAKey(key, script: .kana)) { try g.guess(key) }
            #expect(g == before)
        }
    }

    // MARK: Setup, pad, saving

    @Test func anAnswerWithNothingToGuessIsRefused() {
        for answer in ["123", "漢字", "   ", "ー", "", "?!"] {
            #expect(throws: GameError.nothingToGuess(answer.trimmingCharacters(in: .whitespaces))) {
                try HangmanGame(answer: answer)
            }
        }
        #expect(GameError.nothingToGuess("123").description == "“123” has no letters to guess.")
    }

    @Test func aGameOnAWordGuessesTheTermFromItsMeaning() throws {
        let item = StudyFixtures.item(7, "apple", "사과")
        let g = try HangmanGame(item: item)
        #expect(g.answer == "apple" && g.hint == "사과" && g.itemID == item.id && g.script == .latin)
        let reverse = try HangmanGame(item: item, direction: .termToMeaning)
        #expect(reverse.answer == "사과" && reverse.hint == "apple" && reverse.script == .hangul)
    }

    @Test func thePadOffersTheKeysOfTheScript() throws {
        let latin = HangmanScript.latin.keys
        #expect(latin.count == 26 && latin.first == "a" && latin.last == "z")
        let hangul = HangmanScript.hangul.keys
        #expect(hangul.count == 33)
        #expect(hangul.prefix(5) == ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ"] && hangul.last == "ㅣ")
        #expect(["ㅃ", "ㅆ", "ㅉ", "ㅎ", "ㅏ", "ㅐ", "ㅒ", "ㅔ", "ㅖ", "ㅡ"].allSatisfy(hangul.contains))
        #expect(!["ㅘ", "ㅢ", "ㄳ", "ㅄ"].contains(where: hangul.contains))
        let kana = HangmanScript.kana.keys
        #expect(kana.count == 82 && Set(kana).count == 82)
        #expect(kana.prefix(5) == ["あ", "い", "う", "え", "お"])
        #expect(["ん", "を", "が", "ぽ", "ゔ", "っ", "ゃ", "ゅ", "ょ", "ぁ", "ゎ"].allSatisfy(kana.contains))
        // Every pad key is a key of its script.
        for script in HangmanScript.allCases {
            #expect(script.keys.allSatisfy { script.key(for: $0) == $0 })
        }
        #expect(try HangmanGame(answer: "사과").pad == hangul)
        // A key the pad lacks is added for the game that needs it.
        #expect(try HangmanGame(answer: "ゐる").pad == kana + ["ゐ"])
        #expect(try HangmanGame(answer: "ヴァ").pad == kana)
    }

    @Test func keyForAGuessNormalizes() {
        #expect(HangmanScript.latin.key(for: "É") == "e")
        #expect(HangmanScript.kana.key(for: "ガ") == "が")
        #expect(HangmanScript.kana.key(for: "ヷ") == "ヷ")
        #expect(HangmanScript.hangul.key(for: "\u{1112}") == "ㅎ")
        #expect(HangmanScript.hangul.key(for: "ㅚ") == nil)
        #expect(HangmanScript.latin.key(for: "ab") == nil)
    }

    @Test func codableRoundTripReplaysTheGuesses() throws {
        let g = try game("닭고기", "ㄱ", "ㅓ", "ㅗ")
        let data = try JSONEncoder().encode(g)
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["hint", "answer", "guesses", "script"])
        #expect(json["guesses"] as? [String] == ["ㄱ", "ㅓ", "ㅗ"])
        let restored = try StudyFixtures.roundTrip(g)
        #expect(restored == g && restored.cells == g.cells && restored.misses == 1)
        let withItem = try HangmanGame(item: StudyFixtures.item(3, "cat", "고양이"))
        #expect(try StudyFixtures.roundTrip(withItem) == withItem)
    }

    @Test func theBooksLanguageChoosesTheScript() throws {
        func item(
            _ term: String, _ meaning: String, _ languages: BookLanguages, reading: String = ""
        )
            -> StudyItem
        {
            StudyItem(
                id: UUID(), term: term, meaning: meaning, bookID: UUID(), bookName: "B",
                reading: reading, languages: languages)
        }
        let korean = BookLanguages(term: "ko", meaning: "en")
        // Most letters of "PC방" are Latin, but the book says Korean: 방 is played.
        #expect(try HangmanGame(answer: "PC방").script == .latin)
        let pcBang = try HangmanGame(item: item("PC방", "internet cafe", korean))
        #expect(
            pcBang.script == .hangul && pcBang.cells[0].text == "P" && !pcBang.cells[0].isPlayed)
        #expect(pcBang.term == SpokenTerm(text: "PC방", language: "ko"))
        // Guessing the meaning plays the meaning's language.
        let meaning = try HangmanGame(
            item: item("PC방", "PC room", korean), direction: .termToMeaning)
        #expect(meaning.script == .latin && meaning.hint == "PC방")
        // A language with no keys in the answer: the answer's own script.
        #expect(
            try HangmanGame(item: item("사과", "", BookLanguages(term: "en", meaning: "ko"))).script
                == .hangul)

        // A Japanese term in kanji is played by its reading, the kanji with the clue.
        let japanese = BookLanguages.japaneseToKorean
        var water = try HangmanGame(item: item("水", "물", japanese, reading: "みず"))
        #expect(water.script == .kana && water.answer == "みず" && water.hint == "물 · 水")
        #expect(water.term == SpokenTerm(text: "水", language: "ja"))
        try water.guess("ミ")
        try water.guess("ず")
        #expect(water.isWon)
        let restored = try StudyFixtures.roundTrip(water)
        #expect(restored == water && restored.term == water.term)
        // Kana terms are played as written; a reading in romaji is no kana to play.
        #expect(try HangmanGame(item: item("ねこ", "고양이", japanese, reading: "ねこ")).answer == "ねこ")
        #expect(throws: GameError.self) {
            try HangmanGame(item: item("水", "물", japanese, reading: "mizu"))
        }
        // Without languages (a game saved before books had them): as before.
        #expect(try HangmanGame(item: StudyFixtures.item(3, "PC방", "")).script == .latin)
    }

    @Test func aSavedGameThatCouldNotHaveBeenPlayedIsRefused() throws {
        let bad = [
            #"{"hint":"","answer":"cat","guesses":["1"]}"#,
            #"{"hint":"","answer":"cat","guesses":["a","A"]}"#,
            #"{"hint":"","answer":"cat","guesses":["b","d","e","f","g","h","i","j"]}"#,
            #"{"hint":"","answer":"123","guesses":[]}"#,
        ]
        for json in bad {
            #expect(throws: DecodingError.self) { try StudyFixtures.decode(HangmanGame.self, json) }
        }
        let good = try StudyFixtures.decode(
            HangmanGame.self, #"{"hint":"","answer":"cat","guesses":["C","x"]}"#)
        #expect(good.guesses == ["c", "x"] && good.misses == 1)
    }
}
