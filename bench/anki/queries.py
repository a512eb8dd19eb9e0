"""The search mix of ../shared/tools/anki/bench_anki.py, in its order, and how often
it is repeated: both sides of bench/anki time exactly these."""
QUERIES = ["食べる", "たべる", "eat", "water", "水", "学校", "がっこう", "school", "run*", "*ing",
           "tokyo", "東京", "study", "勉強", "べんきょう", "computer", "猫", "dog", "love", "愛"]
REPEATS = 5
