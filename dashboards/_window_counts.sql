-- The window's counts, written once: included by the panels that count occurrences in a span
-- of time (`-- include: _window_counts.sql`, expanded by scripts/embed-sql.py) and by the
-- queries' filter (QueryFilter). The including query defines `p` (with `app`: NULL for every
-- app) and `spans (name, s, u)`: each span [s, u) in unix seconds.
-- `counts` has a row per span and rollup row that the span touches, for the runs of p.app:
-- the conflict, run and UTC day, the run's metadata and start, the row's first and last times
-- clamped to the span, and `n`, its occurrences inside the span: the rollup's count when the
-- row lies inside, else counted from `occurrences` (the span cuts its day).
-- max and min are the two-argument scalars (PostgreSQL's GREATEST and LEAST, which the filter
-- names so on the team store; the dashboards there get them from Migrations/postgresql/0002).
counts AS (
  SELECT spans.name AS span, x.conflict_id, x.run_id, x.day, r.app, r.device, r.os_version, r.build,
    r.build_key, r.started_at, max(x.first_time, spans.s) AS first_time, min(x.last_time, spans.u - 1) AS last_time,
    CASE WHEN x.first_time >= spans.s AND x.last_time < spans.u THEN x.occurrences
    ELSE (SELECT count(*) FROM occurrences o WHERE o.conflict_id = x.conflict_id AND o.run_id = x.run_id
      AND o.time >= max(spans.s, x.day * 86400) AND o.time < min(spans.u, x.day * 86400 + 86400)) END AS n
  FROM spans
  JOIN occurrence_rollup x ON x.day BETWEEN spans.s / 86400 AND spans.u / 86400
    AND x.last_time >= spans.s AND x.first_time < spans.u
  JOIN runs r ON r.id = x.run_id
  JOIN p ON p.app IS NULL OR r.app = p.app
)
