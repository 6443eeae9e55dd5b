-- lcq team store, schema 3 (SQLite's 0006): fingerprints a conflict was known by under an older
-- fingerprint version, added by `lcq db reanalyze` when all of an old conflict's occurrences
-- move to one conflict; `lcq show`, a check's baseline and lookups by an old fingerprint read
-- them. Pruning a conflict removes its aliases.
CREATE TABLE fingerprint_aliases (
  fingerprint TEXT PRIMARY KEY,
  conflict_id BIGINT NOT NULL REFERENCES conflicts(id) ON DELETE CASCADE
);
CREATE INDEX fingerprint_aliases_conflict ON fingerprint_aliases(conflict_id);
