-- Report panel "run_health": conflict-free runs per build, as crash-free sessions are counted:
-- for each of the 20 newest builds with a run (of :app) started in the window [:since,
-- :until), its runs started before :until and how many of them logged no conflict with the
-- owner :owner ('app', the default: the app can fix them, or not yet known; ignored ones still
-- count) and, with :team, none that the team owns. `previous_…` are the same counts of the
-- build before it: the one listed below it, or for the oldest listed, the newest build before
-- it; NULL when there is none. Runs without a build have no order and are left out. The report
-- and `lcq trend --by build` write the share as a percentage with one decimal, and its change
-- in percentage points. `silent_runs` counts the runs that logged no conflict message at all,
-- of any owner (UIKit's own conflicts are steady noise in most apps): a build all of whose runs
-- are silent, after a build most of whose runs were not, may have turned the messages off; the
-- report flags it. A run that read conflict messages and stored none of them as new (each was
-- already stored for its build and run: a log read again) is not a run of its own, so it is
-- neither conflict-free nor silent: the run that stored them counts them.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner ('' for 'app'), :team.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, coalesce(nullif(:owner, ''), 'app') AS owner, nullif(:team, '') AS team
),
-- The window's runs first (through runs_started_at), then their newest builds.
window_builds AS MATERIALIZED (
  SELECT DISTINCT r.build_key FROM runs r, p
  WHERE r.build_key IS NOT NULL AND r.started_at >= p.s AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
),
shown AS (SELECT build_key FROM window_builds ORDER BY build_key DESC LIMIT 20),
earlier AS (
  SELECT r.build_key FROM runs r, p
  WHERE r.build_key < (SELECT min(build_key) FROM shown) AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
  ORDER BY r.build_key DESC LIMIT 1
),
-- include: _counted_conflicts.sql,
build_runs AS (
  SELECT r.build_key, min(r.build) AS build, count(*) AS runs,
    count(CASE WHEN NOT EXISTS (
      SELECT 1 FROM occurrence_rollup x WHERE x.run_id = r.id AND x.conflict_id IN (SELECT id FROM counted_conflicts)
    ) THEN 1 END) AS conflict_free_runs,
    sum(CASE WHEN EXISTS (SELECT 1 FROM occurrence_rollup x WHERE x.run_id = r.id) THEN 0 ELSE 1 END) AS silent_runs
  FROM runs r, p
  WHERE r.build_key IN (SELECT build_key FROM shown UNION ALL SELECT build_key FROM earlier)
    AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
    AND NOT (r.occurrences = 0 AND r.duplicates > 0)
  GROUP BY r.build_key
),
ordered AS (
  SELECT b.build_key, b.build, b.runs, b.conflict_free_runs, b.silent_runs,
    lag(b.build) OVER (ORDER BY b.build_key) AS previous_build,
    lag(b.runs) OVER (ORDER BY b.build_key) AS previous_runs,
    lag(b.conflict_free_runs) OVER (ORDER BY b.build_key) AS previous_conflict_free_runs,
    lag(b.silent_runs) OVER (ORDER BY b.build_key) AS previous_silent_runs
  FROM build_runs b
)
SELECT build, runs, conflict_free_runs, previous_build, previous_runs, previous_conflict_free_runs, silent_runs,
  previous_silent_runs
FROM ordered
WHERE build_key IN (SELECT build_key FROM shown)
ORDER BY build_key DESC;
