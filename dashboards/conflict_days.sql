-- Report panel "conflict_days": occurrences per conflict and UTC day, from baseline_days
-- days before :since to :until, for the conflicts seen in the window [:since, :until) (days without
-- occurrences are left out). The report draws each top conflict's sparkline from it.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, (SELECT baseline_days FROM report_settings) AS baseline_days
),
spans (name, s, u) AS (SELECT 'window', s - baseline_days * 86400, u FROM p),
-- include: _window_counts.sql
SELECT c.fingerprint, strftime('%Y-%m-%d', counts.day * 86400, 'unixepoch') AS day, sum(counts.n) AS occurrences
FROM counts JOIN conflicts c ON c.id = counts.conflict_id
WHERE counts.conflict_id IN (SELECT conflict_id FROM counts, p WHERE counts.last_time >= p.s AND counts.first_time < p.u)
GROUP BY c.id, counts.day
HAVING sum(counts.n) > 0
ORDER BY c.fingerprint, counts.day;
