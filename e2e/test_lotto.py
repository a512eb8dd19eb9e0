"""The lotto diary in the browser: set a nickname and a goal, paste a real ticket QR
and see each game's rank and prize, be told why the store's receipt is not a ticket,
type a ticket for the next draw, walk the month and week calendars, and use the number
picker — in Korean, and on a phone."""

import re
from pathlib import Path

import pytest

from conftest import Page

# Round 868's ticket (../shared/data/lotto/qr.tsv): line E won 1st prize.
WINNING_QR = ("http://m.dhlottery.co.kr/?v=0868m041120213645m010306132438m142933354042"
              "m021823262731m1217284143441293818248")


@pytest.fixture(scope="module")
def page(driver, server, shot):
    page = Page(driver, server, shot)
    page.sign_up("lotto")
    page.go("/lotto")
    if page.find("html").get_attribute("lang") != "ko":
        page.reloaded_after(lambda: page.find(".topbar-actions button.link").click())
    return page


def test_settings_goal_and_nickname(page):
    page.go("/lotto/settings")
    page.find("#nickname").send_keys("a!")
    page.reloaded_after(lambda: page.find("#settings-save").click())
    assert page.find("#settings-error").text == "닉네임은 한글, 영문, 숫자로 3~10자여야 합니다."
    nickname = page.find("#nickname")
    nickname.clear()
    nickname.send_keys("행운가득")
    page.find("#goal").send_keys("30,000")
    page.reloaded_after(lambda: page.find("#settings-save").click())
    assert page.find("#lotto-heading").text == "행운가득님의 로또 일기"
    assert page.find("#summary-goal").text == "30,000원"


def test_paste_a_qr_and_see_the_ranks(page):
    page.go("/lotto/new")
    page.find("#qr").send_keys("MSG_ESLIP0000123")
    page.reloaded_after(lambda: page.find("#entry-save").click())
    assert "판매점 영수증의 QR입니다" in page.find("#entry-error").text
    page.shot("lotto-receipt-refused")

    qr = page.find("#qr")
    qr.clear()
    qr.send_keys(WINNING_QR)
    page.reloaded_after(lambda: page.find("#entry-save").click())
    assert page.find("#entry-title").text == "로또 868회"
    assert page.find("#entry-status").text == "1등 당첨"
    rows = page.all("#games tbody tr")
    assert [r.get_attribute("data-slot") for r in rows] == ["A", "B", "C", "D", "E"]
    assert "1등" in rows[4].text and "3,233,804,250원" in rows[4].text
    assert "낙첨" in rows[0].text
    assert len(rows[4].find_elements("css selector", ".ball.hit")) == 6
    balls = [b.text for b in page.all("#draw-balls .ball")]
    assert balls == ["12", "17", "28", "41", "43", "44", "보너스 25"] or balls[:6] == [
        "12", "17", "28", "41", "43", "44"]
    link = page.find("#official-link").get_attribute("href")
    assert link.startswith("https://m.dhlottery.co.kr/qr.do?method=winQr&v=0868")
    page.shot("lotto-ticket-868")


def test_upload_a_ticket_photo(page, tmp_path):
    """A rotated, scaled JPEG of a real ticket (scripts/ticket-photos.sh) read by the
    server's ZBar; a photo with no QR code is refused with the reason."""
    import subprocess

    subprocess.run([str(Path(__file__).resolve().parent.parent / "scripts/ticket-photos.sh"),
                    str(tmp_path)], check=True, capture_output=True)
    page.go("/lotto/new?tab=photo")
    assert not page.all("#photo-unavailable"), page.find("#photo-unavailable").text
    page.find("#photo").send_keys(str(tmp_path / "no-qr.png"))
    page.reloaded_after(lambda: page.find("#photo-save").click())
    assert page.find("#entry-error").text.startswith("사진에서 QR을 찾지 못했습니다")
    page.find("#photo").send_keys(str(tmp_path / "noisy.jpg"))
    page.reloaded_after(lambda: page.find("#photo-save").click())
    assert page.find("#entry-title").text == "로또 813회"
    assert page.find("#entry-status").text == "5등 당첨"
    page.shot("lotto-photo-ticket-813")


def test_typed_ticket_is_pending_and_the_calendar_walks(page):
    page.go("/lotto/new?tab=manual")
    page.find("input[name=game1]").send_keys("1 2 3 4 5 6")
    page.find("input[name=game2]").send_keys("7, 14, 21, 28, 35, 46")
    page.reloaded_after(lambda: page.find("#entry-save").click())
    assert page.find("#entry-error").text.startswith("B 게임: 46번은 없습니다")
    game2 = page.find("input[name=game2]")
    game2.clear()
    game2.send_keys("7 14 21 28 35 42")
    page.reloaded_after(lambda: page.find("#entry-save").click())
    assert page.find("#entry-status").text.startswith("추첨 전")

    page.go("/lotto")
    assert page.find("#summary-spent").text == "2,000원"
    assert page.find("#summary-goal-used").text == "목표의 6% 사용"
    assert "결과 대기 1장" in page.find("#summary-gukbap").text
    page.shot("lotto-diary-month")

    # Back to July 2019, where the QR ticket was bought; then its week.
    page.go("/lotto?month=2019-08")
    page.reloaded_after(lambda: page.find("#lotto-previous").click())
    assert page.find("#lotto-title").text == "2019년 7월"
    cell = page.find('td[data-date="2019-07-20"]')
    # Billions are written short in the cell; its label has the whole amount.
    assert "+32억" in cell.text and "3,233,804,250" not in cell.text
    assert "당첨 3,233,804,250원" in cell.find_element("css selector", "a").get_attribute("aria-label")
    assert "로또 868회" in page.find("#entry-list").text
    page.reloaded_after(lambda: cell.find_element("css selector", "a").click())
    assert page.find("#lotto-title").text == "2019년 7월 14일 주"
    assert "로또 868회" in page.find(".lotto-week").text
    page.shot("lotto-diary-week")


def test_year_chart(page):
    page.go("/lotto")
    page.reloaded_after(lambda: page.find("#lotto-year").click())
    assert page.find("h1").text == "연간 기록"
    chart = page.find("#year-chart .chart-wide svg")
    assert chart.is_displayed() and chart.get_attribute("role") == "img"
    assert len(page.all("#year-chart .chart-wide g.mc-point")) == 12
    assert not page.find("#year-chart .chart-narrow svg").is_displayed()
    this_year = page.find("#year-select option[selected]").text
    # Back to 2019, the year of the winning ticket: July won, and the goal was kept.
    page.go("/lotto/year?year=2020")
    page.reloaded_after(lambda: page.find("#year-previous").click())
    assert page.find("#year-select option[selected]").text == "2019년"
    july = page.all("#year-table tbody tr")[6]
    assert "3,233,804,250원" in july.text and "목표 지킴" in july.text
    assert "+3,233,799,250원" in page.find("#year-net").text
    page.shot("lotto-year-2019")
    # On a phone the chart's narrow twin shows instead, with the same twelve
    # months, and the billions scroll within the table, not the page.
    page.d.set_window_size(390, 900)
    page.d.refresh()
    try:
        wide = page.find("#year-chart .chart-wide svg")
        narrow = page.find("#year-chart .chart-narrow svg")
        page.wait(lambda d: narrow.is_displayed() and not wide.is_displayed())
        assert narrow.size["width"] < 400
        assert len(page.all("#year-chart .chart-narrow g.mc-point")) == 12
        assert page.d.execute_script(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert page.find("#year-won").text == "3,233,804,250원"
        page.shot("lotto-year-2019-phone")
    finally:
        page.d.set_window_size(1280, 900)
    assert this_year.endswith("년")


def test_number_picker_and_save(page):
    page.go("/lotto/generator")
    page.find("#include").send_keys("7 45")
    page.find("#exclude").send_keys("1 2 3")
    page.reloaded_after(lambda: page.find("#pick").click())
    numbers = [int(b.text) for b in page.all("#pick-balls .ball:not(.bonus)")]
    assert len(numbers) == 6 and 7 in numbers and 45 in numbers
    assert not {1, 2, 3} & set(numbers)
    page.reloaded_after(lambda: page.find("#pick-save").click())
    assert page.find("input[name=game1]").get_attribute("value") == " ".join(map(str, numbers))
    page.reloaded_after(lambda: page.find("#entry-save").click())
    assert page.find("#entry-status").text.startswith("추첨 전")
    assert "번호 생성기" in page.find(".entry-meta").text


def test_phone_layout(page):
    page.d.set_window_size(390, 844)
    try:
        page.go("/lotto?month=2019-07")
        assert not page.overflowing(skip=".topbar"), page.overflowing(skip=".topbar")
        page.shot("lotto-phone-month")
        page.find("#entry-list a").click()
        page.wait_css("#games")
        assert not page.overflowing(skip=".topbar")
        page.shot("lotto-phone-ticket")
    finally:
        page.d.set_window_size(1280, 900)


def test_calendar_feed_parses(page):
    """The reminder as a calendar subscription: the feed, fetched without the session,
    parses with a real iCalendar parser, with the draw's alarm at the reminder."""
    import datetime

    import icalendar
    import requests

    page.go("/lotto/settings")
    page.find("#reminder option[value='30']").click()
    page.reloaded_after(lambda: page.find("#settings-save").click())
    page.go("/lotto/settings")
    page.reloaded_after(lambda: page.find("#feed-new").click())
    url = page.find("#feed-url").get_attribute("value")
    assert re.match(r"^http://127\.0\.0\.1:\d+/lotto/feed/[0-9a-f]{48}\.ics\?lang=ko$", url), url
    assert page.find("#feed-subscribe").get_attribute("href").startswith("webcal://")
    page.shot("lotto-feed")

    answer = requests.get(url, timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(answer.content)
    assert str(calendar["X-WR-CALNAME"]) == "행운가득님의 로또 일기"
    events = {str(e["UID"]): e for e in calendar.walk("VEVENT")}
    draw = next(e for uid, e in events.items() if uid.startswith("lotto-draw-"))
    assert draw["RRULE"]["FREQ"] == ["WEEKLY"] and draw["RRULE"]["BYDAY"] == ["SA"]
    start = draw.decoded("DTSTART")
    assert start.astimezone(datetime.timezone(datetime.timedelta(hours=9))).strftime("%a %H:%M") == "Sat 20:35"
    alarms = draw.walk("VALARM")
    assert len(alarms) == 1 and alarms[0].decoded("TRIGGER") == datetime.timedelta(minutes=-30)
    # The tickets still waiting (typed and picked for the round on sale) have their own event.
    tickets = [e for uid, e in events.items() if uid.startswith("lotto-ticket-")]
    assert tickets and all("결과 발표" in str(e["SUMMARY"]) for e in tickets)
    assert all(e.walk("VALARM") for e in tickets)

    # Revoked: the address stops answering.
    page.go("/lotto/settings")
    page.d.execute_script("window.confirm = () => true")
    page.reloaded_after(lambda: page.find("#feed-revoke").click())
    assert requests.get(url, timeout=10).status_code == 404
