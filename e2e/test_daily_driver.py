"""The daily driver's screens in a browser: the write game played with the keyboard, the
book page's "show" filter, and an import whose duplicates are chosen one by one."""

import os
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import Page


def fresh(driver, server):
    driver.get(server + "/login")
    driver.delete_all_cookies()


def test_write_game_with_the_keyboard(driver, server, shot):
    fresh(driver, server)
    page = Page(driver, server, shot)
    page.sign_up("wr")
    page.add_book("Spelling", [("apple", "사과"), ("river", "강")])
    page.go("/games")
    page.find("input[name=kind][value=write]").click()
    page.reloaded_after(lambda: page.find("#start-game").click())
    answers = {"사과": "apple", "강": "river"}
    prompt = page.wait_css("#write-prompt").text
    field = page.find("#write-answer")
    assert driver.switch_to.active_element == field, "the answer field has the focus"
    shot("write-asking")
    # A slipped key: almost, with the missing letter marked, and a miss all the same.
    field.send_keys(answers[prompt][:-1] + Keys.ENTER)
    verdict = page.wait_css("#typed-verdict")
    assert "Almost" in verdict.text and answers[prompt] in verdict.text, verdict.text
    assert page.find(".diff-missing").text == answers[prompt][-1]
    shot("write-almost")
    with page.phone():
        assert page.overflowing(absolute=True) == [], "the write game is wider than a phone"
    second = page.find("#write-prompt").text
    page.reloaded_after(lambda: page.find("#write-answer").send_keys(answers[second] + Keys.ENTER))
    assert page.find("#typed-verdict").text == "Correct."
    assert "1 of 2" in page.find("#result-score").text, page.find("#result-score").text
    assert answers[prompt] in page.find("#wrong-words").text


def test_show_filter_and_duplicates_one_by_one(driver, server, shot):
    fresh(driver, server)
    page = Page(driver, server, shot)
    page.sign_up("dp")
    book = page.add_book("Fruit", [("apple", "사과"), ("pear", "배")])

    # The show filter: bookmark pear from the bulk bar, then show bookmarked words only.
    page.go(f"/books/{book}")
    row = [r for r in page.all(".word-row") if "pear" in r.text][0]
    row.find_element(By.CSS_SELECTOR, "input[type=checkbox]").click()
    page.reloaded_after(lambda: page.find("button[name=action][value=bookmark]").click())
    page.reloaded_after(lambda: Select(page.find("#book-show")).select_by_value("bookmarked"))
    terms = [r.text for r in page.all(".word-row .term")]
    assert any("pear" in t for t in terms) and not any("apple" in t for t in terms), terms
    assert "show=bookmarked" in driver.current_url

    # An import with both words again and a new one: pear replaced, apple skipped.
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8") as f:
        f.write("term,meaning\napple,능금\npear,서양배\nplum,자두\n")
        csv = f.name
    try:
        page.go(f"/books/{book}/import")
        page.find("#import-file").send_keys(csv)
        page.reloaded_after(lambda: page.find("#upload").click())
    finally:
        os.unlink(csv)
    assert "2 words" in page.find("#duplicates legend").text, page.find("#duplicates legend").text
    page.find("#duplicate-rows summary").click()
    Select(page.find("#dup-1")).select_by_value("update")
    shot("import-duplicates")
    with page.phone():
        assert page.overflowing(absolute=True, skip=".table-scroll") == [], "wider than a phone"
    page.reloaded_after(lambda: page.find("#confirm-import").click())
    page.go(f"/books/{book}")
    text = page.find("main").text
    assert "서양배" in text and "자두" in text and "능금" not in text, text
