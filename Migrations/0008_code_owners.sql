-- lcq store, schema 8: each conflict's source files and owners as a run saw them (`lcq ingest
-- --source-root`, with CODEOWNERS): one row per conflict per run that indexed a source tree,
-- written with the run's first occurrence of the conflict. `source_files` and `owners` are JSON
-- arrays of text (empty when the tree declares none of the conflict's classes, or CODEOWNERS
-- names no owner). The latest run's row is the conflict's current mapping
-- (`latest_code_owners`); older rows keep who owned it then. Pruning a run or a conflict
-- removes its rows.
CREATE TABLE code_owners (
  conflict_id INTEGER NOT NULL REFERENCES conflicts(id) ON DELETE CASCADE,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  source_files TEXT NOT NULL,
  owners TEXT NOT NULL,
  PRIMARY KEY (conflict_id, run_id)
);
CREATE INDEX code_owners_run ON code_owners(run_id);
CREATE VIEW latest_code_owners AS
  SELECT o.conflict_id, o.run_id, o.source_files, o.owners FROM code_owners o
  WHERE o.run_id = (SELECT max(m.run_id) FROM code_owners m WHERE m.conflict_id = o.conflict_id);
