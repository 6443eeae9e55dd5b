-- lcq team store, schema 12 (SQLite's 0016): on which sizes each conflict fires. See the SQLite
-- file's 0016.
ALTER TABLE conflicts ADD COLUMN envelope TEXT;
ALTER TABLE conflicts ADD COLUMN width_safe_from DOUBLE PRECISION;
ALTER TABLE conflicts ADD COLUMN width_safe_to DOUBLE PRECISION;
ALTER TABLE conflicts ADD COLUMN width_fires_everywhere BIGINT;
