-- lcq store, schema 3: who owns a conflict. 'system' when the app can change none of the
-- minimal set's members (UIKit's or AppKit's own constraints, or the autoresizing masks of
-- their views): there is no fix in the app. 'app' for the others; NULL for blocks that are not
-- a proven conflict, and for conflicts stored before schema 3 until `lcq db reanalyze` fills it
-- in. Queries read NULL as 'app': a conflict is shown unless it is known to be the system's.
ALTER TABLE conflicts ADD COLUMN owner TEXT CHECK (owner IN ('app', 'system'));

DROP VIEW conflicts_iso;
CREATE VIEW conflicts_iso AS
SELECT id, fingerprint, title, verdict, minimal_set, explanation, best_fix, missing, owner,
  strftime('%Y-%m-%dT%H:%M:%SZ', first_seen, 'unixepoch') AS first_seen,
  strftime('%Y-%m-%dT%H:%M:%SZ', last_seen, 'unixepoch') AS last_seen,
  first_build, last_build, occurrence_count, status, resolved_build,
  strftime('%Y-%m-%dT%H:%M:%SZ', status_changed_at, 'unixepoch') AS status_changed_at
FROM conflicts;
