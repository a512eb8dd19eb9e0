"""Korean-aware search in the browser: choseong, the wrong keyboard layout and a one-jamo
typo each find 사과 on the search page, with the matched syllables highlighted."""

import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse 42"


@pytest.fixture(scope="module", autouse=True)
def signed_out_around(driver, server):
    driver.get(server + "/login")
    driver.delete_all_cookies()
    yield
    driver.delete_all_cookies()


def test_choseong_layout_and_typo_find_the_word_highlighted(driver, server, shot):
    driver.get(server + "/signup")
    driver.find_element(By.ID, "username").send_keys("ko" + uuid.uuid4().hex[:8])
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit].primary").click()
    WebDriverWait(driver, 10).until(lambda d: not d.current_url.rstrip("/").endswith("/signup"))
    token = driver.find_element(By.CSS_SELECTOR, "meta[name=csrf-token]").get_attribute("content")
    # Make a book and add words through the page's own endpoints (same session, CSRF header).
    book = driver.execute_async_script("""
        const [token, done] = arguments;
        const form = new URLSearchParams({_csrf: token, name: "과일", description: ""});
        fetch("/books", {method: "POST", body: form, redirect: "follow"})
          .then(r => done(new URL(r.url).pathname)).catch(e => done("ERR " + e));
    """, token)
    assert book.startswith("/books/"), book
    for term, meaning in [("사과", "apple"), ("수박", "watermelon"), ("바나나", "banana")]:
        status = driver.execute_async_script("""
            const [path, token, term, meaning, done] = arguments;
            fetch(path + "/words", {method: "POST", headers: {"Content-Type": "application/json",
              "Accept": "application/json", "X-CSRF-Token": token}, body: JSON.stringify({term, meaning})})
              .then(r => done(r.status)).catch(e => done("ERR " + e));
        """, book, token, term, meaning)
        assert status in (200, 201), status

    for query, name in [("ㅅㄱ", "choseong"), ("tkrhk", "layout"), ("사가", "typo")]:
        driver.get(server + "/search?q=" + query)
        marks = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "main mark")]
        shot(f"korean-search-{name}")
        page = driver.find_element(By.TAG_NAME, "main").text
        assert "사과" in page, f"{query}: {page}"
        assert "사과" in "".join(marks), f"{query}: highlighted {marks}"
        assert "바나나" not in page
