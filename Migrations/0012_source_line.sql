-- lcq store, schema 12: the line where a conflict's code is, in the first of its source files
-- (`code_owners.source_files`): the line SnapKit printed after the file's name, or the line
-- declaring the conflict's view class. NULL when neither is known (rows of older runs, a file
-- found by name only). `lcq check --format sarif` and `--format github` place their findings
-- there.
ALTER TABLE code_owners ADD COLUMN source_line INTEGER;
DROP VIEW latest_code_owners;
CREATE VIEW latest_code_owners AS
  SELECT o.conflict_id, o.run_id, o.source_files, o.owners, o.source_line FROM code_owners o
  WHERE o.run_id = (SELECT max(m.run_id) FROM code_owners m WHERE m.conflict_id = o.conflict_id);
