-- lcq store, schema 9: a conflict may be a third-party library's. conflicts.owner is 'library'
-- when the app can change none of the minimal set's members and one of them is a library's
-- (a class the app's source tree does not declare and Apple does not ship, `lcq ingest
-- --source-root`): there is no fix in the app, only in the library. SQLite cannot change a
-- column's CHECK in place, so the column is made again with the new one, its values kept (it
-- becomes the table's last column; every query names its columns).
DROP VIEW conflicts_iso;
ALTER TABLE conflicts ADD COLUMN owner_with_library TEXT
  CHECK (owner_with_library IN ('app', 'system', 'library'));
UPDATE conflicts SET owner_with_library = owner WHERE owner IS NOT NULL;
ALTER TABLE conflicts DROP COLUMN owner;
ALTER TABLE conflicts RENAME COLUMN owner_with_library TO owner;
CREATE VIEW conflicts_iso AS
SELECT id, fingerprint, title, verdict, minimal_set, explanation, best_fix, missing, owner,
  strftime('%Y-%m-%dT%H:%M:%SZ', first_seen, 'unixepoch') AS first_seen,
  strftime('%Y-%m-%dT%H:%M:%SZ', last_seen, 'unixepoch') AS last_seen,
  first_build, last_build, occurrence_count, status, resolved_build,
  strftime('%Y-%m-%dT%H:%M:%SZ', status_changed_at, 'unixepoch') AS status_changed_at
FROM conflicts;
