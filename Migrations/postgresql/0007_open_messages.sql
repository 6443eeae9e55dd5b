-- lcq team store, schema 7 (SQLite's 0010): the occurrences of messages an input ended inside
-- after their list closed, which a grown log completes. See the SQLite file's 0010.
CREATE TABLE open_messages (
  occurrence_id BIGINT PRIMARY KEY REFERENCES occurrences(id) ON DELETE CASCADE,
  source_line BIGINT NOT NULL,
  raw_text TEXT NOT NULL
);
