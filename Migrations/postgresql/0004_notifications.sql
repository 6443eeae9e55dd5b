-- lcq team store, schema 4 (SQLite's 0007): what `lcq notify` posted, each conflict once per
-- change of state (`new`, or `regressed:` and the time it was resolved), claimed before its post
-- so that runners that notify at once never post twice. See the SQLite file's 0007.
CREATE TABLE notifications (
  conflict_id BIGINT NOT NULL REFERENCES conflicts(id) ON DELETE CASCADE,
  change TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
  claimed_at BIGINT,
  claim TEXT,
  attempts BIGINT NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at BIGINT,
  PRIMARY KEY (conflict_id, change)
);
