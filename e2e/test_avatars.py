"""Profile pictures as a real decoder sees them: what the server stores and serves for a
phone's PNG, JPEG and WebP decodes to the same pixels as the upload (Pillow), without
the GPS position and the other EXIF, XMP and text it carried, a JPEG keeping only its
orientation; then in the browser, a picture set in settings shows beside its writer's
review, every row its own."""

import io
import uuid
from pathlib import Path

import requests
from PIL import Image

from conftest import PASSWORD, Page

FIXTURES = Path(__file__).resolve().parents[1] / "Tests/ImagingTests/Fixtures"


def api_user(server):
    name = "pic" + uuid.uuid4().hex[:8]
    answer = requests.post(f"{server}/api/v1/auth/signup", json={"username": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    session = requests.Session()
    session.headers["Authorization"] = "Bearer " + answer.json()["token"]
    return session


def test_stored_pictures_decode_to_the_same_pixels_without_metadata(server):
    api = api_user(server)
    for name, media in (("photo.png", "image/png"), ("photo.jpg", "image/jpeg"),
                        ("photo.webp", "image/webp"), ("progressive.jpg", "image/jpeg"),
                        ("lossless.webp", "image/webp")):
        original = (FIXTURES / name).read_bytes()
        answer = api.put(f"{server}/api/v1/auth/me/avatar", data=original, headers={"Content-Type": media})
        assert answer.status_code == 200, answer.text
        served = api.get(server + answer.json()["url"])
        assert served.status_code == 200 and served.headers["Content-Type"] == media
        before, after = Image.open(io.BytesIO(original)), Image.open(io.BytesIO(served.content))
        assert after.format == before.format and after.size == before.size, name
        assert after.convert("RGBA").tobytes() == before.convert("RGBA").tobytes(), name
        exif = after.getexif()
        assert 0x8825 not in exif and 0x0131 not in exif and 0x010F not in exif, (name, dict(exif))
        assert before.getexif().get(0x0112, 1) == exif.get(0x0112, 1), "orientation kept"
        assert b"secret" not in served.content and "xmp" not in after.info and "comment" not in after.info
        assert not [k for k in after.info if k in ("Comment", "Location")], after.info
        # A second look costs nothing: 304 to its ETag.
        again = api.get(server + answer.json()["url"], headers={"If-None-Match": served.headers["ETag"]})
        assert again.status_code == 304


def test_a_picture_set_in_settings_shows_beside_each_review(driver, server, shot):
    page = Page(driver, server, shot)
    owner = api_user(server)
    book = owner.post(f"{server}/api/v1/books", json={"name": "사진 테스트 단어장"}).json()["id"]
    owner.patch(f"{server}/api/v1/books/{book}", json={"visibility": "public"})
    other = api_user(server)
    assert other.post(f"{server}/api/v1/books/{book}/reviews", json={"stars": 3, "text": "기본 사진"}).status_code == 201

    page.sign_up("photo")
    page.go("/settings")
    with page.phone():
        assert page.overflowing(skip=".topbar") == [], "the settings page is wider than a phone"
    page.find("#avatar-file").send_keys(str(FIXTURES / "photo.jpg"))
    page.reloaded_after(lambda: page.find("#avatar-upload").click())
    assert page.find(".flash").is_displayed()
    current = page.find("#avatar-current")
    # 48×32 stored, turned upright by the orientation the JPEG kept (6: a quarter turn).
    assert driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", current) == [32, 48]
    page.go(f"/library/{book}")
    page.find("input[name=stars][value='5']").click()
    page.find("#review-text").send_keys("사진이 보이나요?")
    page.reloaded_after(lambda: page.find("#review-submit").click())
    rows = page.all(".feedback")
    sources = [row.find_element("css selector", "img.avatar").get_attribute("src") for row in rows]
    assert len(sources) == 2 and len(set(sources)) == 2, sources
    widths = [driver.execute_script("return arguments[0].naturalWidth", row.find_element("css selector", "img.avatar")) for row in rows]
    assert widths[0] == 32 and widths[1] == 96, widths  # mine (the JPEG), theirs (the generated SVG)
    shot("avatars-in-reviews")
