-- Report panel "new_conflicts": conflicts (not ignored) first seen in the window
-- [:since, :until), or first seen in the newest build of a run started before :until.
-- `occurrences` counts the window. Parameters: :since, :until (ISO 8601 UTC), :app ('' for all), :team.
-- code_owners and source_files (JSON arrays) are the latest `lcq ingest --source-root` mapping,
-- NULL when none; :team ('' for all) keeps the conflicts whose code owners include it.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, nullif(:team, '') AS team
),
-- The window, and every time before it.
spans (name, s, u) AS (SELECT 'window', s, u FROM p UNION ALL SELECT 'before', -9223372036800000000, s FROM p),
-- include: _window_counts.sql,
seen AS (
  SELECT conflict_id, min(first_time) AS first_time, min(build_key) AS first_key,
    sum(CASE WHEN span = 'window' THEN n ELSE 0 END) AS n
  FROM counts GROUP BY conflict_id
),
newest AS (
  SELECT max(r.build_key) AS build_key FROM runs r, p
  WHERE r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
)
SELECT c.fingerprint, c.title, c.status, seen.n AS occurrences,
  strftime('%Y-%m-%dT%H:%M:%SZ', seen.first_time, 'unixepoch') AS first_seen,
  (SELECT min(build) FROM runs WHERE build_key = seen.first_key) AS first_build,
  CASE WHEN seen.first_time >= p.s THEN 'window' ELSE 'newest-build' END AS new_in,
  c.explanation, c.best_fix,
  (SELECT lo.owners FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS code_owners,
  (SELECT lo.source_files FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS source_files
FROM seen JOIN conflicts c ON c.id = seen.conflict_id, p, newest
WHERE c.status != 'ignored' AND (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
    WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)))
  AND (seen.first_time >= p.s OR (seen.first_key IS NOT NULL AND seen.first_key = newest.build_key))
ORDER BY seen.first_time DESC, c.fingerprint;
