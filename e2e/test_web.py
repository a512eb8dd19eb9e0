"""One user's path through the web app, in order: sign up, make books, add
words with the Enter flow, search, move a word, import a CP949 CSV, export,
edit a word, the calendar, settings, the phone layout, log out and in.

The tests share one browser session and run in file order; each one leaves
the state the next one starts from."""

import csv
import io

import pytest
import requests
from conftest import PASSWORD, Page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

USER = "e2e_user"
state: dict = {}


@pytest.fixture
def ui(driver, server, shot):
    return UI(driver, server, shot)


class UI(Page):
    def flash(self):
        return self.find("p.flash[role=status]").text

    def path(self):
        return self.d.current_url.removeprefix(self.base)

    def active_id(self):
        return self.d.switch_to.active_element.get_attribute("id")

    def row_terms(self):
        return [e.text for e in self.all(".word-row .term")]

    def book_id(self, name):
        self.go("/")
        link = self.d.find_element(By.LINK_TEXT, name)
        return link.get_attribute("href").rsplit("/", 1)[1]

    def requests_session(self):
        """A requests session carrying the browser's cookies (the login)."""
        session = requests.Session()
        for cookie in self.d.get_cookies():
            session.cookies.set(cookie["name"], cookie["value"])
        return session


def test_sign_up(ui):
    ui.go("/")
    assert ui.path().startswith("/login"), "signed-out visitors are sent to the login page"
    ui.shot("login")
    ui.find("a[href='/signup']").click()
    ui.wait_css("#username").send_keys(USER)
    ui.find("#password").send_keys(PASSWORD)
    ui.shot("signup")
    ui.find("button[type=submit].primary").click()
    ui.wait_css(".empty-state")
    assert "Welcome" in ui.flash()
    assert "No word books yet" in ui.find(".empty-state").text
    ui.shot("books-empty")


def test_create_book(ui):
    ui.go("/")
    ui.find("#book-name").send_keys("Travel")
    ui.find("#book-description").send_keys("Words for my trip")
    ui.find("#book-name").submit()
    ui.wait_css("#book-name-heading")
    assert ui.find("#book-name-heading").text == "Travel"
    assert "0 words" in ui.find("[data-word-count]").text
    state["travel"] = ui.path().split("?")[0].rsplit("/", 1)[1]
    ui.shot("book-new")
    # Rename and describe it from its page.
    ui.find(".edit-book summary").click()
    name = ui.wait_css("#edit-book-name")
    name.clear()
    name.send_keys("Travel")
    description = ui.find("#edit-book-description")
    description.clear()
    description.send_keys("Words for my trip to Seoul")
    ui.shot("book-edit")
    name.submit()
    ui.wait_css("p.flash")
    assert ui.flash() == "Book saved."
    assert ui.find(".page-head .description").text == "Words for my trip to Seoul"


def test_empty_name_is_refused(ui):
    ui.go("/")
    # Bypass the browser's `required` check to see the server's answer.
    ui.d.execute_script("document.getElementById('book-name').removeAttribute('required')")
    ui.find("#book-name").send_keys("   ")
    ui.find("#book-name").submit()
    error = ui.wait_css("#book-error")
    assert "must not be empty" in error.text
    assert ui.find("#book-name").get_attribute("aria-invalid") == "true"
    ui.shot("book-name-error")


def test_fast_entry_enter_flow(ui):
    ui.go(f"/books/{state['travel']}")
    # An empty book has nothing to select: no bulk bar until its first word.
    assert not ui.find("[data-bulk-bar]").is_displayed()
    term = ui.wait_css("#fast-term")
    meaning = ui.find("#fast-meaning")
    assert meaning.get_attribute("lang") == "ko"
    assert meaning.get_attribute("data-hangul-keyboard") is not None
    term.click()
    words = [("apple", "사과"), ("banana", "바나나"), ("Café", "카페")]
    for index, (t, m) in enumerate(words, start=1):
        ui.d.switch_to.active_element.send_keys(t, Keys.ENTER)
        assert ui.active_id() == "fast-meaning", "Enter in the term moves to the meaning"
        ui.d.switch_to.active_element.send_keys(m, Keys.ENTER)
        ui.wait(lambda d: len(ui.all(".word-row")) == index)
        assert ui.find("[data-bulk-bar]").is_displayed()
        assert ui.row_terms()[0] == t, "the new word goes to the top of the list"
        assert ui.active_id() == "fast-term", "a new empty row is ready"
        assert ui.find("#fast-term").get_attribute("value") == ""
        assert ui.find("#fast-meaning").get_attribute("value") == ""
    assert ui.find("[data-word-count]").text == "3 words"
    ui.shot("fast-entry-three-words")

    # Enter on an empty term ends entry.
    ui.d.switch_to.active_element.send_keys(Keys.ENTER)
    ui.wait(lambda d: not ui.find("#fast-term").is_displayed())
    assert ui.active_id() != "fast-term"
    reopen = ui.find("[data-fast-reopen]")
    assert reopen.is_displayed()
    ui.shot("fast-entry-ended")
    # A word just added speaks like the others, without a reload.
    ui.find(".word-row .speak").click()
    assert ui.d.execute_script("return document.body.dataset.lastSpoken") == "Café"

    # A term over the limit is refused inline and nothing is added.
    reopen.click()
    assert ui.active_id() == "fast-term"
    ui.d.execute_script("document.getElementById('fast-term').value = 'x'.repeat(2001)")
    ui.find("#fast-term").send_keys(Keys.ENTER)
    ui.find("#fast-meaning").send_keys("너무 길다", Keys.ENTER)
    error = ui.wait_css("[data-fast-error]")
    assert "longer than 2000" in error.text
    assert len(ui.all(".word-row")) == 3
    ui.shot("fast-entry-error")

    # The words are stored: they are there after a reload, newest first.
    ui.go(f"/books/{state['travel']}")
    assert ui.row_terms() == ["Café", "banana", "apple"]
    assert "사과" in ui.find(f".word-row:last-child .meaning").text


def test_search_everywhere_and_in_book(ui):
    ui.go("/search")
    box = ui.wait_css("#search-q")
    box.send_keys("CAFE", Keys.ENTER)
    ui.wait_css("#match-count")
    assert ui.find("#match-count").text == "1 word found"
    assert ui.row_terms() == ["Café"]
    assert ui.find(".word-row .term mark").text == "Café", "the match is highlighted"
    assert ui.find(".word-row .book-name").text == "Travel"
    ui.shot("search-everywhere")

    ui.go(f"/books/{state['travel']}")
    ui.find("#book-q").send_keys("바나", Keys.ENTER)
    ui.wait_css("#match-count")
    assert ui.find("#match-count").text == "1 word found"
    assert ui.row_terms() == ["banana"]
    assert ui.find(".word-row .meaning mark").text == "바나"
    ui.shot("search-in-book")

    ui.go("/search?q=zzzz")
    ui.wait_css("#match-count")
    assert ui.find("[data-empty]").is_displayed()
    assert not ui.find("[data-bulk-bar]").is_displayed(), "nothing found, nothing to select"


def test_move_word_from_filtered_list(ui):
    ui.go("/")
    ui.find("#book-name").send_keys("Food")
    ui.find("#book-name").submit()
    ui.wait_css("#book-name-heading")
    state["food"] = ui.path().split("?")[0].rsplit("/", 1)[1]

    # Filter Travel to "banana": the checked row is the second-added word,
    # at position 1 of this list; the action must act on its own id.
    ui.go(f"/books/{state['travel']}?q=banana")
    rows = ui.all(".word-row")
    assert len(rows) == 1
    banana_id = rows[0].get_attribute("data-word-id")
    counter = ui.find("[data-selected-count]")
    assert counter.text == "0 selected"
    move = ui.find("button[value=move]")
    assert not move.is_enabled()
    rows[0].find_element(By.CSS_SELECTOR, "input[type=checkbox]").click()
    assert counter.text == "1 selected"
    Select(ui.find("#bulk-book")).select_by_visible_text("Food")
    assert move.is_enabled()
    ui.shot("move-selected")
    move.click()
    ui.wait_css("p.flash")
    assert "Moved 1 word to “Food”" in ui.flash()

    ui.go(f"/books/{state['food']}")
    assert ui.row_terms() == ["banana"]
    assert ui.find(".word-row").get_attribute("data-word-id") == banana_id
    ui.go(f"/books/{state['travel']}")
    assert ui.row_terms() == ["Café", "apple"]
    assert ui.find("[data-word-count]").text == "2 words"

    # Select all checks every row and counts them.
    ui.find("[data-select-all]").click()
    assert ui.find("[data-selected-count]").text == "2 selected"
    ui.find("[data-select-all]").click()
    assert ui.find("[data-selected-count]").text == "0 selected"
    ui.shot("book-after-move")


def test_import_cp949_csv(ui, tmp_path):
    rows = [("단어", "뜻", "예문"), ("똠방각하", "a pompous official", "똠방각하가 왔다."),
            ("hello", "안녕하세요", "Hello, world."), ("water", "물", "")]
    text = "\r\n".join(",".join(f'"{cell}"' if "," in cell else cell for cell in row) for row in rows) + "\r\n"
    data = text.encode("cp949")
    # 똠 is outside EUC-KR's 2,350 syllables: CP949 writes it with lead byte 0x8C.
    assert "똠".encode("cp949") == b"\x8cc" and b"\x8cc" in data
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    path = tmp_path / "korean.csv"
    path.write_bytes(data)

    ui.go(f"/books/{state['travel']}")
    ui.find(f"a[href='/books/{state['travel']}/import']").click()
    ui.wait_css("#import-file").send_keys(str(path))
    ui.shot("import-upload")
    ui.find("#upload").click()
    encoding = ui.wait_css("#detected-encoding")
    assert encoding.get_attribute("data-encoding") == "cp949"
    assert "CP949" in encoding.text
    assert ui.find("#detected-format").get_attribute("data-format") == "csv"
    assert ui.find("#row-total").text == "3 rows"
    cells = [td.text for td in ui.all(".preview-table tbody td")]
    assert "똠방각하" in cells and "안녕하세요" in cells
    mapping = [Select(s).first_selected_option.get_attribute("value") for s in ui.all(".preview-table select")]
    assert mapping == ["term", "meaning", "example"]
    ui.shot("import-preview")

    ui.find("#confirm-import").click()
    ui.wait_css("p.flash")
    assert ui.flash() == "3 words imported."
    assert ui.path() == f"/books/{state['travel']}"
    terms = ui.row_terms()
    assert {"똠방각하", "hello", "water", "Café", "apple"} == set(terms)
    assert ui.find("[data-word-count]").text == "5 words"
    ui.shot("book-after-import")


def test_words_the_book_has_already(ui, tmp_path):
    # The same file again: the preview counts what the book has, and skips it by default.
    rows = [("단어", "뜻"), ("hello", "안녕하세요"), ("water", "물")]
    path = tmp_path / "again.csv"
    path.write_text("\n".join(",".join(row) for row in rows) + "\n", encoding="utf-8")
    ui.go(f"/books/{state['travel']}/import")
    ui.wait_css("#import-file").send_keys(str(path))
    ui.find("#upload").click()
    legend = ui.wait_css("#duplicates legend")
    assert legend.text == "Already in this book: 2 words"
    assert ui.find("#duplicates input[value=skip]").is_selected()
    ui.shot("import-duplicates")
    ui.find("#confirm-import").click()
    ui.wait_css("p.flash")
    assert ui.flash() == "0 words imported. Skipped 2 words the book had already."
    assert ui.find("[data-word-count]").text == "5 words"

    # Fast entry warns, links to the word, and adds it only when asked.
    ui.find("#fast-term").send_keys("hello", Keys.ENTER)
    ui.d.switch_to.active_element.send_keys("여보세요", Keys.ENTER)
    warning = ui.wait_css("[data-fast-duplicate]")
    assert warning.text.startswith("This book has this word already.")
    assert "/words/" in ui.find("[data-duplicate-link]").get_attribute("href")
    assert ui.find("[data-add-anyway]").text == "Add anyway"
    ui.shot("fast-entry-duplicate")
    assert ui.find("[data-word-count]").text == "5 words"
    ui.find("#fast-term").clear()
    ui.find("#fast-meaning").clear()


def test_import_bad_file_shows_error(ui, tmp_path):
    path = tmp_path / "broken.csv"
    path.write_bytes(b'term,meaning\n"unclosed,quote\n')
    ui.go(f"/books/{state['travel']}/import")
    ui.wait_css("#import-file").send_keys(str(path))
    ui.find("#upload").click()
    error = ui.wait_css("#import-error")
    assert "line 2" in error.text.lower(), error.text
    ui.shot("import-error")
    ui.go(f"/books/{state['travel']}")
    assert ui.find("[data-word-count]").text == "5 words", "nothing was imported"


def test_export_csv(ui):
    ui.go(f"/books/{state['travel']}")
    link = ui.find("a[href$='export?format=csv']")
    response = ui.requests_session().get(link.get_attribute("href"), timeout=10)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/csv")
    assert "attachment" in response.headers["Content-Disposition"]
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf"), "CSV starts with a BOM so Excel reads UTF-8"
    table = list(csv.reader(io.StringIO(body[3:].decode("utf-8"))))
    assert table[0][:2] == ["term", "meaning"]
    exported = {row[0]: row[1] for row in table[1:]}
    assert exported["똠방각하"] == "a pompous official"
    assert exported["apple"] == "사과"
    assert exported["Café"] == "카페"
    assert "banana" not in exported, "banana moved to another book"
    # Without the session cookie there is no file, only the way to the login.
    assert requests.get(link.get_attribute("href"), timeout=10, allow_redirects=False).status_code in (302, 303)


def test_word_detail_edit(ui):
    ui.go(f"/books/{state['travel']}?q=apple")
    ui.find(".word-row .term").click()
    ui.wait_css("#w-term")
    ui.shot("word-detail")
    # The term's speak button sits in its label's row, so the term and the
    # meaning fields beside it line up (below the label, it pushed the term down).
    assert ui.find("#w-speak").is_displayed()
    assert abs(ui.find("#w-term").location["y"] - ui.find("#w-meaning").location["y"]) <= 4
    ui.find("#w-reading").send_keys("ˈæp.əl")
    ui.find("#w-pos").send_keys("noun")
    ui.find("#w-synonyms").send_keys("pome, fruit")
    ui.find("#ex-s-0").send_keys("An apple a day.")
    ui.find("#ex-t-0").send_keys("하루 사과 한 개.")
    ui.find("[data-add-example]").click()
    rows = ui.all("[data-example-row]")
    assert len(rows) == 3, "two blank rows plus the one just added"
    ui.find("#w-memorized").click()
    ui.find("#save-word").click()
    ui.wait_css("p.flash")
    assert ui.flash() == "Word saved."
    assert ui.find("#w-reading").get_attribute("value") == "ˈæp.əl"
    assert ui.find("#w-synonyms").get_attribute("value") == "pome, fruit"
    assert ui.find("#ex-t-0").get_attribute("value") == "하루 사과 한 개."
    assert ui.find("#w-memorized").is_selected()

    # An empty term is refused on the form; nothing is saved.
    ui.d.execute_script("document.getElementById('w-term').removeAttribute('required')")
    ui.find("#w-term").clear()
    ui.find("#w-note").send_keys("not saved")
    ui.find("#save-word").click()
    error = ui.wait_css("#word-error")
    assert "must not be empty" in error.text
    assert ui.find("#w-term").get_attribute("aria-invalid") == "true"
    ui.shot("word-detail-error")
    ui.go(ui.path())
    assert ui.find("#w-term").get_attribute("value") == "apple"
    assert ui.find("#w-note").get_attribute("value") == ""

    ui.go(f"/books/{state['travel']}?q=apple")
    assert ui.find(".word-row .marker.memorized")


def test_calendar(ui):
    ui.go("/calendar")
    today = ui.wait_css("td.today")
    assert today.get_attribute("aria-current") == "date"
    link = today.find_element(By.TAG_NAME, "a")
    assert "6 words" in link.text  # 3 typed (one moved, still added today) + 3 imported
    headers = [th.text for th in ui.all(".calendar th")]
    assert headers[0] == "Sun" and headers[6] == "Sat"
    ui.shot("calendar")
    current = ui.find("#month-title").text
    ui.find("a[rel=prev]").click()
    ui.wait(lambda d: ui.find("#month-title").text != current)
    ui.find("a[rel=next]").click()
    ui.wait(lambda d: ui.find("#month-title").text == current)
    ui.find("td.today a").click()
    ui.wait_css("#day-count")
    assert ui.find("#day-count").text == "6 words"
    Select(ui.find("#day-sort")).select_by_value("oldest")
    ui.wait(lambda d: "sort=oldest" in d.current_url)
    assert ui.row_terms()[0] == "apple"
    ui.shot("calendar-day")
    ui.find("#memorize-all").click()
    ui.wait_css("p.flash")
    assert ui.flash() == "Marked 6 words memorized."
    assert len(ui.all(".word-row .marker.memorized")) == 6


def test_settings_token_and_language(ui):
    ui.go("/settings")
    assert ui.wait_css("#account-name").text == USER
    assert Select(ui.find("#language-select")).first_selected_option.get_attribute("value") == ""
    ui.find("#token-name").send_keys("my phone", Keys.ENTER)
    secret = ui.wait_css("#new-token-secret").get_attribute("value")
    assert secret.startswith("maeil_")
    ui.shot("settings-token")
    me = requests.get(ui.base + "/api/v1/auth/me", headers={"Authorization": f"Bearer {secret}"}, timeout=10)
    assert me.status_code == 200 and me.json()["username"] == USER
    ui.go("/settings")
    assert not ui.all("#new-token-secret"), "the secret is shown only once"

    # The profile: a Korean display name, the language and the time zone, kept by the account.
    ui.find("#display-name").send_keys("김민아")
    Select(ui.find("#language-select")).select_by_value("ko")
    Select(ui.find("#time-zone")).select_by_value("Asia/Seoul")
    ui.find("#profile-form").submit()
    ui.wait(lambda d: ui.find("html").get_attribute("lang") == "ko")
    assert ui.flash() == "프로필을 저장했습니다."
    assert ui.find("#logout").text == "로그아웃 (김민아)"  # a wide window: the name shows
    assert Select(ui.find("#time-zone")).first_selected_option.get_attribute("value") == "Asia/Seoul"
    ui.shot("settings-korean")
    # A wrong current password is refused beside its form.
    ui.find("#current-password").send_keys("not my password")
    ui.find("#new-password").send_keys("another horse")
    ui.find("#confirm-password").send_keys("another horse")
    ui.find("#password-form").submit()
    assert ui.wait_css("#password-error").text == "현재 비밀번호가 맞지 않습니다."
    ui.go(f"/books/{state['travel']}")
    assert ui.find("[data-word-count]").text == "단어 5개"
    assert ui.find("#fast-entry-title").text == "단어 추가"
    ui.shot("book-korean")
    ui.go("/calendar")
    assert [th.text for th in ui.all(".calendar th")][0] == "일"
    ui.shot("calendar-korean")
    # The top bar's toggle switches back.
    ui.find("form[action='/language'] button").click()
    ui.wait(lambda d: ui.find("html").get_attribute("lang") == "en")


def test_starter_book_and_paging(ui):
    ui.go("/")
    ui.find("#add-starter").click()
    ui.wait_css("#book-name-heading")
    assert ui.find("#book-name-heading").text == "English basics"
    assert ui.find("[data-word-count]").text == "240 words"
    assert "240 words" in ui.flash()
    state["starter"] = ui.path().split("?")[0].rsplit("/", 1)[1]
    assert len(ui.all(".word-row")) == 50
    assert ui.find(".pager span").text == "Page 1 of 5"
    ui.find("a[rel=next]").click()
    ui.wait(lambda d: "page=2" in d.current_url)
    assert ui.find(".pager span").text == "Page 2 of 5"
    Select(ui.find("#book-sort")).select_by_value("alphabetical")
    ui.wait(lambda d: "sort=alphabetical" in d.current_url)
    terms = ui.row_terms()
    assert terms == sorted(terms, key=str.lower) or terms == sorted(terms)
    ui.shot("starter-book")
    # The detail page of a starter word shows its example and translation.
    ui.go(f"/books/{state['starter']}?q=apple")
    ui.find(".word-row .term").click()
    assert ui.wait_css("#ex-s-0").get_attribute("value") != ""
    assert ui.find("#ex-t-0").get_attribute("value") != ""
    ui.shot("starter-word")


def test_phone_layout(ui):
    # Headless Chromium keeps windows at least 500 px wide: emulate the phone instead.
    ui.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        ui.go("/")
        assert ui.d.execute_script("return window.innerWidth") == 390
        for name, path in [("phone-books", "/"), ("phone-book", f"/books/{state['travel']}"),
                           ("phone-calendar", "/calendar"), ("phone-search", "/search?q=a")]:
            ui.go(path)
            assert ui.overflowing() == [], f"{path} is wider than a phone"
            # The sections fit one line.
            tops = ui.d.execute_script(
                "return [...document.querySelectorAll('.topbar nav a')].map(a => a.getBoundingClientRect().top)")
            assert len(set(tops)) == 1, f"{path}: the sections take {len(set(tops))} lines"
            ui.shot(name)
        # The book's actions fold into one menu, so the word list starts on the first screen.
        ui.go(f"/books/{state['travel']}")
        assert not ui.find("#book-menu").is_displayed()
        first_row = ui.d.execute_script(
            "return document.querySelector('.word-row').getBoundingClientRect().top")
        assert first_row < 844, f"the first word is at {first_row} px, below the first screen"
        ui.find("label.menu-toggle").click()
        ui.wait(lambda d: ui.find("#book-menu").is_displayed())
        assert ui.find(f"a[href='/books/{state['travel']}/import']").is_displayed()
        ui.shot("phone-book-menu")
        # On a touch screen the keyboard hints are gone.
        assert ui.find("#fast-hint").is_displayed()
        ui.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        try:
            ui.go(f"/books/{state['travel']}")
            assert not ui.find("#fast-hint").is_displayed()
        finally:
            ui.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        # Dark mode follows the system.
        ui.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        ui.go(f"/books/{state['travel']}")
        background = ui.d.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert background != "rgb(247, 247, 245)", "dark mode changes the page colors"
        ui.shot("phone-book-dark")
    finally:
        ui.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        ui.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_delete_book_asks_first(ui):
    ui.go(f"/books/{state['food']}")
    ui.find(f"a[href='/books/{state['food']}/delete']").click()
    warning = ui.wait_css("#delete-warning")
    assert "1 word" in warning.text
    ui.shot("book-delete-confirm")
    ui.find("#confirm-delete").click()
    ui.wait_css("p.flash")
    assert "Deleted “Food” and its 1 word" in ui.flash()
    assert not ui.all(f"a[href='/books/{state['food']}']")


def test_log_out_and_in(ui):
    ui.go("/")
    ui.find("#logout").click()
    ui.wait_css("#username")
    assert ui.path().startswith("/login")
    ui.go(f"/books/{state['travel']}")
    assert ui.path().startswith("/login"), "the session is gone"
    ui.find("#username").send_keys(USER)
    ui.find("#password").send_keys(PASSWORD, Keys.ENTER)
    ui.wait_css("#book-name-heading")
    assert ui.path() == f"/books/{state['travel']}", "login returns to the page asked for"
    ui.go("/")
    cards = ui.all(".book-card")
    assert [c.find_element(By.CSS_SELECTOR, ".book-title").text for c in cards] == ["Travel", "English basics"]
    assert "5 words" in cards[0].text
    ui.shot("books-after-login")
