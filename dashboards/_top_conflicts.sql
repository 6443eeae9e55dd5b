-- The top conflicts of the window [:since, :until), with their counts, over all time their first
-- and last seen times and builds, their minimal set, explanation, best fix, envelope (on which
-- sizes it fires, docs/envelope.md), damage (how much it shows, docs/diagnosis.md) and code
-- owners; grouped by conflict, without an order. Included by top_by_occurrences, top_by_reach
-- and top_by_damage, which differ only in what follows the HAVING.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, coalesce(nullif(:owner, ''), 'app') AS owner,
    nullif(:team, '') AS team
),
spans (name, s, u) AS (SELECT 'window', s, u FROM p),
-- include: _window_counts.sql
SELECT c.fingerprint, c.title, c.status, c.verdict,
  sum(counts.n) AS occurrences,
  count(DISTINCT CASE WHEN counts.n > 0 THEN counts.run_id END) AS runs,
  count(DISTINCT CASE WHEN counts.n > 0 THEN counts.device END) AS devices,
  strftime('%Y-%m-%dT%H:%M:%SZ', c.first_seen, 'unixepoch') AS first_seen,
  strftime('%Y-%m-%dT%H:%M:%SZ', c.last_seen, 'unixepoch') AS last_seen,
  c.first_build, c.last_build, c.minimal_set, c.explanation, c.best_fix,
  c.envelope, c.width_safe_from, c.width_safe_to, c.width_fires_everywhere,
  c.damage, c.damage_points, c.damage_shows,
  (SELECT lo.owners FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS code_owners,
  (SELECT lo.source_files FROM latest_code_owners lo WHERE lo.conflict_id = c.id) AS source_files
FROM counts JOIN conflicts c ON c.id = counts.conflict_id, p
WHERE (p.owner = 'all' OR coalesce(c.owner, 'app') = p.owner)
  AND (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
    WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)))
GROUP BY c.id
HAVING sum(counts.n) > 0
