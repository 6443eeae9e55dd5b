-- Report panel "conflict_days": occurrences per conflict and UTC day, from baseline_days
-- days before :since to :until, for the conflicts seen in the window [:since, :until) (days without
-- occurrences are left out). The report draws each top conflict's sparkline from it.
-- The days the span holds whole are counted from each conflict's sum per day.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
pieces (name, s, u, by_day) AS (SELECT 'window', s - baseline_days * 86400, u, 1 FROM p),
-- include: _day_spans.sql,
-- include: _window_counts.sql,
-- The whole days' counts per conflict: its sums per day for every app, else its rollup rows of
-- the app's runs.
conflict_whole_days AS (
  SELECT d.conflict_id, d.day, d.occurrences AS n
  FROM whole_days w JOIN conflict_day_counts d ON d.day BETWEEN w.first_day AND w.last_day, p
  WHERE p.app IS NULL
  UNION ALL
  SELECT x.conflict_id, x.day, x.occurrences
  FROM whole_days w JOIN occurrence_rollup x ON x.day BETWEEN w.first_day AND w.last_day
  JOIN runs r ON r.id = x.run_id JOIN p ON r.app = p.app
  WHERE p.app IS NOT NULL
),
-- The conflicts with a rollup row that the window [:since, :until) touches (of the app's runs).
window_rows AS (
  SELECT x.conflict_id, x.run_id FROM p
  JOIN occurrence_rollup x ON x.day BETWEEN p.s / 86400 AND p.u / 86400 AND x.last_time >= p.s AND x.first_time < p.u
),
seen AS (
  SELECT conflict_id FROM window_rows, p WHERE p.app IS NULL
  UNION ALL
  SELECT w.conflict_id FROM window_rows w JOIN runs r ON r.id = w.run_id JOIN p ON r.app = p.app
  WHERE p.app IS NOT NULL
),
all_counts AS (
  SELECT conflict_id, day, n FROM counts UNION ALL SELECT conflict_id, day, n FROM conflict_whole_days
)
SELECT c.fingerprint, strftime('%Y-%m-%d', all_counts.day * 86400, 'unixepoch') AS day, sum(all_counts.n) AS occurrences
FROM all_counts JOIN conflicts c ON c.id = all_counts.conflict_id
WHERE all_counts.conflict_id IN (SELECT conflict_id FROM seen)
GROUP BY c.id, all_counts.day
HAVING sum(all_counts.n) > 0
ORDER BY c.fingerprint, all_counts.day;
