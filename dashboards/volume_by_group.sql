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
counts AS (
  SELECT spans.name, r.app, r.build, r.build_key, r.os_version,
    CASE WHEN x.first_time >= spans.s AND x.last_time < spans.u THEN x.occurrences
    ELSE (SELECT count(*) FROM occurrences o WHERE o.conflict_id = x.conflict_id AND o.run_id = x.run_id
      AND o.time >= max(spans.s, x.day * 86400) AND o.time < min(spans.u, x.day * 86400 + 86400)) END AS n
  FROM spans
  JOIN occurrence_rollup x ON x.day BETWEEN spans.s / 86400 AND spans.u / 86400
    AND x.last_time >= spans.s AND x.first_time < spans.u
  JOIN runs r ON r.id = x.run_id
  JOIN p ON p.app IS NULL OR r.app = p.app
)
SELECT app, build, os_version,
  sum(CASE WHEN name = 'window' THEN n ELSE 0 END) AS occurrences,
  round(sum(CASE WHEN name = 'baseline' THEN n ELSE 0 END) * 1.0 / (SELECT baseline_days FROM p), 2)
    AS baseline_daily_mean
FROM counts
GROUP BY app, build_key, build, os_version
HAVING sum(CASE WHEN name = 'window' THEN n ELSE 0 END) > 0
ORDER BY occurrences DESC, app, build_key DESC, os_version
LIMIT 20;
