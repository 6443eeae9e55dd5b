-- lcq store, schema 13: the test that was running when each message was logged, as the test
-- runner's markers in the same input say (XCTest's `Module.Class.method`, Swift Testing's name
-- as printed; docs/tests.md). NULL when no test, or more than one, was running, and for the
-- rows of older runs. A failed block keeps it for the occurrence a later lcq makes of it.
ALTER TABLE occurrences ADD COLUMN test TEXT;
ALTER TABLE failed_blocks ADD COLUMN test TEXT;
CREATE INDEX occurrences_conflict_test ON occurrences(conflict_id, test) WHERE test IS NOT NULL;
DROP VIEW occurrences_iso;
CREATE VIEW occurrences_iso AS
SELECT o.id, c.fingerprint, c.title, o.run_id,
  strftime('%Y-%m-%dT%H:%M:%SZ', o.time, 'unixepoch') AS time, o.time_source,
  o.process, o.pid, o.verdict, o.broken_constraint, o.broken_in_minimal_set,
  r.app, r.app_version, r.build, r.device, r.os_version, o.source_file, o.source_line, o.test
FROM occurrences o JOIN conflicts c ON c.id = o.conflict_id JOIN runs r ON r.id = o.run_id;
