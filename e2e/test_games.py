"""The games in the browser: a quiz played to the end with the keys 1–4, Korean
hangman with the on-screen jamo pad (won) and the keyboard's 2-beolsik keys (lost),
an O/X test with an X, an undo and "retest wrong only", the mistake notes with a tab
per source, flashcards, a clear message for a book too small for a quiz, and the
phone layout.

The tests share one browser session and run in file order; each leaves the state
the next one starts from (`state`)."""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from conftest import Page

FRUIT = {"apple": "사과", "pear": "배", "grape": "포도", "peach": "복숭아", "melon": "멜론"}
state: dict = {}


class GamePage(Page):
    def start(self, kind, book, count=""):
        self.go("/games")
        self.find(f"#kind-{kind}").click()
        Select(self.find("#game-book")).select_by_value(book)
        self.find("#game-count").clear()
        if count:
            self.find("#game-count").send_keys(str(count))
        self.submit_and_wait(self.find("#start-game"))
        assert re.search(r"/games/[0-9A-F-]{36}$", self.d.current_url), self.d.current_url

    def submit_and_wait(self, button):
        self.reloaded_after(button.click)

    def key(self, keys):
        self.reloaded_after(lambda: self.find("body").send_keys(keys))

    def text(self, css):
        return self.find(css).text

    def flash(self):
        return self.text("p.flash[role=status]")

    def flash_error(self):
        return self.text("p.flash.error")


@pytest.fixture
def ui(driver, server, shot):
    return GamePage(driver, server, shot)


def test_sign_up_and_add_words(ui):
    ui.sign_up("gm")
    state["fruit"] = ui.add_book("Fruit", FRUIT)
    state["korean"] = ui.add_book("한국어", {"사과": "apple"})
    ui.go("/study")
    ui.shot("study-with-games-links")
    ui.find("#games-link").click()
    ui.wait_css("#game-start")
    assert ui.all("#no-recent-games")
    ui.shot("games-start")


def test_quiz_needs_four_words(ui):
    ui.go("/games")
    ui.find("#kind-quiz").click()
    Select(ui.find("#game-book")).select_by_value(state["korean"])
    ui.submit_and_wait(ui.find("#start-game"))
    assert ui.d.current_url.split("?")[0].endswith("/games")
    assert "at least 4" in ui.flash_error()
    # The choices come back selected.
    assert ui.find("#kind-quiz").is_selected()
    assert Select(ui.find("#game-book")).first_selected_option.get_attribute("value") == state["korean"]
    ui.shot("quiz-not-enough-words")


def test_quiz_to_the_end_with_keys(ui):
    ui.start("quiz", state["fruit"])
    assert ui.text("#game-progress").startswith("Question 1 of 5")
    ui.shot("quiz-question")
    missed = None
    for number in range(1, 6):
        prompt = ui.text("#quiz-prompt")
        choices = [b.find_element(By.CSS_SELECTOR, ".choice-text").text for b in ui.all(".quiz-choice")]
        assert len(choices) == 4 and len(set(choices)) == 4
        right = choices.index(FRUIT[prompt]) + 1
        # Miss the first question on purpose.
        key = right if missed else right % 4 + 1
        if not missed:
            missed = prompt
        ui.key(str(key))
        feedback = ui.find("#quiz-feedback")
        assert feedback.text.startswith("Right" if key == right else "Wrong"), feedback.text
        assert FRUIT[prompt] in feedback.text
        if number == 1:
            # The wrong answer stays on screen: the right choice and the one picked, in place.
            assert ui.find("#quiz-right .choice-text").text == FRUIT[prompt]
            assert ui.find("#quiz-chosen .choice-text").text == choices[key - 1]
            assert not ui.all("#quiz-prompt")
            ui.shot("quiz-feedback-wrong")
            ui.key(Keys.ENTER)
            ui.wait_css("#quiz-prompt")
    assert ui.text("#result-score") == "4 of 5 right (80%)"
    assert ui.text("#wrong-words") == f"{missed} — {FRUIT[missed]}"
    assert not ui.all("#quiz-prompt")
    ui.shot("quiz-result")
    ui.submit_and_wait(ui.find("#bookmark-wrong"))
    assert ui.flash() == "Bookmarked 1 word."
    state["quiz_missed"] = missed


def test_korean_hangman_with_the_jamo_pad(ui):
    ui.start("hangman", state["korean"])
    assert ui.text("#hangman-hint") == "apple"
    assert ui.find("#gallows").get_attribute("data-misses") == "0"
    pad = ui.find("#hangman-pad")
    assert pad.get_attribute("data-script") == "hangul"
    assert [k.text for k in ui.all(".pad-group")[0].find_elements(By.CSS_SELECTOR, ".pad-key")][:3] == ["ㄱ", "ㄲ", "ㄴ"]
    for jamo in ["ㅅ", "ㅏ"]:
        ui.submit_and_wait(ui.find(f'.pad-key[data-guess="{jamo}"]'))
    cells = ui.all("#hangman-word .cell")
    assert [c.text for c in cells] == ["사", "ㅏ"]
    assert "cell-partial" in cells[1].get_attribute("class")
    assert ui.find('.pad-key[data-guess="ㅅ"]').get_attribute("disabled") is not None
    ui.shot("hangman-partly-revealed")
    for jamo in ["ㄱ", "ㅗ"]:
        ui.submit_and_wait(ui.find(f'.pad-key[data-guess="{jamo}"]'))
    assert ui.text("#hangman-outcome") == "Found it: 사과"
    assert ui.text("#result-score") == "Words found: 1 of 1"
    assert ui.all("#no-wrong-words")
    ui.shot("hangman-won")


def test_korean_hangman_lost_by_keyboard_misses(ui):
    ui.start("hangman", state["korean"])
    # q w e z x c v are ㅂ ㅈ ㄷ ㅋ ㅌ ㅊ ㅍ on the 2-beolsik layout: none is in 사과.
    for n, key in enumerate("qwezxcv", start=1):
        ui.key(key)
        assert ui.find("#gallows").get_attribute("data-misses") == str(n)
        if n == 4:
            assert ui.text("#misses-left") == "3 misses left"
            assert ui.text("#wrong-guesses") == "Not in the word: ㅂ ㅈ ㄷ ㅋ"
            ui.shot("hangman-four-misses")
    assert ui.text("#hangman-outcome") == "Out of misses. The word was 사과."
    assert ui.text("#result-score") == "Words found: 0 of 1"
    # The word is shown in full once lost.
    assert [c.text for c in ui.all("#hangman-word .cell-missed")] == ["사", "과"]
    assert ui.text("#wrong-words") == "apple — 사과"
    assert all(k.get_attribute("disabled") is not None for k in ui.all(".pad-key"))
    ui.shot("hangman-lost")


def test_ox_test_with_undo_and_retest(ui):
    ui.start("test", state["fruit"], count=3)
    first = ui.text("#test-prompt")
    assert not ui.all("#test-answer")
    ui.key(Keys.SPACE)
    assert ui.text("#test-answer") == FRUIT[first]
    ui.shot("test-revealed")
    ui.key("o")
    second = ui.text("#test-prompt")
    ui.key("x")
    third = ui.text("#test-prompt")
    assert [m.text for m in ui.all("#test-marks li")] == ["O", "X"]
    # U takes the X back: the second word again, revealed.
    ui.key("u")
    assert ui.text("#test-prompt") == second
    assert ui.text("#test-answer") == FRUIT[second]
    assert [m.text for m in ui.all("#test-marks li")] == ["O"]
    ui.key("2")
    assert ui.text("#test-prompt") == third
    ui.key("1")
    assert ui.text("#result-score") == "67% · 2 of 3 known"
    assert ui.text("#wrong-words") == f"{second} — {FRUIT[second]}"
    ui.shot("test-result")
    ui.submit_and_wait(ui.find("#retest-wrong"))
    assert ui.text("#game-progress") == "Word 1 of 1"
    assert ui.text("#test-prompt") == second
    state["test_missed"] = second


def test_mistake_notes_by_source(ui):
    ui.go("/study")
    ui.find("#mistakes-link").click()
    ui.wait_css("#mistake-tabs")

    def terms():
        return [e.text for e in ui.all(".mistake-row .term")]

    quiz, test = state["quiz_missed"], state["test_missed"]
    assert sorted(terms()) == sorted({quiz, test, "사과"})
    sources = {row.find_element(By.CSS_SELECTOR, ".term").text: row.find_element(By.CSS_SELECTOR, ".mistake-sources").text
               for row in ui.all(".mistake-row")}
    assert "Hangman" in sources["사과"]
    assert "Quiz" in sources[quiz] and ("O/X test" in sources[quiz]) == (quiz == test)
    ui.shot("mistakes-all")
    for tab, expected in [("Quiz", [quiz]), ("Hangman", ["사과"]), ("O/X test", [test])]:
        ui.find("#mistake-tabs").find_element(By.PARTIAL_LINK_TEXT, tab).click()
        ui.wait(lambda d, tab=tab: tab in ui.text(".tab[aria-current=page]"))
        assert terms() == expected, tab
    ui.shot("mistakes-test-tab")
    ui.find("#mistake-tabs").find_element(By.PARTIAL_LINK_TEXT, "Review").click()
    ui.wait_css("#mistakes-empty")

    # Clear one word from the Hangman tab.
    ui.find("#mistake-tabs").find_element(By.PARTIAL_LINK_TEXT, "Hangman").click()
    ui.wait(lambda d: "Hangman" in ui.text(".tab[aria-current=page]"))
    ui.submit_and_wait(ui.find(".mistake-row button"))
    assert ui.flash() == "Cleared from the notes."
    assert ui.all("#mistakes-empty")

    # Study these: the quiz's missed word as flashcards.
    ui.find("#mistake-tabs").find_element(By.PARTIAL_LINK_TEXT, "Quiz").click()
    ui.wait(lambda d: "Quiz" in ui.text(".tab[aria-current=page]"))
    Select(ui.find("#study-kind")).select_by_value("flashcards")
    ui.submit_and_wait(ui.find("#study-these"))
    assert ui.text("#game-progress") == "Card 1 of 1"
    assert ui.text("#card-front") == quiz


def test_flashcards_flip_and_next(ui):
    ui.start("flashcards", state["fruit"], count=3)
    front = ui.text("#card-front")
    assert not ui.all("#card-back")
    # The term on the card speaks, in the book's language; Space still flips after the click.
    ui.find("#game-speak").click()
    assert ui.d.execute_script("return document.body.dataset.lastSpoken") == front
    assert ui.d.execute_script("return document.body.dataset.lastSpokenLang") == "en"
    ui.key(Keys.SPACE)
    assert ui.text("#card-back") == FRUIT[front]
    ui.shot("flashcards-flipped")
    ui.key(Keys.ARROW_RIGHT)
    assert ui.text("#game-progress") == "Card 2 of 3"
    second = ui.text("#card-front")
    ui.key(Keys.ARROW_LEFT)
    assert ui.text("#card-front") == front and not ui.all("#card-back")
    ui.key(Keys.ARROW_RIGHT)
    ui.key(Keys.ARROW_RIGHT)
    ui.key(Keys.ARROW_RIGHT)
    assert ui.text("#cards-end-text") == "End of the deck: you went through all 3 cards."
    ui.shot("flashcards-end")
    ui.key("r")
    assert ui.text("#game-progress") == "Card 1 of 3" and ui.text("#card-front") == front
    ui.key("s")
    assert ui.text("#card-front") == front, "shuffling keeps the card on screen"
    assert second in FRUIT
    # Flipped, K marks it known and L still learning; the end offers the ones still learning.
    for mark in ["k", "l", "l"]:
        ui.key(Keys.SPACE)
        ui.key(mark)
    assert ui.text("#cards-marks") == "Know 1 · Still learning 2"
    ui.shot("flashcards-marked")
    ui.key("l")
    assert ui.text("#game-progress") == "Card 1 of 2"


def test_recent_games_and_korean_pages(ui):
    ui.go("/games")
    rows = ui.all("#recent-games .recent-game")
    assert len(rows) >= 6
    assert "Flashcards" in rows[0].text
    ui.shot("games-recent")
    ui.d.add_cookie({"name": "maeil_lang", "value": "ko"})
    try:
        ui.go("/games")
        assert ui.text("h1") == "게임"
        ui.find("#kind-hangman").click()
        Select(ui.find("#game-book")).select_by_value(state["korean"])
        ui.submit_and_wait(ui.find("#start-game"))
        ui.key("t")  # ㅅ
        assert ui.text("#misses-left") == "남은 기회 7번"
        ui.shot("hangman-korean-ui")
        ui.go("/mistakes")
        assert ui.text("h1") == "오답 노트"
        ui.shot("mistakes-korean-ui")
    finally:
        ui.d.delete_cookie("maeil_lang")


def test_phone_layout(ui):
    ui.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        ui.go("/games")
        assert ui.d.execute_script("return window.innerWidth") == 390
        assert ui.overflowing() == [], "/games is wider than a phone"
        ui.shot("phone-games")
        ui.start("quiz", state["fruit"])
        assert ui.overflowing() == []
        ui.shot("phone-quiz")
        ui.start("hangman", state["fruit"], count=1)
        ui.submit_and_wait(ui.find('.pad-key[data-guess="e"]'))
        assert ui.overflowing() == []
        ui.shot("phone-hangman")
        ui.start("test", state["fruit"])
        assert ui.overflowing() == []
        ui.shot("phone-test")
        ui.go("/mistakes")
        assert ui.overflowing() == []
        ui.shot("phone-mistakes")
        ui.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        ui.start("hangman", state["korean"])
        ui.submit_and_wait(ui.find('.pad-key[data-guess="ㅎ"]'))
        ui.shot("phone-hangman-dark")
    finally:
        ui.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        ui.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
