#!/usr/bin/env python3
"""Times the study diary's routes, p50/p99 over a kept-alive connection, against
/healthz (HTTP alone) and today's review queue (what the Study page already paid)."""
import http.client
import re
import sys
import time
import urllib.parse


def main() -> None:
    url, token, username, password = sys.argv[1:5]
    parsed = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port)
    cookies = {}

    def call(path, headers=None, method="GET", body=None):
        headers = dict(headers or {})
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        start = time.perf_counter()
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";")[0]
        if response.status >= 400:
            raise SystemExit(f"{path}: {response.status} {data[:200]!r}")
        return elapsed, data

    bearer = {"Authorization": "Bearer " + token}
    api = [
        ("baseline /healthz", "/healthz"),
        ("baseline study/queue?limit=1", "/api/v1/study/queue?limit=1"),
        ("stats/dashboard", "/api/v1/stats/dashboard"),
        ("stats/days (30 days)", "/api/v1/stats/days"),
        ("stats/days (365 days)", None),
        ("charts/reviews.svg?days=30", "/api/v1/stats/charts/reviews.svg"),
        ("charts/reviews.svg?days=365", "/api/v1/stats/charts/reviews.svg?days=365"),
        ("charts/retention.svg (13 months)", "/api/v1/stats/charts/retention.svg"),
        ("charts/forecast.svg?days=30", "/api/v1/stats/charts/forecast.svg"),
        ("charts/forecast.svg?days=365", "/api/v1/stats/charts/forecast.svg?days=365"),
        ("charts/heatmap.svg", "/api/v1/stats/charts/heatmap.svg"),
    ]
    _, dashboard = call("/api/v1/stats/dashboard", bearer)
    today = re.search(rb'"date":"([0-9-]+)"', dashboard).group(1).decode()
    year_ago = time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(today, "%Y-%m-%d")) - 364 * 86400))

    def p(values, q):
        values = sorted(values)
        return values[min(len(values) - 1, int(len(values) * q / 100))]

    def report(name, path, headers, runs=40):
        call(path, headers)  # warm
        times = [call(path, headers)[0] for _ in range(runs)]
        print(f"  {name:34s} p50 {p(times, 50):7.2f} ms   p99 {p(times, 99):7.2f} ms")

    for name, path in api:
        report(name, path or f"/api/v1/stats/days?from={year_ago}&to={today}", bearer)

    # The web page: log in through the form like a browser.
    _, page = call("/login")
    csrf = re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()
    form = urllib.parse.urlencode({"_csrf": csrf, "username": username, "password": password, "next": "/"})
    call("/login", {"Content-Type": "application/x-www-form-urlencoded"}, "POST", form)
    report("web /study (with the dashboard)", "/study", {}, 20)
    report("web /diary (month, 30-day charts)", "/diary", {}, 20)
    report("web /diary?days=365", "/diary?days=365", {}, 20)


if __name__ == "__main__":
    main()
