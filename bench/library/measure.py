"""Times library searches over HTTP as a new reader: 16 queries (none, whole
words, choseong, the other keyboard layout, typos, no match) x 10, one kept-alive
connection; prints each query's matches and median, and p50/p99 over all.
    python3 measure.py http://127.0.0.1:PORT"""
import http.client
import json
import statistics
import sys
import time
import urllib.parse

host, port = urllib.parse.urlsplit(sys.argv[1]).hostname, urllib.parse.urlsplit(sys.argv[1]).port
conn = http.client.HTTPConnection(host, port)


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request(method, "/api/v1" + path, json.dumps(body) if body is not None else None, headers)
    response = conn.getresponse()
    data = response.read()
    if response.status >= 300:
        raise SystemExit(f"{method} {path}: {response.status} {data[:200]}")
    return json.loads(data)


token = call("POST", "/auth/signup", {"username": f"reader{int(time.time())}", "password": "pw12345678"})["token"]
QUERIES = ["", "ㅌㅇ", "토익", "english", "xhdlr", "englsh", "단어 필수", "jlpt", "ㄱㅊ", "비즈니스",
           "vocabulary", "zzzz", "회화", "dlfqhsdj", "TOEIC 5", "advancd"]
for q in QUERIES:  # one untimed pass
    call("GET", "/library?" + urllib.parse.urlencode({"q": q}), token=token)
times = {q: [] for q in QUERIES}
for _ in range(10):
    for q in QUERIES:
        start = time.perf_counter()
        call("GET", "/library?" + urllib.parse.urlencode({"q": q}), token=token)
        times[q].append((time.perf_counter() - start) * 1000)
for q in QUERIES:
    total = call("GET", "/library?" + urllib.parse.urlencode({"q": q}), token=token)["total"]
    print(f"  {q!r:14} {total:6,} books  median {statistics.median(times[q]):6.1f} ms  max {max(times[q]):6.1f} ms")
every = sorted(t for ts in times.values() for t in ts)
print(f"library search: p50 {every[len(every) // 2]:.1f} ms, p99 {every[int(len(every) * 0.99) - 1]:.1f} ms "
      f"over {len(every)} requests")
print(f"TOKEN {token}")
