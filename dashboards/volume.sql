-- Report panel "volume": occurrences in the window [:since, :until) against the daily mean of
-- the baseline_days days before it (the view `report_settings`).
-- Parameters: :since and :until, ISO 8601 UTC times (2024-03-06T00:00:00Z); :app, an app name
-- or '' for every app. Rollup rows that a window cuts are counted exactly from `occurrences`.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
spans (name, s, u) AS (
  SELECT 'window', s, u FROM p UNION ALL SELECT 'baseline', s - baseline_days * 86400, s FROM p
),
counts AS (
  SELECT spans.name, x.conflict_id, x.run_id, r.device,
    CASE WHEN x.first_time >= spans.s AND x.last_time < spans.u THEN x.occurrences
    ELSE (SELECT count(*) FROM occurrences o WHERE o.conflict_id = x.conflict_id AND o.run_id = x.run_id
      AND o.time >= max(spans.s, x.day * 86400) AND o.time < min(spans.u, x.day * 86400 + 86400)) END AS n
  FROM spans
  JOIN occurrence_rollup x ON x.day BETWEEN spans.s / 86400 AND spans.u / 86400
    AND x.last_time >= spans.s AND x.first_time < spans.u
  JOIN runs r ON r.id = x.run_id
  JOIN p ON p.app IS NULL OR r.app = p.app
)
SELECT
  coalesce(sum(CASE WHEN name = 'window' THEN n END), 0) AS occurrences,
  count(DISTINCT CASE WHEN name = 'window' AND n > 0 THEN conflict_id END) AS conflicts,
  count(DISTINCT CASE WHEN name = 'window' AND n > 0 THEN run_id END) AS runs,
  count(DISTINCT CASE WHEN name = 'window' AND n > 0 THEN device END) AS devices,
  coalesce(sum(CASE WHEN name = 'baseline' THEN n END), 0) AS baseline_occurrences,
  round(coalesce(sum(CASE WHEN name = 'baseline' THEN n END), 0) * 1.0 / (SELECT baseline_days FROM p), 2)
    AS baseline_daily_mean,
  round(((SELECT u FROM p) - (SELECT s FROM p)) / 86400.0, 3) AS window_days
FROM counts;
