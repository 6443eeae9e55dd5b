-- lcq team store, schema 5 (SQLite's 0008): each conflict's source files and owners as a run
-- saw them (`lcq ingest --source-root`), JSON arrays of text; the latest run's row is the
-- conflict's current mapping. See the SQLite file's 0008.
CREATE TABLE code_owners (
  conflict_id BIGINT NOT NULL REFERENCES conflicts(id) ON DELETE CASCADE,
  run_id BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  source_files TEXT NOT NULL,
  owners TEXT NOT NULL,
  PRIMARY KEY (conflict_id, run_id)
);
CREATE INDEX code_owners_run ON code_owners(run_id);
CREATE VIEW latest_code_owners AS
  SELECT o.conflict_id, o.run_id, o.source_files, o.owners FROM code_owners o
  WHERE o.run_id = (SELECT max(m.run_id) FROM code_owners m WHERE m.conflict_id = o.conflict_id);
