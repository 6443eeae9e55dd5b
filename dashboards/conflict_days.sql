-- Report panel "conflict_days": occurrences per conflict and UTC day, from baseline_days
-- days before :since to :until, for the conflicts seen in the window [:since, :until) (days without
-- occurrences are left out). The report draws each top conflict's sparkline from it.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
counts AS (
  SELECT x.conflict_id, x.day,
    x.last_time >= p.s AND x.first_time < p.u AS touches_window,
    CASE WHEN x.first_time >= p.s - p.baseline_days * 86400 AND x.last_time < p.u THEN x.occurrences
    ELSE (SELECT count(*) FROM occurrences o WHERE o.conflict_id = x.conflict_id AND o.run_id = x.run_id
      AND o.time >= max(p.s - p.baseline_days * 86400, x.day * 86400) AND o.time < min(p.u, x.day * 86400 + 86400)) END AS n
  FROM p
  JOIN occurrence_rollup x ON x.day BETWEEN (p.s - p.baseline_days * 86400) / 86400 AND p.u / 86400
    AND x.last_time >= p.s - p.baseline_days * 86400 AND x.first_time < p.u
  JOIN runs r ON r.id = x.run_id
  WHERE p.app IS NULL OR r.app = p.app
)
SELECT c.fingerprint, strftime('%Y-%m-%d', counts.day * 86400, 'unixepoch') AS day, sum(counts.n) AS occurrences
FROM counts JOIN conflicts c ON c.id = counts.conflict_id
WHERE counts.conflict_id IN (SELECT conflict_id FROM counts WHERE touches_window)
GROUP BY c.id, counts.day
HAVING sum(counts.n) > 0
ORDER BY c.fingerprint, counts.day;
