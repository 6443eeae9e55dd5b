-- Report panel "volume_by_group": occurrences in the window [:since, :until) per app, build and
-- OS version, each against its daily mean of the baseline_days days before the window
-- (top 20).
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
spans (name, s, u) AS (
  SELECT 'window', s, u FROM p UNION ALL SELECT 'baseline', s - baseline_days * 86400, s FROM p
),
-- include: _window_counts.sql
SELECT app, build, os_version,
  sum(CASE WHEN span = 'window' THEN n ELSE 0 END) AS occurrences,
  round(sum(CASE WHEN span = 'baseline' THEN n ELSE 0 END) * 1.0 / (SELECT baseline_days FROM p), 2)
    AS baseline_daily_mean
FROM counts
GROUP BY app, build_key, build, os_version
HAVING sum(CASE WHEN span = 'window' THEN n ELSE 0 END) > 0
ORDER BY occurrences DESC, app, build_key DESC, os_version
LIMIT 20;
