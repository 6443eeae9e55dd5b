-- The conflicts a panel counts, written once: those with the owner p.owner ('all' for every
-- owner; a conflict not yet given one is the app's) and, with p.team, those whose latest code
-- owners include it. Included by run_health and test_health (`-- include:
-- _counted_conflicts.sql,`); the including query defines `p` (with `owner` and `team`).
counted_conflicts AS (
  SELECT c.id FROM conflicts c, p
  WHERE (p.owner = 'all' OR coalesce(c.owner, 'app') = p.owner)
    AND (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
      WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)))
)
