"""Auto-fill in the browser: typing a term in fast entry lists the proposals (the
user's own earlier meaning, DeepL's — a fake DeepL on loopback — and WordNet's
definitions); picking the second row fills the meaning with that row, not the first;
the word form fills its empty fields from a picked row. In Korean, on a phone too."""

from conftest import Page


def test_fast_entry_fills_the_meaning_of_the_row_picked(driver, server, shot):
    page = Page(driver, server, shot)
    driver.delete_all_cookies()
    page.sign_up("fill")
    page.reloaded_after(lambda: page.find("form[action='/language'] button").click())  # 한국어
    earlier = page.add_book("예전 단어장", [("passport", "여권")])
    book = page.add_book("여행 영어", [])
    page.go(f"/books/{book}")
    page.find("#fast-term").send_keys("passport")
    rows = page.wait(lambda d: (lambda r: r if len(r) >= 2 else None)(
        page.all("[data-autofill] .autofill-row")))
    labels = [r.find_element("css selector", ".autofill-meaning").text for r in rows]
    sources = [r.find_element("css selector", ".autofill-source").text for r in rows]
    assert labels[:2] == ["여권", "패스포트"], labels
    assert sources[:2] == ["내 단어장", "DeepL 번역"], sources
    assert "/pˈæspoːɹt/" in page.find("[data-autofill-reading]").text
    shot("autofill-fast-entry")
    rows[1].click()
    assert page.find("#fast-meaning").get_attribute("value") == "패스포트", "the row picked, not the first"
    assert rows[1].get_attribute("aria-pressed") == "true"
    page.find("#fast-meaning").send_keys("\n")
    page.wait(lambda d: [t.text for t in page.all(".word-list .term")] == ["passport"])
    assert [m.text for m in page.all(".word-list .meaning")] == ["패스포트"]
    page.wait(lambda d: page.all("[data-autofill] .autofill-row") == [])
    with page.phone():
        page.find("#fast-term").send_keys("suitcase")
        page.wait(lambda d: any(
            r.text.startswith("여행 가방") for r in page.all("[data-autofill] .autofill-meaning")))
        assert page.overflowing(skip=".topbar") == [], "the proposals are wider than a phone"
        shot("autofill-fast-entry-phone")
    assert earlier


def test_the_word_form_fills_its_empty_fields(driver, server, shot):
    page = Page(driver, server, shot)
    driver.delete_all_cookies()
    page.sign_up("form")
    book = page.add_book("Words", [("happy", "")])
    page.go(f"/books/{book}")
    page.reloaded_after(lambda: page.find(".word-list .term").click())
    page.find("[data-autofill-ask]").click()
    rows = page.wait(lambda d: page.all("[data-autofill] .autofill-row") or None)
    assert page.find("[data-autofill-problems]").text == "", "DeepL gives back a word it cannot translate"
    wordnet = next(r for r in rows if r.get_attribute("data-source") == "wordnet")
    wordnet.click()
    assert page.find("#w-pos").get_attribute("value") == "형용사", "named in the meaning's language"
    assert page.find("#w-antonyms").get_attribute("value") == "unhappy"
    assert "joy" in page.find("#w-note").get_attribute("value")
    assert page.find("#w-reading").get_attribute("value") == "hˈæpi"
    shot("autofill-word-form")
