-- Report panel "small_screens": the 10 conflicts with the most occurrences in the window
-- [:since, :until) that fire on the smallest screens: at some width a screen stands for (a
-- cell's, a root view's or a window's) from 320 pt, the narrowest in lcq's device table, up to,
-- not including, 375 pt (the iPhone SE of the first generation, iPad Slide Over), as the
-- conflict's envelope says (docs/envelope.md: the block's other constraints hold from
-- width_safe_from to width_safe_to; width_fires_everywhere = 1 when at no width). `lcq top
-- --fires-below 375` asks the same of any window.
-- Only conflicts with the owner :owner ('' for 'app', 'system', 'library' or 'all').
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner.
WITH p AS (
  SELECT CAST(strftime('%s', :since) AS BIGINT) AS s, CAST(strftime('%s', :until) AS BIGINT) AS u,
    nullif(:app, '') AS app, coalesce(nullif(:owner, ''), 'app') AS owner
),
spans (name, s, u) AS (SELECT 'window', s, u FROM p),
-- include: _window_counts.sql
SELECT c.fingerprint, c.title, c.status,
  sum(counts.n) AS occurrences,
  count(DISTINCT CASE WHEN counts.n > 0 THEN counts.run_id END) AS runs,
  c.width_safe_from, c.width_safe_to, c.width_fires_everywhere, c.envelope
FROM counts JOIN conflicts c ON c.id = counts.conflict_id, p
WHERE (p.owner = 'all' OR coalesce(c.owner, 'app') = p.owner)
  AND (c.width_fires_everywhere = 1 OR c.width_safe_from > 320 OR c.width_safe_to < 375)
GROUP BY c.id
HAVING sum(counts.n) > 0
ORDER BY occurrences DESC, runs DESC, c.fingerprint
LIMIT 10;
