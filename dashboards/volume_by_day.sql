-- Report panel "volume_by_day": occurrences per UTC day, from baseline_days days before
-- :since to :until, zeros included; `in_window` marks the days the window [:since, :until) overlaps.
-- The days the span holds whole are counted from each run's sum per day.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH RECURSIVE p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
days (day) AS (
  SELECT (s - baseline_days * 86400) / 86400 FROM p
  UNION ALL SELECT day + 1 FROM days, p WHERE day + 1 <= (p.u - 1) / 86400
),
pieces (name, s, u, by_day) AS (SELECT 'window', s - baseline_days * 86400, u, 1 FROM p),
-- include: _day_spans.sql,
-- include: _window_counts.sql,
all_counts AS (SELECT day, n FROM counts UNION ALL SELECT day, n FROM run_days)
SELECT strftime('%Y-%m-%d', days.day * 86400, 'unixepoch') AS day,
  coalesce((SELECT sum(n) FROM all_counts WHERE all_counts.day = days.day), 0) AS occurrences,
  days.day * 86400 + 86400 > p.s AS in_window
FROM days, p
ORDER BY days.day;
