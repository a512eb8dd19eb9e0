"""Markup planted in every field a user types never runs and never becomes markup: each
page shows it as text (issue 16: every user text escaped). Every string would set
window.__planted if it ran; with the Content-Security-Policy an inline script would be
refused anyway (the console check in conftest fails on that), so the test looks for the
elements themselves, not only for their effect."""

from selenium.webdriver.common.by import By

from conftest import Page

PAYLOADS = {
    "name": "<script>window.__planted=1</script>",
    "description": "\"><img src=x onerror=\"window.__planted=2\">",
    "term": "<svg onload=window.__planted=3>",
    "meaning": "</textarea><b onmouseover=window.__planted=4>뜻</b>",
    "sentence": "<img src=x onerror=window.__planted=5>",
    "translation": "<iframe src=javascript:window.__planted=6>",
    "tags": "<a href=javascript:window.__planted=7>tag</a>",
    "note": "{{7*7}} #(page) <style>body{display:none}</style>",
    "display": "<img src=x onerror=alert(1)>",
}


def planted_elements(driver):
    return driver.execute_script(r"""
        const found = [];
        for (const el of document.querySelectorAll('img[onerror], svg[onload], b[onmouseover], iframe, a[href^="javascript:"]'))
          found.push(el.outerHTML.slice(0, 80));
        for (const el of document.querySelectorAll('script, style'))
          if (/__planted|body\{display:none\}/.test(el.textContent)) found.push(el.outerHTML.slice(0, 80));
        return {found, ran: window.__planted === undefined ? null : window.__planted};
    """)


def test_planted_markup_stays_text_on_every_page(driver, server, shot):
    driver.get(server + "/login")
    driver.delete_all_cookies()
    page = Page(driver, server, shot)
    page.sign_up("xss")
    page.go("/settings")
    field = page.find("#display-name")
    field.clear()
    field.send_keys(PAYLOADS["display"])
    page.reloaded_after(lambda: field.submit())

    book = page.add_book(PAYLOADS["name"], [(PAYLOADS["term"], PAYLOADS["meaning"])])
    token = page.find("meta[name=csrf-token]").get_attribute("content")
    # The description, and the word's every other field, through the forms' own posts.
    status = driver.execute_async_script("""
        const [book, token, p, done] = arguments;
        const edit = new URLSearchParams({_csrf: token, name: p.name, description: p.description});
        fetch("/books/" + book, {method: "POST", body: edit}).then(r => done(r.status)).catch(e => done("ERR " + e));
    """, book, token, PAYLOADS)
    assert status == 200, status
    page.go(f"/books/{book}")
    word = page.find(".word-row").get_attribute("data-word-id")
    status = driver.execute_async_script("""
        const [word, book, token, p, done] = arguments;
        const form = new URLSearchParams({_csrf: token, term: p.term, meaning: p.meaning, note: p.note,
          tags: p.tags, bookID: book});
        form.append("exampleSentence[]", p.sentence);
        form.append("exampleTranslation[]", p.translation);
        fetch("/words/" + word, {method: "POST", body: form}).then(r => done(r.status)).catch(e => done("ERR " + e));
    """, word, book, token, PAYLOADS)
    assert status == 200, status

    pages = ["/", f"/books/{book}", f"/words/{word}", f"/books/{book}/delete", "/search?q=svg",
             "/study/review", "/calendar", "/diary", "/settings", "/mistakes"]
    for path in pages:
        page.go(path)
        result = planted_elements(driver)
        assert result == {"found": [], "ran": None}, (path, result)
    # The words show as typed: as text, and in the form's fields as their values.
    page.go(f"/words/{word}")
    assert PAYLOADS["term"] in page.find("main").text
    assert page.find("input[name='exampleSentence[]']").get_attribute("value") == PAYLOADS["sentence"]
    assert page.find("input[name='exampleTranslation[]']").get_attribute("value") == PAYLOADS["translation"]
    assert page.find("#w-meaning").get_attribute("value") == PAYLOADS["meaning"]
    assert PAYLOADS["display"] in page.find(".topbar").text
    shot("planted-markup-word")

    # A game and its result show the same words.
    page.go("/games")
    page.find("input[name=kind][value=flashcards]").click()
    page.reloaded_after(lambda: page.find("#start-game").click())
    assert planted_elements(driver) == {"found": [], "ran": None}
