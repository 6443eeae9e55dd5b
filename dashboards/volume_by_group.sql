-- Report panel "volume_by_group": occurrences in the window [:since, :until) per app, build and
-- OS version, each against its daily mean of the baseline_days days before the window
-- (top 20). The baseline's whole days are counted from each run's sum per day.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
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
  SELECT span, app, build_key, build, os_version, n FROM counts
  UNION ALL SELECT span, app, build_key, build, os_version, n FROM run_days
)
SELECT app, build, os_version,
  sum(CASE WHEN span = 'window' THEN n ELSE 0 END) AS occurrences,
  round(sum(CASE WHEN span = 'baseline' THEN n ELSE 0 END) * 1.0 / (SELECT baseline_days FROM p), 2)
    AS baseline_daily_mean
FROM all_counts
GROUP BY app, build_key, build, os_version
HAVING sum(CASE WHEN span = 'window' THEN n ELSE 0 END) > 0
ORDER BY occurrences DESC, app, build_key DESC, os_version
LIMIT 20;
