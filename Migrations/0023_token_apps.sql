-- lcq store, schema 23: a token belongs to apps, and a run records the token that wrote it
-- (security review 3, X1 and X2: any ingest token could write any app's history, and nothing
-- said which token had). `access_tokens.apps` is a JSON array of app names, NULL for any app
-- (`lcq token create --any-app`, and every token made before this schema). `runs.token_id` is
-- the token `lcq serve` took the run's logs with, NULL for a run `lcq ingest` wrote; `lcq token
-- revoke --purge` deletes what a token wrote by it.
ALTER TABLE access_tokens ADD COLUMN apps TEXT;
ALTER TABLE runs ADD COLUMN token_id INTEGER REFERENCES access_tokens(id);
CREATE INDEX runs_token ON runs(token_id) WHERE token_id IS NOT NULL;
