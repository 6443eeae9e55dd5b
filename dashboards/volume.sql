-- Report panel "volume": occurrences in the window [:since, :until) against the daily mean of
-- the baseline_days days before it (the view `report_settings`).
-- Parameters: :since and :until, ISO 8601 UTC times (2024-03-06T00:00:00Z); :app, an app name
-- or '' for every app. Rollup rows that a window cuts are counted exactly from `occurrences`;
-- the baseline's whole days from each run's sum per day.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
pieces (name, s, u, by_day) AS (
  SELECT 'window', s, u, 0 FROM p UNION ALL SELECT 'baseline', s - baseline_days * 86400, s, 1 FROM p
),
-- include: _day_spans.sql,
-- include: _window_counts.sql,
all_counts AS (
  SELECT span, conflict_id, run_id, device, n FROM counts
  UNION ALL SELECT span, NULL, run_id, device, n FROM run_days
)
SELECT
  coalesce(sum(CASE WHEN span = 'window' THEN n END), 0) AS occurrences,
  count(DISTINCT CASE WHEN span = 'window' AND n > 0 THEN conflict_id END) AS conflicts,
  count(DISTINCT CASE WHEN span = 'window' AND n > 0 THEN run_id END) AS runs,
  count(DISTINCT CASE WHEN span = 'window' AND n > 0 THEN device END) AS devices,
  coalesce(sum(CASE WHEN span = 'baseline' THEN n END), 0) AS baseline_occurrences,
  round(coalesce(sum(CASE WHEN span = 'baseline' THEN n END), 0) * 1.0 / (SELECT baseline_days FROM p), 2)
    AS baseline_daily_mean,
  round(((SELECT u FROM p) - (SELECT s FROM p)) / 86400.0, 3) AS window_days
FROM all_counts;
