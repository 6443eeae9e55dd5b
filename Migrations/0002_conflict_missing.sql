-- lcq store, schema 2: what an undecidable conflict's verdict depends on.
-- A JSON array of the quantities the log did not state (margins, baseline, container-origin,
-- engine-variable, unparsed-constraint); NULL when none, and for conflicts stored before
-- schema 2 until `lcq db reanalyze` fills it in.
ALTER TABLE conflicts ADD COLUMN missing TEXT;

DROP VIEW conflicts_iso;
CREATE VIEW conflicts_iso AS
SELECT id, fingerprint, title, verdict, minimal_set, explanation, best_fix, missing,
  strftime('%Y-%m-%dT%H:%M:%SZ', first_seen, 'unixepoch') AS first_seen,
  strftime('%Y-%m-%dT%H:%M:%SZ', last_seen, 'unixepoch') AS last_seen,
  first_build, last_build, occurrence_count, status, resolved_build,
  strftime('%Y-%m-%dT%H:%M:%SZ', status_changed_at, 'unixepoch') AS status_changed_at
FROM conflicts;
