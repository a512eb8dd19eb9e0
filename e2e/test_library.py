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
