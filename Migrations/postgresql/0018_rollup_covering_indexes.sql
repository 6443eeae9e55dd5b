-- lcq team store, schema 18 (SQLite's 0021): `occurrence_rollup`'s rows of the window's days,
-- by day and by conflict and day, read from the index alone. See the SQLite file's 0021.
DROP INDEX occurrence_rollup_day;
CREATE INDEX occurrence_rollup_day_counts
  ON occurrence_rollup(day) INCLUDE (conflict_id, run_id, first_time, last_time, occurrences);
CREATE INDEX occurrence_rollup_conflict_day
  ON occurrence_rollup(conflict_id, day) INCLUDE (run_id, first_time, last_time, occurrences);
