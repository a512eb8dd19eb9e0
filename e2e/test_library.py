"""The library with two users in one browser: one publishes a book from its page and
previews it, the other finds it with a choseong query and adds it to their books; on a
phone, light and dark, nothing sticks out."""

from selenium.webdriver.common.by import By

from conftest import Page


def test_publish_find_and_add_a_book(driver, server, shot):
    page = Page(driver, server, shot)
    page.sign_up("owner")
    book = page.add_book("토익 필수 단어", [("abandon", "버리다"), ("acquire", "얻다")])

    # Publish from the book's page: the sharing form in the book's menu.
    page.go(f"/books/{book}")
    if page.find("label.menu-toggle").is_displayed():  # the menu folds on a phone only
        page.find("label.menu-toggle").click()
    page.find("#sharing summary").click()
    page.find("#sharing input[value=public]").click()
    page.reloaded_after(lambda: page.find("#sharing button[type=submit]").click())
    assert "/books/" + book in driver.current_url
    assert page.find(".flash").is_displayed()
    shot("library-published")

    # The preview: the owner's view of what others see.
    page.go(f"/library/{book}")
    assert page.find("#library-preview").is_displayed()
    assert not page.all("#copy-book"), "no copy button on one's own book"
    shot("library-preview")

    # Another user finds it by its first consonants and adds it.
    driver.delete_all_cookies()
    page.sign_up("reader")
    page.go("/library?q=ㅌㅇ")
    titles = [a.text for a in page.all("#library-books .book-title")]
    assert titles == ["토익 필수 단어"], titles
    shot("library-choseong")
    page.reloaded_after(lambda: page.find("#library-books .book-title").click())
    assert [t.text for t in page.all(".word-row .term")] == ["abandon", "acquire"]
    page.reloaded_after(lambda: page.find("#copy-book").click())
    assert "/books/" in driver.current_url and book not in driver.current_url
    assert page.find(".flash").is_displayed()
    assert sorted(t.text for t in page.all(".word-list .term")) == ["abandon", "acquire"]
    shot("library-copied")

    for dark in (False, True):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        with page.phone():
            for path in ("/library", f"/library/{book}"):
                page.go(path)
                assert page.overflowing(skip=".topbar") == [], path
            shot("library-phone-dark" if dark else "library-phone")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_copy_takes_the_originals_new_words(driver, server, shot):
    """The owner adds a word and changes one after a reader copied the book; the reader
    sees "원본에 새 단어 1개, 바뀐 단어 1개" on the original's page, edits one word of their
    own, and takes the rest in one click."""
    import requests
    from conftest import PASSWORD

    def api_user(prefix):
        import uuid
        name = prefix + uuid.uuid4().hex[:8]
        answer = requests.post(f"{server}/api/v1/auth/signup", json={"username": name, "password": PASSWORD})
        session = requests.Session()
        session.headers["Authorization"] = "Bearer " + answer.json()["token"]
        return session

    owner = api_user("owner")
    book = owner.post(f"{server}/api/v1/books", json={"name": "비즈니스 이메일"}).json()["id"]
    words = {t: owner.post(f"{server}/api/v1/books/{book}/words", json={"term": t, "meaning": m}).json()["id"]
             for t, m in (("regards", "안부"), ("attach", "첨부하다"), ("follow up", "후속 조치하다"))}
    owner.patch(f"{server}/api/v1/books/{book}", json={"visibility": "public"})

    page = Page(driver, server, shot)
    driver.delete_all_cookies()
    page.sign_up("copier")
    page.go(f"/library/{book}")
    page.reloaded_after(lambda: page.find("form[action='/language'] button").click())  # 한국어
    page.reloaded_after(lambda: page.find("#copy-book").click())
    copy = driver.current_url.rsplit("/", 1)[1].split("?")[0]
    assert page.find("#book-copied").is_displayed()

    owner.post(f"{server}/api/v1/books/{book}/words", json={"term": "deadline", "meaning": "마감"})
    owner.patch(f"{server}/api/v1/words/{words['attach']}", json={"meaning": "첨부하다, 붙이다"})
    owner.patch(f"{server}/api/v1/words/{words['follow up']}", json={"meaning": "다시 연락하다"})
    # The copier's own edit of "follow up": it stays.
    page.go(f"/books/{copy}?q=follow")
    page.reloaded_after(lambda: page.find(".word-list a.term").click())
    field = page.find("#w-meaning")
    field.clear()
    field.send_keys("팔로업하다")
    page.reloaded_after(lambda: page.find("#save-word").click())

    page.go(f"/library/{book}#my-copies")
    status = page.find("#my-copies .copy-status").text
    assert "새 단어 1개" in status and "바뀐 단어 1개" in status, status
    shot("library-copy-updates")
    page.reloaded_after(lambda: page.find(f"#pull-{copy}").click())
    assert "/books/" + copy in driver.current_url
    assert "새 단어 1개" in page.find(".flash").text
    terms = sorted(t.text for t in page.all(".word-list .term"))
    assert terms == ["attach", "deadline", "follow up", "regards"], terms
    assert "팔로업하다" in page.find(".word-list").text, "the copier's edit stayed"
    assert "첨부하다, 붙이다" in page.find(".word-list").text
