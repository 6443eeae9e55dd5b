-- lcq store, schema 7: what `lcq notify` posted, so that each conflict is posted once per change
-- of state, whatever the re-runs and however many run at once. A row is written (claimed)
-- before its post: `change` is `new`, or `regressed:` and the time the conflict was resolved (a
-- conflict resolved again and seen again is posted again). `state` is `pending` until the post
-- is answered with success, then `sent`; a pending row whose claim is older than a few minutes
-- (a run that died) may be claimed again. Pruning a conflict removes its rows.
CREATE TABLE notifications (
  conflict_id INTEGER NOT NULL REFERENCES conflicts(id) ON DELETE CASCADE,
  change TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
  claimed_at INTEGER,
  claim TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at INTEGER,
  PRIMARY KEY (conflict_id, change)
);
