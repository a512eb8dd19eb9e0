"""Forms that must never fail or mislead: a long Korean note saved twenty times in a
row (a body that arrives in several reads once was refused as a forgery), and a
login whose `next` points off the site (a tab that browsers drop once turned
`/<tab>/evil.example/` into `//evil.example/`)."""

from urllib.parse import urlsplit

from selenium.webdriver.common.by import By

from conftest import PASSWORD, Page

LONG_NOTE = ("한국어 메모를 길게 적어 봅니다. 사과는 영어로 apple입니다. " * 100)[:3000]


def test_long_note_saves_every_time(driver, server, shot):
    page = Page(driver, server, shot)
    page.sign_up("note")
    book = page.add_book("메모", [("사과", "apple")])
    page.go(f"/books/{book}")
    page.find(".word-row .term").click()
    page.wait_css("#w-note")
    for round in range(1, 21):
        note = LONG_NOTE + f" ({round})"
        # Typing 3,000 characters key by key would take minutes; set the field as a paste would.
        driver.execute_script("document.getElementById('w-note').value = arguments[0]", note)
        # The saved page replaces this one; its message is then the new one.
        page.reloaded_after(page.find("#save-word").click)
        flash = page.wait_css("p.flash")
        assert flash.text == "Word saved.", f"round {round}: {flash.text}"
        assert page.find("#w-note").get_attribute("value") == note, f"round {round}"
    shot("long-note-saved")


def test_login_next_cannot_leave_the_site(driver, server, shot):
    page = Page(driver, server, shot)
    page.go("/login")
    driver.delete_all_cookies()
    name = page.sign_up("nx")
    page.find("#logout").click()
    page.wait_css("#username")

    # The crafted link itself is refused: its address holds a tab.
    page.go("/login?next=%2F%09%2Fevil.example%2F")
    assert urlsplit(driver.current_url).hostname == "127.0.0.1"
    assert "400" in page.find("main").text
    shot("login-next-refused")

    # A form that sends such a `next` anyway lands on the home page.
    for crafted in ["/\t/evil.example/", "/\n/evil.example/", "/\\evil.example/"]:
        page.go("/login")
        driver.execute_script("document.querySelector('input[name=next]').value = arguments[0]", crafted)
        page.find("#username").send_keys(name)
        page.find("#password").send_keys(PASSWORD)
        page.find("button[type=submit].primary").click()
        page.wait(lambda d: not urlsplit(d.current_url).path.startswith("/login"))
        assert urlsplit(driver.current_url).hostname == "127.0.0.1", driver.current_url
        assert urlsplit(driver.current_url).path == "/", driver.current_url
        page.find("#logout").click()
        page.wait_css("#username")


def test_korean_name_at_sign_up_then_delete_the_account(driver, server, shot):
    page = Page(driver, server, shot)
    page.go("/login")
    driver.delete_all_cookies()
    driver.add_cookie({"name": "maeil_lang", "value": "ko"})
    page.go("/signup")
    # A Korean username is refused with a message that says where the Korean name goes.
    page.find("#username").send_keys("김지민")
    page.find("#password").send_keys(PASSWORD)
    page.find("button[type=submit].primary").click()
    assert "표시 이름" in page.wait_css("#signup-error").text
    shot("signup-korean-username-refused")
    import uuid
    name = "jimin" + uuid.uuid4().hex[:6]
    page.find("#username").clear()
    page.find("#username").send_keys(name)
    page.find("#display-name").send_keys("김지민")
    page.find("#password").send_keys(PASSWORD)
    page.find("button[type=submit].primary").click()
    page.wait(lambda d: not d.current_url.rstrip("/").endswith("/signup"))
    assert page.find("#logout").text == "로그아웃 (김지민)"

    page.go("/settings")
    assert page.find("#display-name").get_attribute("value") == "김지민"
    page.find("#delete-confirm").send_keys("someone-else")
    page.find("#delete-password").send_keys(PASSWORD)
    page.find("#delete-form button").click()
    assert page.wait_css("#delete-error").text == "입력한 확인 값이 맞지 않습니다. 다시 확인해 주세요."
    shot("settings-delete-refused")
    page.find("#delete-confirm").send_keys(name)
    page.find("#delete-password").send_keys(PASSWORD)
    page.find("#delete-form button").click()
    assert page.wait_css("#account-deleted h1").text == "계정을 삭제했습니다"
    shot("account-deleted")
    page.go("/login")
    page.find("#username").send_keys(name)
    page.find("#password").send_keys(PASSWORD)
    page.find("button[type=submit].primary").click()
    assert page.wait_css("p.flash.error").text != ""
