"""The study diary in the browser: after a review, today's cell in the month and week
calendars shows the activity, the heatmap has today lit, the streak starts, the charts
render as inline SVG with tooltips, the range toggle works, and the dashboard on the
Study page counts it all — on a desktop, in Korean, on a phone and in dark mode."""

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Page



@pytest.fixture(scope="module")
def page(driver, server, shot):
    page = Page(driver, server, shot)
    page.sign_up("dy")
    return page


def test_empty_diary_and_dashboard(page):
    page.go("/diary")
    assert page.find("#streak-current").text == "0 days"
    assert page.all("td[aria-current=date]"), "today is marked in the month"
    assert not page.all("#heatmap rect.mc-today:not(.mc-l0)"), "nothing lit yet"
    page.shot("diary-empty")
    page.go("/study")
    assert page.find("#dash-streak .dash-value").text == "0 days"
    assert page.find("#dash-words .dash-value").text == "0"


def test_a_review_shows_up_in_the_diary(page):
    page.add_book("일기", [("apple", "사과"), ("river", "강"), ("cloud", "구름")])
    page.go("/study")
    assert page.find("#dash-new .dash-value").text == "3"
    page.find("#start-review").click()
    page.wait_css("#review-prompt")
    # Easy on apple, Again on river.
    page.find("body").send_keys(Keys.SPACE)
    page.wait_css("#rate-4")
    page.find("body").send_keys("4")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "river")
    page.find("body").send_keys(Keys.SPACE)
    page.wait_css("#rate-1")
    page.find("body").send_keys("1")
    page.wait(lambda d: d.find_element(By.ID, "review-prompt").text == "cloud")

    page.go("/study")
    assert page.find("#dash-reviewed .dash-value").text == "2"
    assert page.find("#dash-reviewed .dash-detail").text == "50% correct"
    assert page.find("#dash-streak .dash-value").text == "1 day"
    assert page.find("#dash-words .dash-value").text == "3"
    assert page.find("#dash-new .dash-value").text == "1"
    page.shot("study-dashboard")

    page.find("#open-diary").click()
    page.wait_css("#diary-title")
    today = page.find("td[aria-current=date]")
    assert "3 new words" in today.text and "2 reviews" in today.text and "50%" in today.text, today.text
    label = today.find_element(By.CSS_SELECTOR, "a").get_attribute("aria-label")
    assert "3 new words" in label and "2 reviews (50% correct)" in label, label
    assert page.find("#streak-current").text == "1 day"
    assert "3 new words" in page.find("#diary-totals").text

    # The heatmap: today lit (level above 0), with a tooltip.
    lit = page.find("#heatmap rect.mc-today")
    assert lit.get_attribute("data-level") != "0"
    assert "2 answers" in lit.find_element(By.CSS_SELECTOR, "title").get_attribute("textContent")

    # Three charts, each an inline SVG with a name and a tooltip per point.
    charts = page.all("figure.chart svg.maeil-chart")
    assert len(charts) == 3
    for chart in charts:
        assert chart.get_dom_attribute("role") == "img" and chart.get_dom_attribute("viewBox").startswith("0 0 ")
        assert chart.find_element(By.CSS_SELECTOR, "title").get_attribute("textContent")
    reviews = page.find("#chart-reviews")
    assert len(reviews.find_elements(By.CSS_SELECTOR, "g.mc-point")) == 30
    assert len(reviews.find_elements(By.CSS_SELECTOR, "rect.mc-bar")) == 1
    tips = [t.get_attribute("textContent") for t in reviews.find_elements(By.CSS_SELECTOR, "g.mc-point > title")]
    assert tips[-1].endswith(": 2 reviews · 50% correct"), tips[-1]
    page.shot("diary-month")

    # The range toggle redraws the charts over 90 days.
    page.find(".range-toggle a[href*='days=90']").click()
    page.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chart-reviews g.mc-point")) == 90)
    assert page.find(".range-toggle a[aria-current]").text == "90 days"

    # The week view: today's row has the numbers; previous and next go on.
    page.find(".diary-views a[href*='week=']").click()
    row = page.wait_css("tr[aria-current=date]")
    assert row.find_element(By.CSS_SELECTOR, ".dw-words").text == "+3"
    assert row.find_element(By.CSS_SELECTOR, ".dw-reviews").text == "2"
    assert row.find_element(By.CSS_SELECTOR, ".dw-accuracy").text == "50%"
    page.shot("diary-week")
    title = page.find("#diary-title").text
    assert title.startswith("Week of ")
    page.find("#diary-previous").click()
    page.wait(lambda d: d.find_element(By.ID, "diary-title").text != title)
    assert not page.all("tr[aria-current=date]")
    page.find("#diary-next").click()
    page.wait(lambda d: d.find_element(By.ID, "diary-title").text == title)


def test_diary_in_korean_on_a_phone_and_in_dark_mode(page):
    page.go("/diary")
    page.find(".topbar-actions button.link").click()  # the language toggle
    page.wait(lambda d: d.execute_script("return document.documentElement.lang") == "ko")
    assert page.find("h1").text == "학습 기록"
    assert "새 단어 3개" in page.find("td[aria-current=date] a").get_attribute("aria-label")
    page.shot("diary-korean")
    page.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        for name, path in [("phone-diary", "/diary"), ("phone-diary-week", "/diary?week=" + page.find("td[aria-current=date]").get_attribute("data-date")),
                           ("phone-study", "/study")]:
            page.go(path)
            assert page.d.execute_script("return window.innerWidth") == 390
            assert page.overflowing(skip=".heatmap-scroll") == [], f"{path} is wider than a phone"
            page.shot(name)
        page.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        page.go("/diary")
        bar = page.find("#chart-reviews rect.mc-bar")
        fill = page.d.execute_script("return getComputedStyle(arguments[0]).fill", bar)
        assert fill == "rgb(93, 187, 138)", f"the bars take the dark theme's accent, not {fill}"
        page.shot("phone-diary-dark")
    finally:
        page.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        page.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        page.go("/diary")
        page.find(".topbar-actions button.link").click()
        page.wait(lambda d: d.execute_script("return document.documentElement.lang") == "en")


def test_the_chart_api_serves_svg(page):
    # A native client's view: a personal access token, the chart as an SVG image.
    page.go("/settings")
    page.find("#token-name").send_keys("diary", Keys.ENTER)
    secret = page.wait_css("#new-token-secret").get_attribute("value")
    auth = {"Authorization": f"Bearer {secret}"}
    response = requests.get(page.base + "/api/v1/stats/charts/reviews.svg?days=90", headers=auth, timeout=10)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and response.text.count('<g class="mc-point">') == 90
    dashboard = requests.get(page.base + "/api/v1/stats/dashboard", headers=auth, timeout=10).json()
    assert dashboard["reviewsToday"] == 2 and dashboard["accuracyToday"] == 0.5 and dashboard["currentStreak"] == 1


def test_one_calendar_with_both_views(page):
    """The diary and the words by date are one calendar: one section in the top bar,
    and a switch between studying by month or week and the words added."""
    page.go("/diary")
    assert page.find(".topbar nav a[aria-current=page]").get_attribute("href").endswith("/diary")
    page.find(".diary-views a[href^='/calendar']").click()
    page.wait_css("#month-title")
    assert page.find(".diary-views a[aria-current=page]").get_attribute("href").startswith(
        page.base + "/calendar?month=")
    assert page.find(".topbar nav a[aria-current=page]").get_attribute("href").endswith("/diary")
    page.shot("calendar-words-view")
    page.find(".diary-views a[href*='/diary?week=']").click()
    page.wait_css("#diary-title")
    assert "week=" in page.d.current_url
