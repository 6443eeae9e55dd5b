-- lcq team store, schema 8 (SQLite's 0012): the line where a conflict's code is, in the first
-- of its source files. See the SQLite file's 0012.
ALTER TABLE code_owners ADD COLUMN source_line BIGINT;
CREATE OR REPLACE VIEW latest_code_owners AS
  SELECT o.conflict_id, o.run_id, o.source_files, o.owners, o.source_line FROM code_owners o
  WHERE o.run_id = (SELECT max(m.run_id) FROM code_owners m WHERE m.conflict_id = o.conflict_id);
