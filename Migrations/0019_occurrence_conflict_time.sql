-- lcq store, schema 19: an index on each conflict's occurrences by time. The tie rule
-- (docs/store.md, "Ties") asks, for one conflict, which of its occurrences at one second comes
-- first; without this index SQLite found them through `occurrences_time`, every conflict's
-- occurrences of that second, so a log whose messages share their times (pasted text stamped
-- with the ingest's time) made `lcq db reanalyze` and the counting of each batch grow with the
-- square of the store (docs/store.md, "Ties").
CREATE INDEX occurrences_conflict_time ON occurrences(conflict_id, time);
