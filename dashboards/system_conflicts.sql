-- Report panel "system_conflicts": the 10 conflicts among UIKit's, AppKit's or a third-party
-- library's own constraints (owner 'system' or 'library': the app can change none of their
-- members, so there is no fix in the app) with the most occurrences in the window [:since,
-- :until). The report lists them apart, as noise the app cannot fix.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app
),
spans (name, s, u) AS (SELECT 'window', s, u FROM p),
-- include: _window_counts.sql
SELECT c.fingerprint, c.title, c.status,
  sum(counts.n) AS occurrences,
  count(DISTINCT CASE WHEN counts.n > 0 THEN counts.run_id END) AS runs,
  c.explanation
FROM counts JOIN conflicts c ON c.id = counts.conflict_id
WHERE c.owner IN ('system', 'library')
GROUP BY c.id
HAVING sum(counts.n) > 0
ORDER BY occurrences DESC, runs DESC, c.fingerprint
LIMIT 10;
