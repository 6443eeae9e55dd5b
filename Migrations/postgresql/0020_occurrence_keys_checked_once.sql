-- lcq team store, schema 20 (the team store only):
-- - `occurrences` keeps its conflict, run and template ids without foreign keys. A key is
--   checked for every row inserted (a lookup and a row lock in the table it points at): 44 % of
--   the server's time in inserting a batch of occurrences (BENCHMARKS.md, "The collector"). lcq
--   checks each batch's ids once instead, in the batch's transaction, after taking the lock on
--   `occurrences` that keeps a prune and a reanalysis (the only deletions of conflicts, runs and
--   templates, which delete only what no occurrence uses) out until it commits (docs/store.md,
--   "Ingest").
-- - `lcq_occurrence_months` takes a month another writer made while it waited for the advisory
--   lock as made: the second look could miss it (the lock does not refresh what the session
--   knows of the tables), and the `CREATE TABLE` then failed with "already exists".
ALTER TABLE occurrences DROP CONSTRAINT occurrences_by_month_conflict_id_fkey;
ALTER TABLE occurrences DROP CONSTRAINT occurrences_by_month_run_id_fkey;
ALTER TABLE occurrences DROP CONSTRAINT occurrences_by_month_template_id_fkey;

CREATE OR REPLACE FUNCTION lcq_occurrence_months(times BIGINT[]) RETURNS INTEGER
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
      BEGIN
        EXECUTE format('CREATE TABLE %I PARTITION OF occurrences FOR VALUES FROM (%s) TO (%s)', name,
          CAST(extract(epoch FROM month) AS BIGINT), CAST(extract(epoch FROM month + interval '1 month') AS BIGINT));
        made := made + 1;
      EXCEPTION WHEN duplicate_table THEN
        NULL;
      END;
    END IF;
  END LOOP;
  RETURN made;
END $$;
