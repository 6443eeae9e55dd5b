-- lcq store, schema 21: the window's counts (dashboards/_window_counts.sql: `top`, `trend`,
-- `show`, the report's panels) read `occurrence_rollup`'s rows of the window's days, by day for
-- every conflict and by conflict and day for one. These two indexes hold every column those
-- reads take, so the rows are read from the index alone: a fleet's week is about 90,000 rows
-- spread over the table, which the index on `day` alone sent to the table one by one.
DROP INDEX occurrence_rollup_day;
CREATE INDEX occurrence_rollup_day_counts
  ON occurrence_rollup(day, conflict_id, run_id, first_time, last_time, occurrences);
CREATE INDEX occurrence_rollup_conflict_day
  ON occurrence_rollup(conflict_id, day, run_id, first_time, last_time, occurrences);
