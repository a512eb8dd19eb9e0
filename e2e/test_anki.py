"""An Anki deck brought over in the browser: the link on the books page, the upload,
the preview with its field mapping (changed, previewed again, changed back), the
import, and the book with the deck's words — in Korean, on a phone and in dark mode."""

import os
from pathlib import Path

import pytest
from selenium.webdriver.support.select import Select

from conftest import Page

PACKAGES = os.environ.get("MAEIL_ANKI_PACKAGES")


@pytest.mark.skipif(not PACKAGES and not os.environ.get("CI"), reason="scripts/anki-packages.sh makes the packages")
def test_import_an_anki_deck_with_the_mapping_step(driver, server, shot):
    assert PACKAGES, "the test command makes the Anki packages (scripts/anki-packages.sh)"
    page = Page(driver, server, shot)
    driver.delete_all_cookies()
    page.sign_up("anki")
    page.reloaded_after(lambda: page.find("form[action='/language'] button").click())  # 한국어
    page.reloaded_after(lambda: page.find("#anki-link").click())
    assert driver.current_url.endswith("/import/anki")
    shot("anki-upload")
    page.find("#anki-file").send_keys(str(Path(PACKAGES) / "D.apkg"))
    page.reloaded_after(lambda: page.find("#anki-upload").click())
    assert [b.text for b in page.all(".anki-book-name")] == ["Korean › Basics", "Korean › Basics › Japanese"]
    assert "복습 기록 3건" in page.find("#anki-history").text
    terms = [t.text for t in page.all("#anki-samples .anki-term")]
    assert terms[:2] == ["apple", "river"], terms
    shot("anki-preview")

    # Swap the Basic note type's fields and look again: the meanings become terms.
    front = page.find("select[id$='-0']")
    basic = front.get_attribute("id").rsplit("-", 1)[0]
    Select(page.find(f"#{basic}-0")).select_by_value("meaning")
    Select(page.find(f"#{basic}-1")).select_by_value("term")
    page.reloaded_after(lambda: page.find("#anki-repreview").click())
    assert Select(page.find(f"#{basic}-1")).first_selected_option.get_attribute("value") == "term"
    assert "사과\n(fruit)" in [t.text for t in page.all("#anki-samples .anki-term")]
    # Back as they were, then import.
    Select(page.find(f"#{basic}-0")).select_by_value("term")
    Select(page.find(f"#{basic}-1")).select_by_value("meaning")
    with page.phone():
        assert page.overflowing(skip=".topbar") == [], "the preview is wider than a phone"
        shot("anki-preview-phone")
    page.reloaded_after(lambda: page.find("#anki-import").click())
    assert "Anki에서 단어 5개를 가져왔습니다 (단어장 2개)" in page.find(".flash").text
    page.reloaded_after(lambda: next(
        a for a in page.all("a") if a.text.strip() == "Korean › Basics").click())
    assert sorted(t.text for t in page.all(".word-list .term")) == sorted(
        ["apple", "river", "The cat sat on the mat.", "pear"])
    shot("anki-imported")

    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    page.go("/import/anki")
    shot("anki-upload-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
