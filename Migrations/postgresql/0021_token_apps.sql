-- lcq team store, schema 21 (SQLite's 0023): a token belongs to apps, and a run records the
-- token that wrote it. See the SQLite file's 0023.
ALTER TABLE access_tokens ADD COLUMN apps TEXT;
ALTER TABLE runs ADD COLUMN token_id BIGINT REFERENCES access_tokens(id);
CREATE INDEX runs_token ON runs(token_id) WHERE token_id IS NOT NULL;
