-- Report panel "regressed_conflicts": resolved conflicts seen again, before :until, in a run
-- the rule of regressions allows (the view `regression_runs`: a build at or after the one they
-- were resolved in, or a run without a build started after they were resolved). `in_window`
-- says whether such an occurrence falls in [:since, :until). `last_build` is NULL when every
-- such run had no build.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :team.
-- code_owners and source_files (JSON arrays) are the latest `lcq ingest --source-root` mapping,
-- NULL when none; :team ('' for all) keeps the conflicts whose code owners include it.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, nullif(:team, '') AS team
),
-- Every time before :until.
spans (name, s, u) AS (SELECT 'all', -9223372036800000000, u FROM p),
-- include: _window_counts.sql,
again AS (
  SELECT counts.conflict_id, counts.run_id, counts.build_key, counts.first_time, counts.last_time, counts.n
  FROM counts JOIN regression_runs rr ON rr.conflict_id = counts.conflict_id AND rr.run_id = counts.run_id
),
grouped AS (
  SELECT conflict_id, sum(n) AS n, count(DISTINCT run_id) AS runs, min(first_time) AS first_time,
    max(last_time) AS last_time, max(build_key) AS last_key
  FROM again GROUP BY conflict_id HAVING sum(n) > 0
)
SELECT c.fingerprint, c.title, c.resolved_build, grouped.n AS occurrences, grouped.runs,
  strftime('%Y-%m-%dT%H:%M:%SZ', grouped.first_time, 'unixepoch') AS first_seen_again,
  strftime('%Y-%m-%dT%H:%M:%SZ', grouped.last_time, 'unixepoch') AS last_seen,
  (SELECT min(build) FROM runs WHERE build_key = grouped.last_key) AS last_build,
  grouped.last_time >= p.s AS in_window,
  (SELECT lo.owners FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS code_owners,
  (SELECT lo.source_files FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS source_files
FROM grouped JOIN conflicts c ON c.id = grouped.conflict_id, p
WHERE (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
    WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)))
ORDER BY grouped.last_time DESC, c.fingerprint;
