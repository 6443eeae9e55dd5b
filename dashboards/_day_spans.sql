-- The spans a panel counts, with the UTC days they hold whole set apart, written once: included
-- before `_window_counts.sql` by the panels that count a long span (the report's baseline:
-- `-- include: _day_spans.sql,`) and by `lcq trend --by day` (DayTrend). The including query
-- defines `p` (with `app`: NULL for every app) and `pieces (name, s, u, by_day)`: each span
-- [s, u) in unix seconds, with by_day 1 where the days it holds whole are read from the
-- rollup's sums per day (conflict_day_counts, run_day_counts) instead of its rows.
-- `spans (name, s, u)`, what `_window_counts.sql` counts from the rollup's rows: each span with
-- by_day 0 whole, and of each other one the parts in the days it cuts (one at each end, none
-- where it starts or ends at midnight).
-- `whole_days (name, first_day, last_day)`: the days each span with by_day 1 holds whole (none
-- where first_day > last_day).
-- `run_days`: per such span, run and whole day, the run's metadata and `n`, its occurrences
-- that day, for the runs of p.app (the same columns as `counts` has of them).
spans (name, s, u) AS (
  SELECT name, s, u FROM (
    SELECT name, s, u FROM pieces WHERE by_day = 0
    UNION ALL SELECT name, s, min(u, (s + 86399) / 86400 * 86400) FROM pieces WHERE by_day = 1
    UNION ALL SELECT name, max((s + 86399) / 86400 * 86400, u / 86400 * 86400), u FROM pieces WHERE by_day = 1
  ) cut
  WHERE s < u
),
whole_days (name, first_day, last_day) AS (
  SELECT name, (s + 86399) / 86400, u / 86400 - 1 FROM pieces WHERE by_day = 1
),
run_days AS (
  SELECT w.name AS span, d.run_id, d.day, r.app, r.device, r.os_version, r.build, r.build_key, d.occurrences AS n
  FROM whole_days w
  JOIN run_day_counts d ON d.day BETWEEN w.first_day AND w.last_day
  JOIN runs r ON r.id = d.run_id
  JOIN p ON p.app IS NULL OR r.app = p.app
)
