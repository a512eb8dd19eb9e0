"""Fixtures for the browser tests: a real `maeil serve` on a temporary
database, and a headless Chromium driven by Debian's chromedriver."""

import contextlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import (
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e-artifacts"
PASSWORD = "correct horse 42"
# The running server's data folder (set by the `server` fixture), for tests that use
# the CLI on the same database (`maeil import edict`).
SERVER_DATA = None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


class FakeDeepL(http.server.BaseHTTPRequestHandler):
    """DeepL's `POST /v2/translate` at the edge of the world, on loopback: a few known
    translations for the key `e2e-key:fx`, 403 for any other key."""

    translations = {"passport": "패스포트", "suitcase": "여행 가방"}

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        if self.path != "/v2/translate" or self.headers.get("Authorization") != "DeepL-Auth-Key e2e-key:fx":
            self.send_response(403)
            self.end_headers()
            return
        term = (body.get("text") or [""])[0]
        # Like DeepL, a word it cannot translate comes back as it was.
        text = self.translations.get(term.lower(), term)
        answer = {"translations": [{"detected_source_language": "EN", "text": text}]}
        data = json.dumps(answer, ensure_ascii=False).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def fake_deepl():
    """A fake DeepL on a free loopback port for the whole run; yields its base URL."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeDeepL)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def server(tmp_path_factory, artifacts, fake_deepl):
    """Starts the built binary and yields its base URL; stops it at the end."""
    binary = Path(os.environ.get("MAEIL_BIN", ROOT / ".build" / "debug" / "maeil"))
    if not binary.exists():
        pytest.exit(f"{binary} does not exist: run `swift build` first", returncode=2)
    port = _free_port()
    data = tmp_path_factory.mktemp("maeil-data")
    global SERVER_DATA
    SERVER_DATA = data
    # Many browser tests sign up from 127.0.0.1 within minutes: no per-address limit here.
    # No lottery site to reach from a test machine: draws after the history stay unfetched.
    # Auto-fill asks the fake DeepL.
    env = dict(os.environ, MAEIL_BCRYPT_COST="4", MAEIL_SIGNUPS_PER_HOUR="0", MAEIL_LOTTO_FETCH="off",
               MAEIL_DEEPL_KEY="e2e-key:fx", MAEIL_DEEPL_URL=fake_deepl)
    env.pop("DATABASE_URL", None)  # always a fresh SQLite file
    log = open(artifacts / "server.log", "wb")
    process = subprocess.Popen(
        [str(binary), "serve", "--port", str(port), "--data-dir", str(data)],
        stdout=log, stderr=subprocess.STDOUT, env=env,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            log.close()
            pytest.exit(f"maeil serve exited with {process.returncode}; see {artifacts / 'server.log'}", returncode=2)
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            pytest.exit("maeil serve did not answer /healthz within 60 s", returncode=2)
        time.sleep(0.2)
    yield base
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log.close()


@pytest.fixture(scope="session")
def downloads(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="session")
def driver(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1280,900", "--disable-gpu",
                "--disable-dev-shm-usage", "--lang=en-US", "--force-prefers-reduced-motion"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {
        "intl.accept_languages": "en-US,en",
        "download.default_directory": str(downloads),
        "download.prompt_for_download": False,
    })
    # The console, for Content-Security-Policy refusals (`no_csp_refusals`).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    browser = webdriver.Chrome(service=service, options=options)
    browser.implicitly_wait(0)
    yield browser
    browser.quit()


@pytest.fixture(autouse=True)
def no_csp_refusals(driver):
    """Every page runs under the app's Content-Security-Policy (no inline scripts
    or styles): a test fails when the browser refused anything of a page it saw."""
    driver.get_log("browser")  # what earlier tests left
    yield
    refused = [entry["message"] for entry in driver.get_log("browser")
               if "Content Security Policy" in entry["message"]]
    assert refused == [], refused


class Shots:
    """Numbered full-page screenshots of every page the tests visit."""

    def __init__(self, driver, directory: Path):
        self.driver = driver
        self.directory = directory
        self.count = 0

    def __call__(self, name: str) -> Path:
        self.count += 1
        safe = re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
        path = self.directory / f"{self.count:02d}-{safe}.png"
        width = self.driver.execute_script("return document.documentElement.clientWidth")
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        # Capture the whole page, not just the viewport.
        result = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": min(height, 6000), "scale": 1},
        })
        import base64
        path.write_bytes(base64.b64decode(result["data"]))
        return path


@pytest.fixture(scope="session")
def shot(driver, artifacts):
    return Shots(driver, artifacts)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps a screenshot and the HTML of the page a failing test stopped on."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("driver")
    if report.when == "call" and report.failed and browser is not None:
        ARTIFACTS.mkdir(exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / f"FAILED-{item.name}.png"))
        (ARTIFACTS / f"FAILED-{item.name}.html").write_text(browser.page_source)


@pytest.fixture(scope="module", autouse=True)
def signed_out_around(driver, server):
    """Each test file starts and ends signed out."""
    driver.get(server + "/login")
    driver.delete_all_cookies()
    yield
    driver.delete_all_cookies()


class Page:
    """What every browser test does with the page: go, find, wait, sign up, add words."""

    def __init__(self, driver, base, shot):
        self.d, self.base, self.shot = driver, base, shot

    def go(self, path):
        self.d.get(self.base + path)

    def find(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def all(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def wait(self, condition, timeout=10):
        # Pages reload under a waiting condition: look again rather than fail.
        # Under load chromedriver reports an element of the page being left as
        # an "unhandled inspector error" (a plain WebDriverException), not as a
        # stale element; a real mistake still ends in the timeout.
        ignored = (NoSuchElementException, StaleElementReferenceException, WebDriverException)
        return WebDriverWait(self.d, timeout, ignored_exceptions=ignored).until(condition)

    def reloaded_after(self, action, timeout=10):
        """Runs `action` (a click or a key) and waits until the page it leads to has
        loaded. The old page is marked in JavaScript rather than held as an element:
        under load chromedriver may report a detached element as an inspector error
        instead of a stale one."""
        self.d.execute_script("window.__maeilOldPage = true")
        action()
        self.wait(lambda d: d.execute_script(
            "return window.__maeilOldPage !== true && document.readyState === 'complete'"), timeout)

    def wait_css(self, css, timeout=10):
        return self.wait(EC.visibility_of_element_located((By.CSS_SELECTOR, css)), timeout)

    def sign_up(self, prefix):
        """Signs up a new user named PREFIX + random hex; returns the name."""
        import uuid
        name = prefix + uuid.uuid4().hex[:8]
        self.go("/signup")
        self.find("#username").send_keys(name)
        self.find("#password").send_keys(PASSWORD)
        self.find("button[type=submit].primary").click()
        self.wait(lambda d: not d.current_url.rstrip("/").endswith("/signup"))
        return name

    def add_book(self, name, words):
        """Creates a book and its words (a dict or (term, meaning) pairs) through the
        app's own form and JSON endpoints, with the session's CSRF token; returns the book id."""
        token = self.find("meta[name=csrf-token]").get_attribute("content")
        path = self.d.execute_async_script("""
            const [token, name, done] = arguments;
            const form = new URLSearchParams({_csrf: token, name, description: ""});
            fetch("/books", {method: "POST", body: form, redirect: "follow"})
              .then(r => done(new URL(r.url).pathname)).catch(e => done("ERR " + e));
        """, token, name)
        assert path.startswith("/books/"), path
        pairs = words.items() if isinstance(words, dict) else words
        for term, meaning in pairs:
            status = self.d.execute_async_script("""
                const [path, token, term, meaning, done] = arguments;
                fetch(path + "/words", {method: "POST", headers: {"Content-Type": "application/json",
                  "Accept": "application/json", "X-CSRF-Token": token}, body: JSON.stringify({term, meaning})})
                  .then(r => done(r.status)).catch(e => done("ERR " + e));
            """, path, token, term, meaning)
            assert status in (200, 201), status
        return path.rsplit("/", 1)[1]

    @contextlib.contextmanager
    def phone(self, width=390, height=844):
        """Within the block the page is seen as on a phone (a touch screen of that size)."""
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        try:
            yield
        finally:
            self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def overflowing(self, skip=None, absolute=False):
        """Elements that stick out past the right edge of the viewport (except inside
        `skip`, a selector for boxes that scroll on their own, and inside any box that
        scrolls or clips sideways and itself fits, such as the top bar's sections on a
        phone; absolutely positioned ones only when `absolute`)."""
        return self.d.execute_script("""
            const [skip, absolute] = arguments;
            const limit = document.documentElement.clientWidth + 1;
            const scrolledAway = (el) => {
              for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
                if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowX)
                    && box.getBoundingClientRect().right <= limit) return true;
              }
              return false;
            };
            const out = [];
            for (const el of document.querySelectorAll('body *')) {
              if (skip && el.closest(skip)) continue;
              if (scrolledAway(el)) continue;
              const box = el.getBoundingClientRect();
              if (box.width && box.right > limit && (absolute || getComputedStyle(el).position !== 'absolute'))
                out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                         (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : '') +
                         ' right=' + Math.round(box.right));
            }
            return out;""", skip, absolute)
