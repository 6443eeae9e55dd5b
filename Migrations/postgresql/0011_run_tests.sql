-- lcq team store, schema 11 (SQLite's 0015): the tests each run ran, as its input's start markers
-- said. See the SQLite file's 0015. Ordered by bytes, as SQLite orders it (`COLLATE "C"`).
CREATE TABLE run_tests (
  run_id BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  test TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (run_id, test)
);
CREATE INDEX run_tests_test ON run_tests(test, run_id);
