-- lcq store, schema 22: `occurrences.template_id` indexed. `lcq db prune` deletes the block
-- templates no occurrence uses any more, and each deleted template's foreign key is checked
-- against the occurrences: without an index, by reading every occurrence, once per template.
-- A fleet's builds retire message shapes every night, so that was a read of the whole table
-- per retired template, while runners wait.
CREATE INDEX occurrences_template ON occurrences(template_id);
