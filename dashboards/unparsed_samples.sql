-- Report panel "unparsed_samples": the 3 latest blocks in the window [:since, :until) that
-- had no readable constraint (or a redacted list), with what could not be read and the raw text;
-- blocks of the same second by identity (a hash of what was logged), never by which was stored first.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app).
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app
)
SELECT strftime('%Y-%m-%dT%H:%M:%SZ', f.time, 'unixepoch') AS time, f.verdict,
  f.source_file, f.source_line, f.issues, f.raw_text
FROM failed_blocks f
WHERE f.time >= (SELECT s FROM p) AND f.time < (SELECT u FROM p)
  AND ((SELECT app FROM p) IS NULL
    OR (SELECT r.app FROM runs r WHERE r.id = f.run_id) = (SELECT app FROM p))
ORDER BY f.time DESC, f.identity
LIMIT 3;
