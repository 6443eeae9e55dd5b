-- lcq team store, schema 14 (SQLite's 0017): each conflict's newest build key. See the SQLite
-- file's 0017. Ordered by bytes, as SQLite orders it (`COLLATE "C"`).
ALTER TABLE conflicts ADD COLUMN last_build_key TEXT COLLATE "C";
UPDATE conflicts SET last_build_key = (
  SELECT max(r.build_key) FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id WHERE x.conflict_id = conflicts.id
);
