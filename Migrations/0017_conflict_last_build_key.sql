-- lcq store, schema 17: each conflict's newest build key (`last_build_key`): the largest
-- `runs.build_key` among the runs that logged it, NULL when none of them recorded a build. The
-- report's "likely fixed" panel reads it for the conflicts last seen before its `until`
-- instead of every rollup row of the history (docs/store.md, "Counting", keeps it so).
ALTER TABLE conflicts ADD COLUMN last_build_key TEXT;
UPDATE conflicts SET last_build_key = (
  SELECT max(r.build_key) FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id WHERE x.conflict_id = conflicts.id
);
