-- lcq store, schema 18: the bearer tokens `lcq serve` accepts (`lcq token create`). Only a
-- token's SHA-256 is kept (hex): the token itself is printed once, when it is made, and never
-- stored. A token has one scope: `ingest` (POST /v1/logs and /v1/ingest) or `metrics`
-- (GET /metrics). A revoked token keeps its row, with the time it was revoked, so that `lcq
-- token list` shows it; the server refuses it from the next request on.
CREATE TABLE access_tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
