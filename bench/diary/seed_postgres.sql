-- Seeds the only user of a Maeil PostgreSQL database like seed_sqlite.py: :logs
-- answers over the last 400 days, 2,000 finished games, a fifth of the forward
-- cards in review. word_id has no foreign key (a deleted word's history stays).
INSERT INTO review_logs (id, user_id, word_id, direction, source, rating, reviewed_at, reviewed_on, elapsed_ms,
  state_before, state_after, card_before, card_after)
SELECT gen_random_uuid(), u.id, gen_random_uuid(), 'forward', r.source,
  CASE WHEN r.source = 'review' THEN (ARRAY[1, 2, 3, 3, 3, 4])[1 + floor(random() * 6)::int] ELSE 1 END,
  now() - r.offset_days * interval '1 day',
  to_char((now() AT TIME ZONE 'Asia/Seoul') - r.offset_days * interval '1 day', 'YYYY-MM-DD'),
  3000, (ARRAY[0, 1, 2, 2, 2, 3])[1 + floor(random() * 6)::int], 2, '{}', '{}'
FROM users u, (
  SELECT floor(random() * 400)::int AS offset_days,
    CASE WHEN random() < 0.9 THEN 'review' ELSE (ARRAY['quiz', 'hangman', 'test'])[1 + floor(random() * 3)::int] END AS source
  FROM generate_series(1, :logs)
) r;
INSERT INTO game_sessions (id, user_id, kind, book_id, state, score, total, finished, started_at, finished_at, played_on)
SELECT gen_random_uuid(), u.id, 'quiz', NULL, '{}', 5, 10, true, now(), now(),
  to_char((now() AT TIME ZONE 'Asia/Seoul') - floor(random() * 400)::int * interval '1 day', 'YYYY-MM-DD')
FROM generate_series(1, 2000), users u;
UPDATE cards SET state = 2, stability = 10, difficulty = 5, reps = 3,
  due = now() + (random() * 70 - 10) * interval '1 day', last_review = now() - interval '3 days'
WHERE direction = 'forward' AND word_id IN (SELECT id FROM words ORDER BY id LIMIT (SELECT count(*) / 5 FROM words));
VACUUM ANALYZE;
