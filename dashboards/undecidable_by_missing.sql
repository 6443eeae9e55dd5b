-- Report panel "undecidable_by_missing": occurrences in the window [:since, :until) of
-- conflicts whose latest verdict is `undecidable`, per quantity the log did not state
-- (margins, baseline, container-origin, engine-variable, unparsed-constraint, huge-number). A conflict that
-- lacks two quantities counts under both.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app
),
spans (name, s, u) AS (SELECT 'window', s, u FROM p),
-- include: _window_counts.sql
SELECT q.value AS missing, sum(counts.n) AS occurrences, count(DISTINCT counts.conflict_id) AS conflicts
FROM counts JOIN conflicts c ON c.id = counts.conflict_id, json_each(coalesce(c.missing, '[]')) q
WHERE c.verdict = 'undecidable'
GROUP BY q.value
HAVING sum(counts.n) > 0
ORDER BY occurrences DESC, missing;
