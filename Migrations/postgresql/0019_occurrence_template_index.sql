-- lcq team store, schema 19 (SQLite's 0022): `occurrences.template_id` indexed, in every monthly
-- partition, so that `lcq db prune` finds the templates no occurrence uses, and checks each
-- one's foreign key as it deletes it, without reading every occurrence. See the SQLite file's
-- 0022.
CREATE INDEX occurrences_template ON occurrences(template_id);
