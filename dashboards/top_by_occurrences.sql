-- Report panel "top_by_occurrences": the 10 conflicts with the most occurrences in the window
-- [:since, :until), with their minimal set (a JSON array), explanation and best proven fix.
-- first_seen, last_seen and the builds are the conflict's over all time.
-- Only conflicts with the owner :owner ('app', the default: the app can fix them, or not yet
-- known; 'system': UIKit's or AppKit's own; 'all').
-- Parameters: :since, :until (ISO 8601 UTC), :app ('' for every app), :owner ('' for 'app'), :team.
-- code_owners and source_files (JSON arrays) are the latest `lcq ingest --source-root` mapping,
-- NULL when none; :team ('' for all) keeps the conflicts whose code owners include it.
-- include: _top_conflicts.sql
ORDER BY occurrences DESC, runs DESC, devices DESC, c.fingerprint
LIMIT 10;
