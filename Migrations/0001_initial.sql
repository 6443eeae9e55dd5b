-- lcq store, schema 1: ingest runs, conflicts, occurrences and the blocks that failed.
-- Times are unix epoch seconds (UTC); the *_iso views show them as ISO 8601 text.
-- Build and version keys (*_key) are the text with every digit run zero-padded to 12 digits,
-- so that ordering them as text orders builds numerically ("2.10 (9)" after "2.9 (12)").

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  run_key TEXT,                    -- --run-id / LCQ_RUN_ID, when given
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  status TEXT NOT NULL DEFAULT 'running'
    CHECK (status IN ('running', 'finished', 'interrupted', 'failed')),
  source TEXT NOT NULL,            -- the inputs, '-' for standard input
  app TEXT,
  app_version TEXT,
  build TEXT,
  build_key TEXT,
  device TEXT,
  os_version TEXT,
  host TEXT,
  lcq_version TEXT NOT NULL,
  lines INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  blocks INTEGER NOT NULL DEFAULT 0,         -- conflict messages read
  occurrences INTEGER NOT NULL DEFAULT 0,    -- new occurrences stored
  duplicates INTEGER NOT NULL DEFAULT 0,     -- blocks already stored by an earlier ingest
  unparsed INTEGER NOT NULL DEFAULT 0,       -- blocks with no readable constraint, or redacted
  new_conflicts INTEGER NOT NULL DEFAULT 0   -- fingerprints first seen in this run
);
CREATE INDEX runs_build_key ON runs(build_key);

CREATE TABLE conflicts (
  id INTEGER PRIMARY KEY,
  fingerprint TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  verdict TEXT NOT NULL,           -- of the latest analysed occurrence
  minimal_set TEXT NOT NULL,       -- JSON array of the set's descriptions, as first logged
  explanation TEXT,                -- plain English (NULL until the diagnosis computes it)
  best_fix TEXT,                   -- the best proven fix (NULL until the diagnosis computes it)
  first_seen INTEGER NOT NULL,     -- these five are kept by the occurrence triggers
  last_seen INTEGER NOT NULL,
  first_build TEXT,                -- the build of the earliest occurrence
  last_build TEXT,                 -- the build of the latest occurrence
  occurrence_count INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'ignored')),
  resolved_build TEXT,             -- for status 'resolved': the build that fixed it
  resolved_build_key TEXT,
  status_changed_at INTEGER
);
CREATE INDEX conflicts_last_seen ON conflicts(last_seen);

-- Each occurrence's raw block is its template (shared) with its values (own): every hex
-- address and digit run of the text, in order. `lcq db reanalyze` rebuilds the text.
CREATE TABLE block_templates (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,       -- SHA-256 of the template
  template TEXT NOT NULL
);

CREATE TABLE occurrences (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL UNIQUE,   -- see docs/store.md: what makes two blocks the same event
  conflict_id INTEGER NOT NULL REFERENCES conflicts(id),
  run_id INTEGER NOT NULL REFERENCES runs(id),
  time INTEGER NOT NULL,
  time_source TEXT NOT NULL CHECK (time_source IN ('log', 'ingest')),
  process TEXT,
  pid INTEGER,
  verdict TEXT NOT NULL,
  broken_constraint TEXT,          -- the description UIKit broke
  broken_in_minimal_set INTEGER,   -- 1, 0, or NULL when unknown
  source_file TEXT NOT NULL,
  source_line INTEGER NOT NULL,
  template_id INTEGER NOT NULL REFERENCES block_templates(id),
  template_values TEXT NOT NULL,
  issues TEXT,                     -- JSON array of 'file:line:column: reason', NULL when none
  analysis_version TEXT NOT NULL
);
CREATE INDEX occurrences_conflict_run_time ON occurrences(conflict_id, run_id, time);
CREATE INDEX occurrences_time ON occurrences(time);
CREATE INDEX occurrences_run ON occurrences(run_id);

-- Occurrences counted per conflict, run and UTC day, kept by the triggers below, so that
-- `lcq top` and `lcq trend` read thousands of rows instead of millions. A window that cuts a
-- row counts that row's occurrences exactly from `occurrences`.
CREATE TABLE occurrence_rollup (
  conflict_id INTEGER NOT NULL REFERENCES conflicts(id),
  run_id INTEGER NOT NULL REFERENCES runs(id),
  day INTEGER NOT NULL,            -- time / 86400
  occurrences INTEGER NOT NULL,
  first_time INTEGER NOT NULL,
  last_time INTEGER NOT NULL,
  PRIMARY KEY (conflict_id, run_id, day)
) WITHOUT ROWID;
CREATE INDEX occurrence_rollup_run ON occurrence_rollup(run_id);
CREATE INDEX occurrence_rollup_day ON occurrence_rollup(day);

CREATE TRIGGER occurrences_counted AFTER INSERT ON occurrences BEGIN
  INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
  VALUES (NEW.conflict_id, NEW.run_id, NEW.time / 86400, 1, NEW.time, NEW.time)
  ON CONFLICT (conflict_id, run_id, day) DO UPDATE SET
    occurrences = occurrences + 1,
    first_time = min(first_time, excluded.first_time),
    last_time = max(last_time, excluded.last_time);
  UPDATE conflicts SET
    occurrence_count = occurrence_count + 1,
    first_build = CASE WHEN NEW.time < first_seen OR occurrence_count = 0
      THEN (SELECT build FROM runs WHERE id = NEW.run_id) ELSE first_build END,
    first_seen = CASE WHEN occurrence_count = 0 THEN NEW.time ELSE min(first_seen, NEW.time) END,
    last_build = CASE WHEN NEW.time >= last_seen OR occurrence_count = 0
      THEN (SELECT build FROM runs WHERE id = NEW.run_id) ELSE last_build END,
    last_seen = CASE WHEN occurrence_count = 0 THEN NEW.time ELSE max(last_seen, NEW.time) END
  WHERE id = NEW.conflict_id;
END;

CREATE TRIGGER occurrences_uncounted AFTER DELETE ON occurrences BEGIN
  UPDATE occurrence_rollup SET
    occurrences = occurrences - 1,
    first_time = coalesce((SELECT min(time) FROM occurrences WHERE conflict_id = OLD.conflict_id
      AND run_id = OLD.run_id AND time >= OLD.time / 86400 * 86400
      AND time < OLD.time / 86400 * 86400 + 86400), first_time),
    last_time = coalesce((SELECT max(time) FROM occurrences WHERE conflict_id = OLD.conflict_id
      AND run_id = OLD.run_id AND time >= OLD.time / 86400 * 86400
      AND time < OLD.time / 86400 * 86400 + 86400), last_time)
  WHERE conflict_id = OLD.conflict_id AND run_id = OLD.run_id AND day = OLD.time / 86400;
  DELETE FROM occurrence_rollup WHERE conflict_id = OLD.conflict_id AND run_id = OLD.run_id
    AND day = OLD.time / 86400 AND occurrences <= 0;
  UPDATE conflicts SET occurrence_count = occurrence_count - 1 WHERE id = OLD.conflict_id;
END;

-- Blocks with no readable constraint (or a redacted list): kept whole for a later lcq.
CREATE TABLE failed_blocks (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL UNIQUE,
  run_id INTEGER NOT NULL REFERENCES runs(id),
  time INTEGER NOT NULL,
  time_source TEXT NOT NULL CHECK (time_source IN ('log', 'ingest')),
  process TEXT,
  pid INTEGER,
  verdict TEXT NOT NULL CHECK (verdict IN ('unparsed', 'redacted')),
  source_file TEXT NOT NULL,
  source_line INTEGER NOT NULL,
  issues TEXT,
  raw_text TEXT NOT NULL
);
CREATE INDEX failed_blocks_time ON failed_blocks(time);

-- `lcq db reanalyze` moves an occurrence to another conflict: counted as a delete then an insert.
CREATE TRIGGER occurrences_moved AFTER UPDATE OF conflict_id ON occurrences
WHEN OLD.conflict_id != NEW.conflict_id BEGIN
  UPDATE occurrence_rollup SET occurrences = occurrences - 1
  WHERE conflict_id = OLD.conflict_id AND run_id = OLD.run_id AND day = OLD.time / 86400;
  DELETE FROM occurrence_rollup WHERE conflict_id = OLD.conflict_id AND run_id = OLD.run_id
    AND day = OLD.time / 86400 AND occurrences <= 0;
  UPDATE conflicts SET occurrence_count = occurrence_count - 1 WHERE id = OLD.conflict_id;
  INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
  VALUES (NEW.conflict_id, NEW.run_id, NEW.time / 86400, 1, NEW.time, NEW.time)
  ON CONFLICT (conflict_id, run_id, day) DO UPDATE SET
    occurrences = occurrences + 1,
    first_time = min(first_time, excluded.first_time),
    last_time = max(last_time, excluded.last_time);
  UPDATE conflicts SET occurrence_count = occurrence_count + 1 WHERE id = NEW.conflict_id;
END;

CREATE VIEW runs_iso AS
SELECT id, run_key,
  strftime('%Y-%m-%dT%H:%M:%SZ', started_at, 'unixepoch') AS started_at,
  strftime('%Y-%m-%dT%H:%M:%SZ', finished_at, 'unixepoch') AS finished_at,
  status, source, app, app_version, build, device, os_version, host, lcq_version,
  lines, bytes, blocks, occurrences, duplicates, unparsed, new_conflicts
FROM runs;

CREATE VIEW conflicts_iso AS
SELECT id, fingerprint, title, verdict, minimal_set, explanation, best_fix,
  strftime('%Y-%m-%dT%H:%M:%SZ', first_seen, 'unixepoch') AS first_seen,
  strftime('%Y-%m-%dT%H:%M:%SZ', last_seen, 'unixepoch') AS last_seen,
  first_build, last_build, occurrence_count, status, resolved_build,
  strftime('%Y-%m-%dT%H:%M:%SZ', status_changed_at, 'unixepoch') AS status_changed_at
FROM conflicts;

CREATE VIEW occurrences_iso AS
SELECT o.id, c.fingerprint, c.title, o.run_id,
  strftime('%Y-%m-%dT%H:%M:%SZ', o.time, 'unixepoch') AS time, o.time_source,
  o.process, o.pid, o.verdict, o.broken_constraint, o.broken_in_minimal_set,
  r.app, r.app_version, r.build, r.device, r.os_version, o.source_file, o.source_line
FROM occurrences o JOIN conflicts c ON c.id = o.conflict_id JOIN runs r ON r.id = o.run_id;
