-- lcq store, schema 11: the SQLite file counts occurrences as the team store does. The
-- triggers that kept occurrence_rollup and each conflict's counters row by row go; every writer
-- counts in lcq: an ingest per batch, and a recount from the occurrences after a reanalysis, a
-- prune or a copy (docs/store.md, "Counting"). What the triggers counted stays: it is what the
-- occurrences say.
DROP TRIGGER IF EXISTS occurrences_counted;
DROP TRIGGER IF EXISTS occurrences_uncounted;
DROP TRIGGER IF EXISTS occurrences_moved;
