-- Report panel "new_conflicts": conflicts (not ignored) first seen in the window
-- [:since, :until), or first seen in the newest build of a run started before :until.
-- `occurrences` counts the window. Parameters: :since, :until (ISO 8601 UTC), :app ('' for all), :team.
-- code_owners and source_files (JSON arrays) are the latest `lcq ingest --source-root` mapping,
-- NULL when none; :team ('' for all) keeps the conflicts whose code owners include it.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, nullif(:team, '') AS team
),
spans (name, s, u) AS (SELECT 'window', s, u FROM p),
-- include: _window_counts.sql,
-- The newest build (one row, NULL when no run has one), found from the newest key down.
newest AS (
  SELECT (SELECT r.build_key FROM runs r, p
    WHERE r.build_key IS NOT NULL AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
    ORDER BY r.build_key DESC LIMIT 1) AS build_key
),
-- The window's conflicts: their occurrences, first time and first build in it.
inside AS (
  SELECT conflict_id, sum(n) AS n, min(first_time) AS first_time, min(build_key) AS first_key
  FROM counts GROUP BY conflict_id
),
-- The conflicts that the newest build's runs saw before :until.
in_newest AS (
  SELECT DISTINCT x.conflict_id
  FROM newest JOIN runs r ON r.build_key = newest.build_key JOIN occurrence_rollup x ON x.run_id = r.id, p
  WHERE x.first_time < p.u AND (p.app IS NULL OR r.app = p.app)
),
-- New in the window: seen in it and never before it. New in the newest build: no build before
-- it saw the conflict. Each is asked of a conflict's earliest rows and stops at the first one
-- that says no, so a year of history costs what the window's conflicts cost.
seen AS (
  SELECT k.conflict_id, i.n, i.first_time, i.first_key,
    i.conflict_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id
      WHERE x.conflict_id = k.conflict_id AND x.first_time < p.s AND (p.app IS NULL OR r.app = p.app)
    ) AS in_window,
    k.conflict_id IN (SELECT conflict_id FROM in_newest) AND NOT EXISTS (
      SELECT 1 FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id
      WHERE x.conflict_id = k.conflict_id AND x.first_time < p.u AND r.build_key < newest.build_key
        AND (p.app IS NULL OR r.app = p.app)
    ) AS in_newest_build
  FROM (SELECT conflict_id FROM inside UNION SELECT conflict_id FROM in_newest) k
  LEFT JOIN inside i ON i.conflict_id = k.conflict_id, p, newest
),
-- A conflict new in the newest build but seen before the window: its first time over all time.
found AS (
  SELECT seen.conflict_id, coalesce(seen.n, 0) AS n,
    CASE WHEN seen.in_window THEN seen.first_time ELSE (
      SELECT min(x.first_time) FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id
      WHERE x.conflict_id = seen.conflict_id AND x.first_time < p.u AND (p.app IS NULL OR r.app = p.app)
    ) END AS first_time,
    CASE WHEN seen.in_window THEN seen.first_key ELSE newest.build_key END AS first_key
  FROM seen, p, newest
  WHERE seen.in_window OR seen.in_newest_build
)
SELECT c.fingerprint, c.title, c.status, found.n AS occurrences,
  strftime('%Y-%m-%dT%H:%M:%SZ', found.first_time, 'unixepoch') AS first_seen,
  (SELECT min(build) FROM runs WHERE build_key = found.first_key) AS first_build,
  CASE WHEN found.first_time >= p.s THEN 'window' ELSE 'newest-build' END AS new_in,
  c.explanation, c.best_fix,
  (SELECT lo.owners FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS code_owners,
  (SELECT lo.source_files FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS source_files
FROM found JOIN conflicts c ON c.id = found.conflict_id, p
WHERE c.status != 'ignored' AND (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
    WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)))
ORDER BY found.first_time DESC, c.fingerprint;
