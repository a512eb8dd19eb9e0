"""The on-screen Hangul keyboard (js/hangul-keyboard.js) in a real browser: typing
안녕하세요 with the on-screen keys and with the Latin-keyboard switch, Backspace in the
middle, the fast-entry Enter flow from both, the word page's Korean fields (and a
copied example row), and the phone layout in light and dark.

The tests share one browser session and run in file order. They sign up their own
user and leave the browser signed out, so the other test files start as they expect."""

import uuid

import pytest
from conftest import PASSWORD, Page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

state: dict = {}


@pytest.fixture(scope="module", autouse=True)
def signed_out_after(driver, server):
    driver.get(server + "/login")
    driver.delete_all_cookies()
    yield
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.delete_all_cookies()


class KB(Page):
    def click(self, css):
        """Clicks a field of the page, scrolled to the middle of the window first, as a
        person scrolls what the docked keyboard covers."""
        element = self.find(css)
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return element

    def value(self, css):
        return self.d.execute_script("return document.querySelector(arguments[0]).value", css)

    def active_id(self):
        return self.d.switch_to.active_element.get_attribute("id")

    def view(self, name):
        """A screenshot of the window as the user sees it (the keyboard is docked at the
        bottom of the window, which a full-page capture does not show)."""
        self.shot.count += 1
        self.d.save_screenshot(str(self.shot.directory / f"{self.shot.count:02d}-{name}.png"))

    def labels(self, row):
        return [e.text for e in self.all(f"#hangul-keyboard .hk-row{row} [data-hk=key] .hk-jamo-label")]

    def toggle_for(self, field_id):
        return self.find(f"#{field_id} + [data-hk-toggle]")

    def panel(self):
        return self.find("#hangul-keyboard")

    def press(self, keys):
        """Clicks on-screen keys: letters are 2-beolsik keys (upper case = Shift + key),
        '<' is Backspace, ' ' is Space, '\\n' is Enter."""
        for key in keys:
            if key == "<":
                self.find("#hangul-keyboard [data-hk=backspace]").click()
            elif key == " ":
                self.find("#hangul-keyboard [data-hk=space]").click()
            elif key == "\n":
                self.find("#hangul-keyboard [data-hk=enter]").click()
            else:
                if key != key.lower():
                    self.find("#hangul-keyboard [data-hk=shift]").click()
                self.find(f"#hangul-keyboard [data-hk=key][data-key='{key}']").click()


@pytest.fixture
def kb(driver, server, shot):
    return KB(driver, server, shot)


def test_sign_up_and_make_a_book(kb):
    kb.go("/signup")
    kb.wait_css("#username").send_keys("hk_" + uuid.uuid4().hex[:8])
    kb.find("#password").send_keys(PASSWORD)
    kb.find("button[type=submit].primary").click()
    kb.wait_css("#book-name").send_keys("Korean")
    kb.find("#book-name").submit()
    kb.wait_css("#book-name-heading")
    state["book"] = kb.d.current_url.split("?")[0].rsplit("/", 1)[1]


def test_toggle_beside_korean_fields_only(kb):
    kb.go(f"/books/{state['book']}")
    toggle = kb.wait_css("#fast-meaning + [data-hk-toggle]")
    assert toggle.tag_name == "button" and toggle.get_attribute("type") == "button"
    assert toggle.get_attribute("aria-expanded") == "false"
    assert "Hangul keyboard" in toggle.get_attribute("aria-label")
    assert "한글" in toggle.text
    assert kb.all("#fast-term + [data-hk-toggle]") == [], "the term field is not marked Korean"
    assert not kb.panel().is_displayed()


def test_on_screen_keys_type_annyeonghaseyo_with_backspace(kb):
    kb.go(f"/books/{state['book']}")
    kb.wait_css("#fast-term").send_keys("hello")
    kb.find("#fast-meaning").click()
    toggle = kb.toggle_for("fast-meaning")
    toggle.click()
    panel = kb.wait_css("#hangul-keyboard")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert panel.get_attribute("aria-label") == "Hangul keyboard for “Meaning”"
    assert kb.active_id() == "fast-meaning", "opening the keyboard keeps the field focused"
    assert kb.labels(1) == list("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ")
    assert kb.labels(2) == list("ㅁㄴㅇㄹㅎㅗㅓㅏㅣ")
    assert kb.labels(3) == list("ㅋㅌㅊㅍㅠㅜㅡ")
    for button in kb.all("#hangul-keyboard button"):
        assert button.get_attribute("type") == "button"
        assert button.get_attribute("aria-label") or button.text.strip(), button.get_attribute("outerHTML")
    kb.view("hk-keyboard-open")

    kb.press("dkssudgktu")
    assert kb.value("#fast-meaning") == "안녕하셔"
    assert kb.find("#hangul-keyboard .hk-preedit").text == "셔", "the syllable being composed is shown"
    kb.press("<")
    assert kb.value("#fast-meaning") == "안녕하ㅅ", "Backspace removes one jamo, not the syllable"
    kb.press("pdy")
    assert kb.value("#fast-meaning") == "안녕하세요"
    assert kb.active_id() == "fast-meaning", "clicking keys does not steal the focus"
    caret = kb.d.execute_script("const f = document.getElementById('fast-meaning'); return [f.selectionStart, f.selectionEnd]")
    assert caret == [5, 5], "the caret stays after the text"
    kb.view("hk-on-screen-annyeonghaseyo")

    # Shift shows the doubles and the shifted vowels for one key.
    kb.find("#hangul-keyboard [data-hk=shift]").click()
    assert kb.labels(1) == list("ㅃㅉㄸㄲㅆㅛㅕㅑㅒㅖ")
    assert kb.find("#hangul-keyboard [data-hk=shift]").get_attribute("aria-pressed") == "true"
    kb.view("hk-shift")
    kb.find("#hangul-keyboard [data-hk=shift]").click()
    assert kb.labels(1)[0] == "ㅂ"
    assert kb.value("#fast-meaning") == "안녕하세요", "Shift alone types nothing"


def test_latin_keyboard_switch_types_annyeonghaseyo_with_backspace(kb):
    meaning = kb.find("#fast-meaning")
    meaning.clear()
    latin = kb.find("#hangul-keyboard [data-hk=latin]")
    assert "Latin keyboard" in latin.text
    assert latin.get_attribute("aria-pressed") == "false"
    latin.click()
    assert latin.get_attribute("aria-pressed") == "true"
    assert kb.find("#hangul-keyboard .hk-latin-hint").is_displayed()
    meaning.send_keys("dkssudgktu")
    assert kb.value("#fast-meaning") == "안녕하셔"
    meaning.send_keys(Keys.BACK_SPACE)
    assert kb.value("#fast-meaning") == "안녕하ㅅ"
    meaning.send_keys("pdy")
    assert kb.value("#fast-meaning") == "안녕하세요"
    kb.view("hk-latin-annyeonghaseyo")
    # Shift doubles; space passes through; Backspace undoes jamo, then (with nothing
    # being composed) deletes like Backspace always does.
    meaning.send_keys(" Rk")
    assert kb.value("#fast-meaning") == "안녕하세요 까"
    meaning.send_keys(Keys.BACK_SPACE)
    assert kb.value("#fast-meaning") == "안녕하세요 ㄲ"
    meaning.send_keys(Keys.BACK_SPACE, Keys.BACK_SPACE)
    assert kb.value("#fast-meaning") == "안녕하세요"


def test_enter_in_the_meaning_saves_through_fast_entry(kb):
    kb.find("#fast-meaning").send_keys(Keys.ENTER)
    kb.wait(lambda d: len(kb.all(".word-row")) == 1)
    assert kb.find(".word-row .term").text == "hello"
    assert kb.find(".word-row .meaning").text == "안녕하세요"
    assert kb.value("#fast-meaning") == "" and kb.value("#fast-term") == ""
    assert kb.active_id() == "fast-term", "fast entry starts the next word"

    # Typing in the term is untouched by the switch; Enter moves to the meaning;
    # the keyboard's own Enter key saves like the physical one.
    kb.d.switch_to.active_element.send_keys("thanks", Keys.ENTER)
    assert kb.value("#fast-term") == "thanks"
    assert kb.active_id() == "fast-meaning"
    kb.d.switch_to.active_element.send_keys("rkatk")
    assert kb.value("#fast-meaning") == "감사"
    kb.press("gkqslek\n")
    kb.wait(lambda d: len(kb.all(".word-row")) == 2)
    assert kb.find(".word-row .term").text == "thanks"
    assert kb.find(".word-row .meaning").text == "감사합니다"
    assert kb.active_id() == "fast-term"
    assert kb.find("[data-word-count]").text == "2 words"
    kb.shot("hk-fast-entry-saved")

    # The switch off: physical keys type Latin letters again.
    kb.find("#hangul-keyboard [data-hk=latin]").click()
    kb.find("#fast-meaning").send_keys("ok")
    assert kb.value("#fast-meaning") == "ok"
    kb.find("#fast-meaning").clear()

    # Closing: the toggle and the panel's close button.
    kb.find("#hangul-keyboard [data-hk=close]").click()
    assert not kb.panel().is_displayed()
    assert kb.toggle_for("fast-meaning").get_attribute("aria-expanded") == "false"
    assert kb.find("#fast-meaning").get_attribute("inputmode") is None

    # Stored: there after a reload.
    kb.go(f"/books/{state['book']}")
    assert [e.text for e in kb.all(".word-row .meaning")] == ["감사합니다", "안녕하세요"]


def test_keyboard_only_use(kb):
    kb.go(f"/books/{state['book']}")
    kb.wait_css("#fast-term").send_keys("water", Keys.ENTER)
    assert kb.active_id() == "fast-meaning"
    kb.d.switch_to.active_element.send_keys(Keys.TAB)
    assert "hk-toggle" in kb.d.switch_to.active_element.get_attribute("class")
    kb.d.switch_to.active_element.send_keys(Keys.ENTER)
    assert kb.panel().is_displayed()
    assert kb.active_id() == "fast-meaning", "opening moves the focus to the field"
    # Tab on to the keys and use them with the keyboard: the close button, the switch,
    # then the first key row.
    active = kb.d.switch_to.active_element
    for _ in range(20):
        active.send_keys(Keys.TAB)
        active = kb.d.switch_to.active_element
        if active.get_attribute("data-key") == "a":
            break
    assert active.get_attribute("data-key") == "a", "Tab reaches the keys right after the field"
    active.send_keys(Keys.ENTER)          # ㅁ
    kb.d.switch_to.active_element.send_keys(Keys.SPACE)  # ㅁ again: two jamo, no doubling
    assert kb.value("#fast-meaning") == "ㅁㅁ"
    kb.d.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not kb.panel().is_displayed()
    assert "hk-toggle" in kb.d.switch_to.active_element.get_attribute("class"), "Escape returns to the toggle"
    kb.find("#fast-meaning").clear()


def test_word_page_korean_fields(kb):
    kb.go(f"/books/{state['book']}")
    kb.find(".word-row .term").click()
    kb.wait_css("#w-term")
    for field in ("w-meaning", "ex-t-0", "w-note"):
        assert kb.find(f"#{field}").get_attribute("lang") == "ko"
        assert kb.toggle_for(field).is_displayed(), field
    assert kb.all("#w-term + [data-hk-toggle]") == []

    # The note (a textarea): on-screen keys, Enter makes a new line.
    kb.find("#w-note").click()
    kb.toggle_for("w-note").click()
    kb.wait_css("#hangul-keyboard")
    kb.press("gksrmf\nsjan wkf")
    assert kb.value("#w-note") == "한글\n너무 잘"
    kb.view("hk-word-note")

    # The open keyboard follows the focus to another Korean field (the last example
    # row's translation); copying that row (add example) copies the field, not the
    # keyboard: there is still one, and the copy gets a working toggle of its own.
    last_id = kb.all("[data-example-row]")[-1].find_element(By.CSS_SELECTOR, "input[lang=ko]").get_attribute("id")
    kb.click(f"#{last_id}")
    assert kb.panel().is_displayed()
    assert kb.toggle_for(last_id).get_attribute("aria-expanded") == "true"
    assert kb.toggle_for("w-note").get_attribute("aria-expanded") == "false"
    assert kb.d.execute_script("return document.getElementById('hangul-keyboard').closest('[data-example-row]') !== null")
    kb.click("[data-add-example]")
    rows = kb.all("[data-example-row]")
    new_id = rows[-1].find_element(By.CSS_SELECTOR, "input[lang=ko]").get_attribute("id")
    assert new_id != last_id
    kb.wait(lambda d: len(kb.all(".hk-panel")) == 1)
    assert len(kb.all("#hangul-keyboard")) == 1
    assert kb.toggle_for(new_id).get_attribute("aria-expanded") == "false"
    assert kb.find(f"#{new_id}").get_attribute("inputmode") is None
    assert "hk-target" not in kb.find(f"#{new_id}").get_attribute("class")
    kb.click(f"#{new_id}")
    assert kb.panel().is_displayed()
    assert kb.toggle_for(new_id).get_attribute("aria-expanded") == "true"
    assert kb.toggle_for(last_id).get_attribute("aria-expanded") == "false"
    kb.press("anfdmf ekf")
    kb.find(f"#{new_id}").send_keys(Keys.END)
    assert kb.value(f"#{new_id}") == "물을 달"
    kb.find(f"#{new_id}").send_keys("a")  # the switch is off: a Latin letter
    assert kb.value(f"#{new_id}") == "물을 달a"
    kb.find(f"#{rows[-1].find_element(By.CSS_SELECTOR, 'input').get_attribute('id')}").send_keys("Water, please.")
    kb.view("hk-word-example")
    kb.click("#save-word")
    kb.wait_css("p.flash")
    assert kb.find("p.flash").text == "Word saved."
    assert kb.value("#w-note") == "한글\n너무 잘"
    assert "물을 달a" in [e.get_attribute("value") for e in kb.all("input[name='exampleTranslation[]']")]


def test_phone_layout_light_and_dark(kb):
    kb.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    kb.go(f"/books/{state['book']}")
    assert kb.d.execute_script("return window.innerWidth") == 390
    assert kb.overflowing(absolute=True) == []
    kb.shot("hk-phone-closed")
    kb.find("#fast-term").send_keys("hi", Keys.ENTER)
    kb.toggle_for("fast-meaning").click()
    panel = kb.wait_css("#hangul-keyboard")
    assert kb.find("#fast-meaning").get_attribute("inputmode") == "none", "the phone's own keyboard stays down"
    box = kb.d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.bottom]", panel)
    assert box[0] >= 0 and box[1] <= 390 and abs(box[2] - 844) < 2, box
    assert kb.overflowing(absolute=True) == []
    widths = kb.d.execute_script(
        "return [...document.querySelectorAll('#hangul-keyboard [data-hk=key]')].map(b => b.getBoundingClientRect().width)")
    heights = kb.d.execute_script(
        "return [...document.querySelectorAll('#hangul-keyboard button')].map(b => b.getBoundingClientRect().height)")
    assert min(widths) >= 30, widths
    assert min(heights) >= 28, heights
    # The field is not hidden under the keyboard.
    field_bottom = kb.d.execute_script("return document.getElementById('fast-meaning').getBoundingClientRect().bottom")
    panel_top = kb.d.execute_script("return document.getElementById('hangul-keyboard').getBoundingClientRect().top")
    assert field_bottom <= panel_top, (field_bottom, panel_top)
    kb.press("dkssud")
    assert kb.value("#fast-meaning") == "안녕"
    kb.view("hk-phone-open")

    kb.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    kb.find("#hangul-keyboard [data-hk=shift]").click()
    panel_bg = kb.d.execute_script("return getComputedStyle(document.getElementById('hangul-keyboard')).backgroundColor")
    assert panel_bg != "rgb(255, 255, 255)", "dark mode changes the keyboard's colors"
    kb.view("hk-phone-open-dark")
    kb.find("#hangul-keyboard [data-hk=shift]").click()
    kb.press("\n")
    kb.wait(lambda d: len(kb.all(".word-row")) == 3)
    assert kb.find(".word-row .meaning").text == "안녕"

    # The Korean interface on the phone.
    kb.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    kb.find("form[action='/language'] button").click()
    kb.wait(lambda d: d.execute_script("return document.documentElement.lang") == "ko")
    toggle = kb.wait_css("#fast-meaning + [data-hk-toggle]")
    assert toggle.get_attribute("aria-label") == "한글 키보드"
    kb.find("#fast-term").send_keys("bye", Keys.ENTER)
    toggle.click()
    kb.wait_css("#hangul-keyboard")
    assert kb.find("#hangul-keyboard").get_attribute("aria-label") == "“뜻” 한글 키보드"
    latin = kb.find("#hangul-keyboard [data-hk=latin]")
    assert latin.text == "영문 자판으로 한글 입력"
    latin.click()
    kb.find("#fast-meaning").send_keys("wkf rkdy")
    assert kb.value("#fast-meaning") == "잘 가요"
    assert kb.overflowing(absolute=True) == []
    kb.view("hk-phone-korean")
    kb.find("#fast-meaning").send_keys(Keys.ENTER)
    kb.wait(lambda d: len(kb.all(".word-row")) == 4)
    assert kb.find(".word-row .meaning").text == "잘 가요"
