-- lcq store, schema 14: where the app turns the conflict messages off, as the run's source tree
-- said (`lcq ingest --source-root`): a JSON array of `path:line what` (docs/owners.md,
-- "Silence is not health"). '[]' when the tree was read and nothing turns them off; NULL when
-- no tree was read (and for runs of older lcq versions). `lcq check` and the report say it,
-- because a run without conflicts may only be a run that printed none.
ALTER TABLE runs ADD COLUMN logging_off TEXT;
