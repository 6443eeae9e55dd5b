-- Report panel "undecidable_by_missing": occurrences in the window [:since, :until) of
-- conflicts whose latest verdict is `undecidable`, per quantity the log did not state
-- (margins, baseline, container-origin, engine-variable, unparsed-constraint, huge-number). A conflict that
-- lacks two quantities counts under both.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app
),
counts AS (
  SELECT x.conflict_id,
    CASE WHEN x.first_time >= p.s AND x.last_time < p.u THEN x.occurrences
    ELSE (SELECT count(*) FROM occurrences o WHERE o.conflict_id = x.conflict_id AND o.run_id = x.run_id
      AND o.time >= max(p.s, x.day * 86400) AND o.time < min(p.u, x.day * 86400 + 86400)) END AS n
  FROM p
  JOIN occurrence_rollup x ON x.day BETWEEN p.s / 86400 AND p.u / 86400
    AND x.last_time >= p.s AND x.first_time < p.u
  JOIN runs r ON r.id = x.run_id
  JOIN conflicts c ON c.id = x.conflict_id AND c.verdict = 'undecidable'
  WHERE p.app IS NULL OR r.app = p.app
)
SELECT q.value AS missing, sum(counts.n) AS occurrences, count(DISTINCT counts.conflict_id) AS conflicts
FROM counts JOIN conflicts c ON c.id = counts.conflict_id, json_each(coalesce(c.missing, '[]')) q
GROUP BY q.value
HAVING sum(counts.n) > 0
ORDER BY occurrences DESC, missing;
