"""Reviews with two users in one browser: the owner publishes a book, a reader is told
to write something when the review is blank, posts stars and a text, and sees "방금 전"
turn into "5분 전" and "3시간 전" on the open page without a reload; the owner replies
once; on a phone, light and dark, nothing sticks out."""

from conftest import PASSWORD, Page


def publish(page, book):
    token = page.find("meta[name=csrf-token]").get_attribute("content")
    status = page.d.execute_async_script("""
        const [book, token, done] = arguments;
        const form = new URLSearchParams({_csrf: token, visibility: "public"});
        fetch(`/books/${book}/visibility`, {method: "POST", body: form})
          .then(r => done(r.status)).catch(e => done("ERR " + e));
    """, book, token)
    assert status == 200, status


def test_review_reply_and_relative_times(driver, server, shot):
    page = Page(driver, server, shot)
    owner = page.sign_up("owner")
    book = page.add_book("여행 영어 회화", [("boarding pass", "탑승권")])
    publish(page, book)

    driver.delete_all_cookies()
    reader = page.sign_up("reader")
    page.go(f"/library/{book}")
    page.reloaded_after(lambda: page.find("form[action='/language'] button").click())  # 한국어
    assert page.find("html").get_attribute("lang") == "ko"
    assert page.find("#no-reviews").is_displayed()
    # Blank: the message, and the form is still there to write in.
    page.reloaded_after(lambda: page.find("#review-submit").click())
    assert "리뷰를 작성해 주세요" in page.find(".flash.error").text
    assert page.all("#review-form")

    page.find("#review-form input[name=stars][value='4']").click()
    page.find("#review-text").send_keys("예문이 많아서 좋아요.\n매일 30개씩 보기 좋습니다.")
    page.reloaded_after(lambda: page.find("#review-submit").click())
    assert "리뷰를 남겼습니다" in page.find(".flash").text
    assert not page.all("#review-form"), "one review per reader"
    mine = page.find("#my-review .feedback")
    assert reader in mine.text and "★★★★☆" in mine.text
    assert "예문이 많아서 좋아요.\n매일 30개씩 보기 좋습니다." in page.find("#my-review .feedback-text").text
    time = page.find("#my-review time")
    assert time.text == "방금 전"
    assert "4.0" in page.find("#rating-summary").text and "리뷰 1개" in page.find("#rating-summary").text
    shot("reviews-posted")

    # Time passes on the open page: the script renews the words, no reload.
    driver.execute_script("window.__samePage = true")
    driver.execute_script(
        "arguments[0].setAttribute('datetime', new Date(Date.now() - 5 * 60 * 1000 - 5000).toISOString());"
        "document.dispatchEvent(new Event('visibilitychange'));", time)
    page.wait(lambda d: time.text == "5분 전")
    driver.execute_script(
        "arguments[0].setAttribute('datetime', new Date(Date.now() - 3 * 3600 * 1000).toISOString())", time)
    page.wait(lambda d: time.text == "3시간 전", timeout=20)  # the 15-second renewal
    driver.execute_script(
        "arguments[0].setAttribute('datetime', new Date(Date.now() - 2 * 86400 * 1000).toISOString());"
        "document.dispatchEvent(new Event('visibilitychange'));", time)
    page.wait(lambda d: time.text == time.get_attribute("data-date") and "월" in time.text)
    assert driver.execute_script("return window.__samePage === true")

    # The owner replies once; the reader sees it under the review.
    driver.delete_all_cookies()
    page.go("/login")
    page.find("#username").send_keys(owner)
    page.find("#password").send_keys(PASSWORD)
    page.reloaded_after(lambda: page.find("button[type=submit].primary").click())
    page.go(f"/library/{book}")
    if page.find("html").get_attribute("lang") != "ko":
        page.reloaded_after(lambda: page.find("form[action='/language'] button").click())
    assert not page.all("#review-form"), "no review of one's own book"
    review = page.find("#review-list .feedback")
    review.find_element("css selector", ".feedback-reply-form summary").click()
    review.find_element("css selector", "textarea").send_keys("고맙습니다! 계속 채워 갈게요.")
    page.reloaded_after(lambda: review.find_element("css selector", "button[type=submit]").click())
    assert "답글을 달았습니다" in page.find(".flash").text
    reply = page.find("#review-list .feedback-reply")
    assert "고맙습니다! 계속 채워 갈게요." in reply.text and "방금 전" in reply.text
    assert not page.all("#review-list .feedback-reply-form"), "one reply per review"
    shot("reviews-replied")

    for dark in (False, True):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        with page.phone():
            page.go(f"/library/{book}#reviews")
            assert page.overflowing(skip=".topbar") == []
            shot("reviews-phone-dark" if dark else "reviews-phone")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
