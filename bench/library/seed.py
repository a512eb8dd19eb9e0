"""Seeds a Maeil server with 10,000 public books by 20 owners, through the API:
names of two Korean words and one English, descriptions of six, so that common
words ("토익", "English") are in about a sixth of the books each.
    python3 seed.py http://127.0.0.1:PORT [BOOKS]"""
import json
import random
import sys
import urllib.request

BASE = sys.argv[1] + "/api/v1"
BOOKS = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
KOREAN = ["토익", "수능", "영어", "일본어", "회화", "단어", "필수", "기초", "중급", "고급", "여행", "비즈니스",
          "시험", "한자", "표현", "동사", "명사", "형용사", "숙어", "발음", "듣기", "읽기", "매일", "아침",
          "저녁", "공부", "정리", "모음", "핵심", "빈출"]
ENGLISH = ["TOEIC", "Daily", "English", "Japanese", "Business", "Travel", "Words", "Essential",
           "Basic", "Advanced", "Verbs", "Nouns", "Idioms", "Phrases", "Exam", "Vocabulary", "Kanji",
           "JLPT", "GRE", "SAT"]


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(BASE + path, method=method, data=data, headers=headers)) as r:
        return json.loads(r.read() or b"null")


random.seed(7)
owners = [call("POST", "/auth/signup", {"username": f"owner{i}", "password": "pw12345678"})["token"]
          for i in range(20)]
for i in range(BOOKS):
    token = owners[i % len(owners)]
    name = " ".join(random.sample(KOREAN, 2) + random.sample(ENGLISH, 1)) + f" {i}"
    description = " ".join(random.sample(KOREAN + ENGLISH, 6))
    book = call("POST", "/books", {"name": name, "description": description}, token)
    call("PATCH", f"/books/{book['id']}", {"visibility": "public"}, token)
print(f"seeded {BOOKS} public books")
