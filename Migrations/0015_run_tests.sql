-- lcq store, schema 15: the tests each run ran, as the test runner's start markers in its input
-- said (docs/tests.md), whether or not they logged a conflict. With the test on each occurrence
-- (0013) they give the denominators a test-aware gate needs: how many runs ran a test, and how
-- many of those logged a conflict in it. A run of an older lcq, or of a log without markers,
-- has no rows: its tests are unknown, not absent. Pruning a run removes its rows.
CREATE TABLE run_tests (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  test TEXT NOT NULL,
  PRIMARY KEY (run_id, test)
);
CREATE INDEX run_tests_test ON run_tests(test, run_id);
