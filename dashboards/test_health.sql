-- Report panel "test_health": conflict-free runs per test, as crash-free sessions are counted,
-- in the newest build (of :app) with a run started in the window [:since, :until) that recorded
-- the tests it ran (run_tests, from the test runners' markers; docs/tests.md), against the build
-- before it that recorded its tests. For each test that ran in the newest build: its runs there
-- and how many of them logged no conflict in it with the owner :owner ('app', the default: the
-- app can fix them) and, with :team, none that the team owns; `previous_…` are the same counts
-- of the build before (NULL when the test did not run there). Only tests with a run that logged
-- a conflict in either build are listed (up to 20, the lowest share of conflict-free runs
-- first); the panel is empty when no run recorded its tests. A run all of whose conflict
-- messages were already stored (a log read again) is left out, as in run_health.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner ('' for 'app'), :team.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, coalesce(nullif(:owner, ''), 'app') AS owner, nullif(:team, '') AS team
),
newest AS (
  SELECT max(r.build_key) AS build_key FROM runs r, p
  WHERE r.build_key IS NOT NULL AND r.started_at >= p.s AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
    AND EXISTS (SELECT 1 FROM run_tests t WHERE t.run_id = r.id)
),
previous AS (
  SELECT max(r.build_key) AS build_key FROM runs r, p
  WHERE r.build_key < (SELECT build_key FROM newest) AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
    AND EXISTS (SELECT 1 FROM run_tests t WHERE t.run_id = r.id)
),
-- include: _counted_conflicts.sql,
per_build AS (
  SELECT r.build_key, t.test, count(*) AS runs,
    count(CASE WHEN NOT EXISTS (
      SELECT 1 FROM occurrences o
      WHERE o.run_id = r.id AND o.test = t.test AND o.conflict_id IN (SELECT id FROM counted_conflicts)
    ) THEN 1 END) AS conflict_free_runs
  FROM run_tests t JOIN runs r ON r.id = t.run_id, p
  WHERE r.build_key IN ((SELECT build_key FROM newest), (SELECT build_key FROM previous))
    AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
    AND NOT (r.occurrences = 0 AND r.duplicates > 0)
  GROUP BY r.build_key, t.test
)
SELECT n.test, (SELECT min(build) FROM runs WHERE build_key = n.build_key) AS build, n.runs, n.conflict_free_runs,
  (SELECT min(build) FROM runs WHERE build_key = v.build_key) AS previous_build, v.runs AS previous_runs,
  v.conflict_free_runs AS previous_conflict_free_runs
FROM per_build n LEFT JOIN per_build v ON v.test = n.test AND v.build_key = (SELECT build_key FROM previous)
WHERE n.build_key = (SELECT build_key FROM newest)
  AND (n.conflict_free_runs < n.runs OR v.conflict_free_runs < v.runs)
ORDER BY n.conflict_free_runs * 1.0 / n.runs, n.test
LIMIT 20;
