-- lcq store, schema 20: occurrences counted per conflict and UTC day, and per run and UTC day:
-- the sums of `occurrence_rollup`'s rows over their runs and over their conflicts, kept with
-- it (docs/store.md, "Counting"). The report's panels read them for the days a span holds
-- whole (the baseline_days before the window), where they read a row per conflict, run and day before: a
-- fleet's year has thousands of those a day, and a few hundred of these.
CREATE TABLE conflict_day_counts (
  conflict_id INTEGER NOT NULL REFERENCES conflicts(id),
  day INTEGER NOT NULL,            -- time / 86400
  occurrences INTEGER NOT NULL,
  PRIMARY KEY (conflict_id, day)
) WITHOUT ROWID;
CREATE INDEX conflict_day_counts_day ON conflict_day_counts(day);
CREATE TABLE run_day_counts (
  run_id INTEGER NOT NULL REFERENCES runs(id),
  day INTEGER NOT NULL,            -- time / 86400
  occurrences INTEGER NOT NULL,
  PRIMARY KEY (run_id, day)
) WITHOUT ROWID;
CREATE INDEX run_day_counts_day ON run_day_counts(day);
-- The report's runs of a window (run_health's builds) are found by their start.
CREATE INDEX runs_started_at ON runs(started_at);
INSERT INTO conflict_day_counts (conflict_id, day, occurrences)
  SELECT conflict_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY conflict_id, day;
INSERT INTO run_day_counts (run_id, day, occurrences)
  SELECT run_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY run_id, day;
