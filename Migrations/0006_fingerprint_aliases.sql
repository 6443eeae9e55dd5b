-- lcq store, schema 6: fingerprints a conflict was known by under an older fingerprint version.
-- `lcq db reanalyze` adds one when all of an old conflict's occurrences move to one conflict
-- (a new version groups what the old one kept apart, or writes the same group anew), so that
-- `lcq show v1:…`, a check's baseline of accepted fingerprints and a team's notes written
-- before the upgrade still name the conflict. Pruning a conflict removes its aliases.
CREATE TABLE fingerprint_aliases (
  fingerprint TEXT PRIMARY KEY,
  conflict_id INTEGER NOT NULL REFERENCES conflicts(id) ON DELETE CASCADE
);
CREATE INDEX fingerprint_aliases_conflict ON fingerprint_aliases(conflict_id);
