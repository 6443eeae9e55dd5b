-- Report panel "top_tests": the 10 tests that logged the most occurrences in the window [:since,
-- :until) of conflicts with the owner :owner ('app', the default: the app can fix them) and,
-- with :team, of the team's, as the test runners' markers named them (docs/tests.md): where to
-- start reproducing. Each with its `conflicts` (distinct) and `occurrences`, and the conflict it
-- logged most (`top_fingerprint`, `top_title`). Occurrences logged in no test are left out;
-- the panel is empty when no log held markers.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner ('' for 'app'), :team.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, coalesce(nullif(:owner, ''), 'app') AS owner, nullif(:team, '') AS team
),
logged AS (
  SELECT o.test, o.conflict_id, count(*) AS n
  FROM occurrences o JOIN runs r ON r.id = o.run_id, p
  WHERE o.test IS NOT NULL AND o.time >= p.s AND o.time < p.u AND (p.app IS NULL OR r.app = p.app)
    -- Once, from the partial index: a store whose logs held no markers reads no occurrence.
    AND EXISTS (SELECT 1 FROM occurrences tested WHERE tested.test IS NOT NULL)
  GROUP BY o.test, o.conflict_id
),
counted AS (
  SELECT l.test, c.fingerprint, c.title, l.n FROM logged l JOIN conflicts c ON c.id = l.conflict_id, p
  WHERE (p.owner = 'all' OR coalesce(c.owner, 'app') = p.owner)
    AND (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
      WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)))
),
ranked AS (
  SELECT test, fingerprint, title, n,
    row_number() OVER (PARTITION BY test ORDER BY n DESC, fingerprint) AS place
  FROM counted
)
SELECT test, count(*) AS conflicts, sum(n) AS occurrences,
  max(CASE WHEN place = 1 THEN fingerprint END) AS top_fingerprint,
  max(CASE WHEN place = 1 THEN title END) AS top_title
FROM ranked
GROUP BY test
ORDER BY occurrences DESC, conflicts DESC, test
LIMIT 10;
