-- Report panel "invisible_damage": the conflicts of the window [:since, :until) whose damage is
-- invisible (UIKit's layout misses the constraint it broke by under half a point, one pixel on a
-- 2x screen: docs/diagnosis.md, "The damage"), counted apart from the top conflicts
-- (top_by_damage leaves them out): how many, with how many occurrences and runs in the window.
-- Only conflicts with the owner :owner ('app', the default; 'system'; 'library'; 'all') and,
-- with :team, whose latest code owners include it.
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner ('' for 'app'), :team.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, coalesce(nullif(:owner, ''), 'app') AS owner,
    nullif(:team, '') AS team
),
spans (name, s, u) AS (SELECT 'window', s, u FROM p),
-- include: _window_counts.sql
SELECT count(DISTINCT c.id) AS conflicts, coalesce(sum(counts.n), 0) AS occurrences,
  count(DISTINCT counts.run_id) AS runs
FROM counts JOIN conflicts c ON c.id = counts.conflict_id, p
WHERE counts.n > 0 AND c.damage_shows = 'invisible'
  AND (p.owner = 'all' OR coalesce(c.owner, 'app') = p.owner)
  AND (p.team IS NULL OR c.id IN (SELECT lo.conflict_id FROM latest_code_owners lo
    WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = p.team)));
