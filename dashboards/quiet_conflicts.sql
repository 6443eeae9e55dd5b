-- Report panel "quiet_conflicts": open conflicts that look fixed: not seen in the quiet_days
-- days before :until, or not seen in the quiet_builds newest builds of runs started
-- before :until (the view `report_settings`), and whose tests, where known, ran since (top 20,
-- most recently seen first). Parameters: :until (ISO 8601 UTC), :app ('' for every app).
WITH RECURSIVE p AS (
  SELECT CAST(strftime('%s', :until) AS BIGINT) AS u, nullif(:app, '') AS app,
    (SELECT quiet_days FROM report_settings) AS quiet_days, (SELECT quiet_builds FROM report_settings) AS quiet_builds
),
-- Each conflict's last time and newest build before :until. For every app, a conflict last
-- seen before it has them in its own columns (last_seen, last_build_key: docs/store.md); the
-- others are read from their rollup rows wholly before it (with an app, every conflict's are).
-- `whole`: no rollup row of the conflict reaches :until.
seen AS (
  SELECT c.id AS conflict_id, c.last_seen AS last_time, c.last_build_key AS last_key, 1 AS whole
  FROM conflicts c, p
  WHERE p.app IS NULL AND c.occurrence_count > 0 AND c.last_seen < p.u
  UNION ALL
  SELECT x.conflict_id, max(x.last_time) AS last_time, max(r.build_key) AS last_key, 0 AS whole
  FROM p
  JOIN occurrence_rollup x ON x.first_time < p.u
    AND x.conflict_id IN (SELECT c.id FROM conflicts c, p WHERE p.app IS NOT NULL OR c.last_seen >= p.u)
  JOIN runs r ON r.id = x.run_id
  WHERE (p.app IS NULL OR r.app = p.app)
    AND x.last_time < p.u
  GROUP BY x.conflict_id
),
-- Every build key, each found from the one before it through runs_build_key (a few thousand
-- look-ups where reading every run took a fleet's year 0.1 s).
keys (build_key) AS (
  SELECT min(build_key) FROM runs
  UNION ALL
  SELECT (SELECT min(r.build_key) FROM runs r WHERE r.build_key > keys.build_key) FROM keys
  WHERE keys.build_key IS NOT NULL
),
-- The builds of runs started before :until. Materialized: read once, not again for each
-- conflict that counts the builds after its last.
builds AS MATERIALIZED (
  SELECT k.build_key FROM keys k, p
  WHERE k.build_key IS NOT NULL AND EXISTS (
    SELECT 1 FROM runs r WHERE r.build_key = k.build_key AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app))
),
quiet AS (
  SELECT seen.*, (p.u - seen.last_time) / 86400 AS days_quiet,
    (SELECT count(*) FROM builds WHERE builds.build_key > seen.last_key) AS newer_builds
  FROM seen, p
)
SELECT c.fingerprint, c.title,
  strftime('%Y-%m-%dT%H:%M:%SZ', quiet.last_time, 'unixepoch') AS last_seen,
  (SELECT min(build) FROM runs WHERE build_key = quiet.last_key) AS last_build,
  quiet.days_quiet, quiet.newer_builds
FROM quiet JOIN conflicts c ON c.id = quiet.conflict_id, p
WHERE c.status = 'open' AND (quiet.days_quiet >= p.quiet_days OR quiet.newer_builds >= p.quiet_builds)
  AND (quiet.whole = 1 OR NOT EXISTS (
    SELECT 1 FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id, p
    WHERE x.conflict_id = quiet.conflict_id AND x.first_time < p.u AND x.last_time >= p.u
      AND (p.app IS NULL OR r.app = p.app)))
  -- Logged in a test: not fixed while the runs since its last occurrence that recorded the tests
  -- they ran (run_tests) ran none of its tests (`lcq quiet` asks the same; docs/tests.md).
  AND NOT (EXISTS (SELECT 1 FROM run_tests)
    AND EXISTS (SELECT 1 FROM occurrences o WHERE o.conflict_id = quiet.conflict_id AND o.test IS NOT NULL)
    AND EXISTS (
      SELECT 1 FROM run_tests t JOIN runs r ON r.id = t.run_id
      WHERE r.started_at > quiet.last_time AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app))
    AND NOT EXISTS (
      SELECT 1 FROM run_tests t JOIN runs r ON r.id = t.run_id
      WHERE r.started_at > quiet.last_time AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
        AND t.test IN (
          SELECT o.test FROM occurrences o WHERE o.conflict_id = quiet.conflict_id AND o.test IS NOT NULL)))
ORDER BY quiet.last_time DESC, c.fingerprint
LIMIT 20;
