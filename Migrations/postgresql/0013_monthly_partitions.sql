-- lcq team store, schema 13 (the team store only: an SQLite file has no partitions): the
-- occurrences in one partition per UTC month of their time, so that `lcq db prune` drops whole
-- months instead of deleting rows (docs/scale.md, "Monthly partitions").
-- - PostgreSQL wants every unique index of a partitioned table to hold the partition key, and
--   `identity` alone is what makes an occurrence unique (a message without a logged time takes
--   the ingest time, so the same log ingested twice would get two times). The identities move to
--   `occurrence_identities`, one narrow row per occurrence with its id and time, unpartitioned:
--   lcq claims an identity there in the statement that inserts the occurrence, and the occurrence
--   is inserted only where the claim was new.
-- - A month's partition is made when an occurrence of that month is first written
--   (`lcq_occurrence_months`, called by lcq before it inserts), under an advisory lock, so that
--   runners that start a month at once make it once.
-- - Ids come from the sequence `occurrence_ids` (a partitioned table takes no identity column on
--   PostgreSQL 15), carried on from the table's own.
-- - `open_messages` keeps its occurrence's id without a foreign key (a key into a partitioned
--   table would have to hold the time too); lcq deletes an open message with its occurrence.

CREATE TABLE occurrence_identities (
  identity TEXT NOT NULL PRIMARY KEY,
  occurrence_id BIGINT NOT NULL,
  time BIGINT NOT NULL
);

CREATE SEQUENCE occurrence_ids AS BIGINT;
SELECT setval('occurrence_ids', coalesce((SELECT max(id) FROM occurrences), 0) + 1, false);

CREATE TABLE occurrences_by_month (
  id BIGINT NOT NULL DEFAULT nextval('occurrence_ids'),
  identity TEXT NOT NULL,
  conflict_id BIGINT NOT NULL REFERENCES conflicts(id),
  run_id BIGINT NOT NULL REFERENCES runs(id),
  time BIGINT NOT NULL,
  time_source TEXT NOT NULL CHECK (time_source IN ('log', 'ingest')),
  process TEXT,
  pid BIGINT,
  verdict TEXT NOT NULL,
  broken_constraint TEXT,
  broken_in_minimal_set BIGINT,
  source_file TEXT NOT NULL,
  source_line BIGINT NOT NULL,
  template_id BIGINT NOT NULL REFERENCES block_templates(id),
  template_values TEXT NOT NULL,
  issues TEXT,
  analysis_version TEXT NOT NULL,
  test TEXT COLLATE "C",
  PRIMARY KEY (id, time)
) PARTITION BY RANGE (time);

-- Makes the partition of each UTC month that one of `times` falls in, where it is missing;
-- returns how many it made.
CREATE FUNCTION lcq_occurrence_months(times BIGINT[]) RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT SET TimeZone = 'UTC' AS $$
DECLARE
  month TIMESTAMPTZ;
  name TEXT;
  made INTEGER := 0;
BEGIN
  FOR month IN SELECT DISTINCT date_trunc('month', to_timestamp(t)) FROM unnest(times) AS t LOOP
    name := 'occurrences_' || to_char(month, 'YYYY_MM');
    IF to_regclass(name) IS NULL THEN
      PERFORM pg_advisory_xact_lock(7107441);
      IF to_regclass(name) IS NULL THEN
        EXECUTE format('CREATE TABLE %I PARTITION OF occurrences FOR VALUES FROM (%s) TO (%s)', name,
          CAST(extract(epoch FROM month) AS BIGINT), CAST(extract(epoch FROM month + interval '1 month') AS BIGINT));
        made := made + 1;
      END IF;
    END IF;
  END LOOP;
  RETURN made;
END $$;

-- Drops the partitions of the months wholly before `cut` (epoch seconds); returns how many
-- occurrences they held. Both functions run as the schema's owner, who may create and drop
-- tables (docs/team.md's writer may not), and only on `occurrences`' partitions.
CREATE FUNCTION lcq_drop_occurrence_months_before(cut BIGINT) RETURNS BIGINT
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  part RECORD;
  held BIGINT;
  dropped BIGINT := 0;
BEGIN
  FOR part IN
    SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass('occurrences') ORDER BY c.relname
  LOOP
    IF CAST(substring(part.bound FROM 'TO \(''?(-?[0-9]+)''?\)') AS BIGINT) <= cut THEN
      EXECUTE format('SELECT count(*) FROM %I', part.relname) INTO held;
      EXECUTE format('DROP TABLE %I', part.relname);
      dropped := dropped + held;
    END IF;
  END LOOP;
  RETURN dropped;
END $$;

ALTER TABLE occurrences RENAME TO occurrences_unpartitioned;
ALTER TABLE occurrences_by_month RENAME TO occurrences;
ALTER TABLE open_messages DROP CONSTRAINT open_messages_occurrence_id_fkey;

SELECT lcq_occurrence_months(ARRAY(SELECT DISTINCT time / 86400 * 86400 FROM occurrences_unpartitioned));
INSERT INTO occurrences (id, identity, conflict_id, run_id, time, time_source, process, pid, verdict,
  broken_constraint, broken_in_minimal_set, source_file, source_line, template_id, template_values, issues,
  analysis_version, test)
SELECT id, identity, conflict_id, run_id, time, time_source, process, pid, verdict,
  broken_constraint, broken_in_minimal_set, source_file, source_line, template_id, template_values, issues,
  analysis_version, test
FROM occurrences_unpartitioned ORDER BY id;
INSERT INTO occurrence_identities (identity, occurrence_id, time)
SELECT identity, id, time FROM occurrences_unpartitioned;

DROP VIEW occurrences_iso;
DROP TABLE occurrences_unpartitioned;

CREATE INDEX occurrences_conflict_run_time ON occurrences(conflict_id, run_id, time);
CREATE INDEX occurrences_time ON occurrences(time);
CREATE INDEX occurrences_run ON occurrences(run_id);
CREATE INDEX occurrences_conflict_test ON occurrences(conflict_id, test) WHERE test IS NOT NULL;

CREATE VIEW occurrences_iso AS
SELECT o.id, c.fingerprint, c.title, o.run_id,
  to_char(to_timestamp(o.time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time, o.time_source,
  o.process, o.pid, o.verdict, o.broken_constraint, o.broken_in_minimal_set,
  r.app, r.app_version, r.build, r.device, r.os_version, o.source_file, o.source_line, o.test
FROM occurrences o JOIN conflicts c ON c.id = o.conflict_id JOIN runs r ON r.id = o.run_id;
