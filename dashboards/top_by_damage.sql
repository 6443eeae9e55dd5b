-- Report panel "top_by_damage": the 10 conflicts of the window [:since, :until) that matter most
-- to what people see: those whose damage is visible (UIKit's layout misses the constraint it
-- broke by 1 pt or more, or a view collapses: docs/diagnosis.md, "The damage") first, then those
-- without a damage figure (nothing shows they are small), then the subpixel ones; the most
-- occurrences first within each. Conflicts whose damage is invisible (under half a point) are
-- left out: the panel invisible_damage counts them. The columns are top_by_occurrences's.
-- Only conflicts with the owner :owner ('app', the default: the app can fix them, or not yet
-- known; 'system': UIKit's or AppKit's own; 'all').
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner ('' for 'app'), :team.
-- include: _top_conflicts.sql
  AND coalesce(c.damage_shows, '') <> 'invisible'
ORDER BY CASE c.damage_shows WHEN 'visible' THEN 0 WHEN 'subpixel' THEN 2 ELSE 1 END,
  occurrences DESC, runs DESC, devices DESC, c.fingerprint
LIMIT 10;
