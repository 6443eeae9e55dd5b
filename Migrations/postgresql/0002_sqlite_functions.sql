-- lcq team store on PostgreSQL, schema 2: the few SQLite functions that the dashboard panels
-- (dashboards/*.sql) call, with SQLite's meaning for the arguments lcq passes, so that one
-- file per panel runs on both engines (and in Datasette). docs/store.md lists them.
-- - strftime(format, text): '%s' gives the epoch seconds of an ISO 8601 time as text; a time
--   without a UTC offset is UTC, as in SQLite.
-- - strftime(format, seconds, 'unixepoch'): the epoch time as text in UTC, for the formats
--   '%Y-%m-%dT%H:%M:%SZ', '%Y-%m-%d' and '%s'.
-- - min(a, b), max(a, b): the scalar forms, NULL when either is NULL, as in SQLite (PostgreSQL's
--   LEAST and GREATEST skip NULLs).
-- - json_each(text): the elements of a JSON array held as text, as rows (key, value).
-- Any other format is an error, never a silent NULL.

CREATE FUNCTION strftime(format TEXT, moment TEXT) RETURNS TEXT
LANGUAGE plpgsql IMMUTABLE STRICT SET TimeZone = 'UTC' AS $$
BEGIN
  IF format = '%s' THEN RETURN CAST(CAST(extract(epoch FROM CAST(moment AS timestamptz)) AS BIGINT) AS TEXT); END IF;
  RETURN strftime(format, CAST(extract(epoch FROM CAST(moment AS timestamptz)) AS BIGINT), 'unixepoch');
END $$;

CREATE FUNCTION strftime(format TEXT, seconds BIGINT, modifier TEXT) RETURNS TEXT
LANGUAGE plpgsql IMMUTABLE STRICT SET TimeZone = 'UTC' AS $$
BEGIN
  IF modifier <> 'unixepoch' THEN RAISE EXCEPTION 'strftime: lcq''s SQL passes only ''unixepoch'', not %', modifier; END IF;
  IF format = '%Y-%m-%dT%H:%M:%SZ' THEN RETURN to_char(to_timestamp(seconds), 'YYYY-MM-DD"T"HH24:MI:SS"Z"'); END IF;
  IF format = '%Y-%m-%d' THEN RETURN to_char(to_timestamp(seconds), 'YYYY-MM-DD'); END IF;
  IF format = '%s' THEN RETURN CAST(seconds AS TEXT); END IF;
  RAISE EXCEPTION 'strftime: the format % is not one lcq''s SQL uses', format;
END $$;

CREATE FUNCTION min(a BIGINT, b BIGINT) RETURNS BIGINT
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT LEAST(a, b) $$;

CREATE FUNCTION max(a BIGINT, b BIGINT) RETURNS BIGINT
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT GREATEST(a, b) $$;

CREATE FUNCTION json_each(document TEXT) RETURNS TABLE (key BIGINT, value TEXT)
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT position - 1, element FROM jsonb_array_elements_text(CAST(document AS jsonb)) WITH ORDINALITY AS t(element, position)
$$;
