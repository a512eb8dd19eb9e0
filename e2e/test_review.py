"""A review session in the browser: the study overview shows today's counts, Space shows
the answer, the keys 1–4 answer with the next interval on each button, U undoes the last
answer, and the session ends with "all done"."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Page


def test_review_session_with_keys_and_undo(driver, server, shot):
    page = Page(driver, server, shot)
    page.sign_up("rv")
    page.add_book("복습", [("apple", "사과"), ("river", "강")])

    page.go("/study")
    assert "2" in page.find("#study-counts").text
    shot("study-overview")
    page.find("#start-review").click()

    prompt = page.wait_css("#review-prompt")
    assert prompt.text == "apple"
    assert not page.find("#review-answer").is_displayed()
    # The card speaks its word in the book's language (English by default).
    page.find("#review-speak").click()
    assert page.d.execute_script("return document.body.dataset.lastSpoken") == "apple"
    assert page.d.execute_script("return document.body.dataset.lastSpokenLang") == "en"
    assert page.d.execute_script("return document.activeElement.id") != "review-speak"
    shot("review-front")
    body = page.find("body")
    body.send_keys(Keys.SPACE)
    page.wait_css("#review-answer-text")
    assert page.find("#review-answer-text").text == "사과"
    intervals = [b.find_element(By.CSS_SELECTOR, ".rating-interval").text for b in page.all(".rating")]
    assert intervals == ["1m", "6m", "10m", "8d"], intervals
    shot("review-back")
    # On a phone the four buttons fit (two rows) and nothing sticks out.
    with page.phone():
        assert page.overflowing(absolute=True) == [], "the review screen is wider than a phone"
        shot("review-back-phone")

    # 3 = Good: the next card comes up.
    page.find("body").send_keys("3")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "river")
    # U undoes: apple is back, as new.
    page.find("body").send_keys("u")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "apple")
    assert "undone" in page.find("main").text.lower() or "되돌렸" in page.find("main").text

    # Easy on both: nothing left today.
    for term in ["apple", "river"]:
        page.wait(lambda d, term=term: d.find_element(By.ID, "review-prompt").text == term)
        page.find("body").send_keys(Keys.SPACE)
        page.wait_css("#rate-4")
        page.find("body").send_keys("4")
    page.wait_css("#review-done")
    shot("review-done")
    page.go("/study")
    assert page.all("#study-done")


def test_undo_on_a_books_screen_stays_in_that_book(driver, server, shot):
    driver.get(server + "/login")
    driver.delete_all_cookies()  # a user of its own, after the test above
    page = Page(driver, server, shot)
    page.sign_up("ru")
    fruit = page.add_book("과일", [("apple", "사과"), ("pear", "배")])
    animals = page.add_book("동물", [("dog", "개")])

    # apple is answered on the fruit screen, then dog on the animals screen.
    page.go(f"/study/review?book={fruit}")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "apple")
    page.find("body").send_keys(Keys.SPACE)
    page.wait_css("#rate-3")
    page.find("body").send_keys("3")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "pear")
    page.go(f"/study/review?book={animals}")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "dog")
    page.find("body").send_keys(Keys.SPACE)
    page.wait_css("#rate-4")
    page.find("body").send_keys("4")
    page.wait_css("#review-done")

    # Back on the fruit screen, U takes back apple (not the later dog) and shows it.
    page.go(f"/study/review?book={fruit}")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "pear")
    page.find("body").send_keys("u")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "apple")
    shot("review-undo-in-book")
    page.go(f"/study/review?book={animals}")
    page.wait_css("#review-done")


def test_a_book_limit_ends_the_session_with_a_summary_and_more(driver, server, shot):
    driver.get(server + "/login")
    driver.delete_all_cookies()
    driver.add_cookie({"name": "maeil_lang", "value": "ko"})
    page = Page(driver, server, shot)
    page.sign_up("rl")
    fruit = page.add_book("과일", [("apple", "사과"), ("pear", "배"), ("plum", "자두"), ("fig", "무화과")])

    # The book's own limit: two new cards a day, set on the study page.
    page.go("/study")
    page.find(".book-limits summary").click()
    page.find(f"#new-limit-{fruit}").send_keys("2")
    page.find(f"#new-limit-{fruit}").submit()
    page.wait_css("p.flash")
    assert page.find(".book-limits summary").text == "하루 한도: 새 카드 2 · 복습 전체 한도"

    page.go(f"/study/review?book={fruit}")
    for _ in range(2):
        page.wait_css("#review-prompt")
        page.find("body").send_keys(Keys.SPACE)
        page.wait_css("#rate-4")
        page.find("body").send_keys("4")
    page.wait_css("#review-done")
    assert page.find("#review-done h1").text == "오늘 한도만큼 공부했습니다"
    assert page.find("#summary-answered").text == "2장"
    assert page.find("#summary-right").text == "100%"
    assert page.find("#summary-next").text.endswith("뒤")
    assert page.find(".held-line").text == "새 카드 2장이 이 단어장의 하루 새 카드 한도(2장)에 걸려 남아 있습니다."
    shot("session-summary")
    with page.phone():
        assert page.overflowing(absolute=True) == [], "the summary is wider than a phone"
        shot("session-summary-phone")

    # Study more: one more new card today, and the session goes on.
    more = page.find("#more-new-cards")
    more.clear()
    more.send_keys("1")
    page.find("#more-new button").click()
    page.wait_css("#review-prompt")
    assert page.find("p.flash").text == "오늘 공부할 카드를 늘렸습니다."
    assert page.find("#review-counts").text.startswith("새 카드 1")


def test_typed_answer_is_checked_and_enter_takes_the_proposed_rating(driver, server, shot):
    driver.get(server + "/login")
    driver.delete_all_cookies()
    page = Page(driver, server, shot)
    page.sign_up("typist")
    page.add_book("타자", [("apple", "사과, 능금")])
    page.go("/study")
    page.find("#start-typing").click()
    field = page.wait_css("#typed-answer")
    assert field.get_attribute("data-hangul-keyboard") is not None, "a Korean answer gets the keyboard"
    assert driver.switch_to.active_element == field, "the field has the focus"
    shot("typed-asking")
    field.send_keys("사가")
    field.send_keys(Keys.ENTER)
    verdict = page.wait_css("#typed-verdict")
    assert "Almost" in verdict.text and "사과" in verdict.text, verdict.text
    assert page.find(".diff-missing").text == "과"
    assert page.find("#review-answer").is_displayed()
    assert driver.switch_to.active_element.get_attribute("id") == "rate-2", "Hard is proposed"
    shot("typed-close")
    with page.phone():
        assert page.overflowing(absolute=True) == [], "the checked answer is wider than a phone"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait(lambda d: not d.find_elements(By.ID, "typed-verdict"))
    assert "type=1" in driver.current_url, "typing stays on for the next card"


def test_a_card_speaks_its_term_by_itself_when_the_setting_is_on(driver, server, shot):
    page = Page(driver, server, shot)
    driver.delete_all_cookies()
    page.sign_up("talk")
    page.add_book("말하기", [("banana", "바나나")])
    page.go("/study")
    page.find("#speak-terms").click()
    page.reloaded_after(lambda: page.find("#save-study-settings").click())
    assert page.find("#speak-terms").is_selected()
    page.reloaded_after(lambda: page.find("#start-review").click())
    page.wait(lambda d: d.execute_script("return document.body.dataset.lastSpoken") == "banana")
    assert page.d.execute_script("return document.body.dataset.lastSpokenLang") == "en"
