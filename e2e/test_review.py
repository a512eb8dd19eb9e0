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
    shot("review-front")
    body = page.find("body")
    body.send_keys(Keys.SPACE)
    page.wait_css("#review-answer-text")
    assert page.find("#review-answer-text").text == "사과"
    intervals = [b.find_element(By.CSS_SELECTOR, ".rating-interval").text for b in page.all(".rating")]
    assert intervals == ["1m", "6m", "10m", "8d"], intervals
    shot("review-back")
    # On a phone the four buttons fit (two rows) and nothing sticks out.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        width = driver.execute_script("return document.documentElement.clientWidth")
        wide = driver.execute_script(
            "return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > arguments[0] + 1).length",
            width)
        assert wide == 0, "the review screen is wider than a phone"
        shot("review-back-phone")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

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
