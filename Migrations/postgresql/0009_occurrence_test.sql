-- lcq team store, schema 9 (SQLite's 0013): the test that was running when each message was
-- logged. See the SQLite file's 0013. Ordered by bytes, as SQLite orders it (`COLLATE "C"`).
ALTER TABLE occurrences ADD COLUMN test TEXT COLLATE "C";
ALTER TABLE failed_blocks ADD COLUMN test TEXT COLLATE "C";
CREATE INDEX occurrences_conflict_test ON occurrences(conflict_id, test) WHERE test IS NOT NULL;
CREATE OR REPLACE VIEW occurrences_iso AS
SELECT o.id, c.fingerprint, c.title, o.run_id,
  to_char(to_timestamp(o.time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time, o.time_source,
  o.process, o.pid, o.verdict, o.broken_constraint, o.broken_in_minimal_set,
  r.app, r.app_version, r.build, r.device, r.os_version, o.source_file, o.source_line, o.test
FROM occurrences o JOIN conflicts c ON c.id = o.conflict_id JOIN runs r ON r.id = o.run_id;
