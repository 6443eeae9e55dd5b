-- lcq team store, schema 16 (SQLite's 0019): an index on each conflict's occurrences by time,
-- for the tie rule's look-up of one conflict's occurrences at one second. See the SQLite file's
-- 0019. On a partitioned store each monthly partition gets its own.
CREATE INDEX occurrences_conflict_time ON occurrences(conflict_id, time);
