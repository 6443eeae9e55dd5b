-- Report panel "ingestion_health": the ingest runs started in the window [:since, :until) and
-- what they read. A window with no run means no input arrived: the report says so loudly. The
-- occurrences those runs stored with log times before the window (an old log ingested now) are
-- counted apart, with the earliest time, so the report can say where they went. `logging_off`
-- is where the newest of those runs that read a source tree found the app turning the conflict
-- messages off (a JSON array of `path:line what`; '[]' for none; NULL when no run read a tree):
-- a quiet window may only be one that printed nothing.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app
),
w AS (
  SELECT r.* FROM runs r, p
  WHERE r.started_at >= p.s AND r.started_at < p.u AND (p.app IS NULL OR r.app = p.app)
)
SELECT count(*) AS runs,
  count(CASE WHEN status = 'finished' THEN 1 END) AS finished_runs,
  count(CASE WHEN status = 'interrupted' THEN 1 END) AS interrupted_runs,
  count(CASE WHEN status IN ('failed', 'running') THEN 1 END) AS unfinished_runs,
  coalesce(sum(lines), 0) AS lines,
  coalesce(sum(bytes), 0) AS bytes,
  coalesce(sum(blocks), 0) AS blocks,
  coalesce(sum(occurrences), 0) AS occurrences,
  coalesce(sum(duplicates), 0) AS duplicates,
  coalesce(sum(unparsed), 0) AS unparsed,
  CASE WHEN sum(blocks) > 0 THEN round(100.0 * sum(unparsed) / sum(blocks), 2) ELSE 0 END AS unparsed_percent,
  strftime('%Y-%m-%dT%H:%M:%SZ', max(started_at), 'unixepoch') AS last_run_started,
  strftime('%Y-%m-%dT%H:%M:%SZ', (SELECT r.started_at FROM runs r, p
    WHERE r.started_at < p.u AND (p.app IS NULL OR r.app = p.app) ORDER BY r.started_at DESC LIMIT 1), 'unixepoch')
    AS last_run_ever,
  (SELECT count(*) FROM occurrences o, p WHERE o.run_id IN (SELECT id FROM w) AND o.time < p.s)
    AS logged_before_window,
  (SELECT strftime('%Y-%m-%dT%H:%M:%SZ', min(o.time), 'unixepoch') FROM occurrences o, p
    WHERE o.run_id IN (SELECT id FROM w) AND o.time < p.s) AS earliest_logged,
  (SELECT x.logging_off FROM w x WHERE x.logging_off IS NOT NULL ORDER BY x.started_at DESC, x.id DESC LIMIT 1)
    AS logging_off
FROM w;
