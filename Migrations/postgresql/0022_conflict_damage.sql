-- lcq team store, schema 22 (SQLite's 0024): how much each conflict shows. See the SQLite
-- file's 0024.
ALTER TABLE conflicts ADD COLUMN damage TEXT;
ALTER TABLE conflicts ADD COLUMN damage_points DOUBLE PRECISION;
ALTER TABLE conflicts ADD COLUMN damage_shows TEXT;
ALTER TABLE conflicts ADD COLUMN damage_collapses BIGINT;
