-- lcq team store, schema 17 (SQLite's 0020): occurrences counted per conflict and UTC day, and
-- per run and UTC day, kept with `occurrence_rollup`. See the SQLite file's 0020.
CREATE TABLE conflict_day_counts (
  conflict_id BIGINT NOT NULL REFERENCES conflicts(id),
  day BIGINT NOT NULL,
  occurrences BIGINT NOT NULL,
  PRIMARY KEY (conflict_id, day)
);
CREATE INDEX conflict_day_counts_day ON conflict_day_counts(day);
CREATE TABLE run_day_counts (
  run_id BIGINT NOT NULL REFERENCES runs(id),
  day BIGINT NOT NULL,
  occurrences BIGINT NOT NULL,
  PRIMARY KEY (run_id, day)
);
CREATE INDEX run_day_counts_day ON run_day_counts(day);
-- The report's runs of a window (run_health's builds) are found by their start.
CREATE INDEX runs_started_at ON runs(started_at);
INSERT INTO conflict_day_counts (conflict_id, day, occurrences)
  SELECT conflict_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY conflict_id, day;
INSERT INTO run_day_counts (run_id, day, occurrences)
  SELECT run_id, day, sum(occurrences) FROM occurrence_rollup GROUP BY run_id, day;
