"""Korean-aware search in the browser: choseong, the wrong keyboard layout and a one-jamo
typo each find 사과 on the search page, with the matched syllables highlighted."""

from selenium.webdriver.common.by import By

from conftest import Page


def test_choseong_layout_and_typo_find_the_word_highlighted(driver, server, shot):
    page = Page(driver, server, shot)
    page.sign_up("ko")
    page.add_book("과일", [("사과", "apple"), ("수박", "watermelon"), ("바나나", "banana")])

    for query, name in [("ㅅㄱ", "choseong"), ("tkrhk", "layout"), ("사가", "typo")]:
        driver.get(server + "/search?q=" + query)
        marks = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "main mark")]
        shot(f"korean-search-{name}")
        page = driver.find_element(By.TAG_NAME, "main").text
        assert "사과" in page, f"{query}: {page}"
        assert "사과" in "".join(marks), f"{query}: highlighted {marks}"
        assert "바나나" not in page
