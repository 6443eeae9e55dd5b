-- lcq team store, schema 6 (SQLite's 0009): conflicts.owner may be 'library', a conflict among a
-- third-party library's views with no fix in the app. See the SQLite file's 0009.
ALTER TABLE conflicts DROP CONSTRAINT conflicts_owner_check;
ALTER TABLE conflicts ADD CONSTRAINT conflicts_owner_check CHECK (owner IN ('app', 'system', 'library'));
