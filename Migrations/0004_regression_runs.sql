-- lcq store, schema 4: the one rule for "regressed", which `lcq regressed`, `lcq check` and the
-- report's regressed panel all read from this view. A resolved conflict has regressed in a run
-- when it is seen again in that run and the run is
-- - of a build at or after the build it was resolved in (build order: docs/store.md), or
-- - of no recorded build, and started after it was resolved: with no build to compare, a run
--   ingested after the fix was declared that still sees the conflict is a regression.
-- Runs of older builds never count. The view lists the (conflict, run) pairs the rule allows;
-- a regression needs an occurrence of the conflict in the run as well.
CREATE VIEW regression_runs AS
SELECT c.id AS conflict_id, r.id AS run_id
FROM conflicts c
JOIN runs r ON (r.build_key IS NOT NULL AND r.build_key >= c.resolved_build_key)
  OR (r.build_key IS NULL AND r.started_at >= c.status_changed_at)
WHERE c.status = 'resolved';
