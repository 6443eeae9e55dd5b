-- lcq store, schema 10: messages an input ended inside after their list closed. Such a message
-- is analysed and counted at once (its broken constraint unknown when the input ended inside
-- it), and its occurrence is kept here with its first line and text; a later ingest that reads
-- a message starting on the same line whose text extends it (the log file grew) completes that
-- occurrence in place and deletes the row, so the message counts once. raw_text is as read,
-- NUL written as U+2400. See docs/store.md, "Messages at the end of an input".
CREATE TABLE open_messages (
  occurrence_id INTEGER PRIMARY KEY REFERENCES occurrences(id) ON DELETE CASCADE,
  source_line INTEGER NOT NULL,
  raw_text TEXT NOT NULL
);
