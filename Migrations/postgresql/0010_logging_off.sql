-- lcq team store, schema 10 (SQLite's 0014): where the app turns the conflict messages off, as
-- the run's source tree said. See the SQLite file's 0014.
ALTER TABLE runs ADD COLUMN logging_off TEXT;
