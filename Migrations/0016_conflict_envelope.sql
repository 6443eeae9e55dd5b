-- lcq store, schema 16: on which sizes each conflict fires (docs/envelope.md), as its first
-- sighting's analysis says (the description columns' rule). `envelope`: one sentence per size a
-- container sets in the conflict ("[5] It fires when the root view's width is below 375 pt …"),
-- NULL when no such size takes part. The width columns describe the first width that a screen
-- stands for (a cell's, a root view's or a window's), so `lcq top --fires-below` can ask what
-- breaks on small screens: the block's other constraints hold from `width_safe_from` to
-- `width_safe_to` points (NULL: no largest width), and `width_fires_everywhere` is 1 when they
-- hold at no width. All NULL for conflicts without such a width, and for conflicts stored by
-- older lcq versions until `lcq db reanalyze`.
ALTER TABLE conflicts ADD COLUMN envelope TEXT;
ALTER TABLE conflicts ADD COLUMN width_safe_from REAL;
ALTER TABLE conflicts ADD COLUMN width_safe_to REAL;
ALTER TABLE conflicts ADD COLUMN width_fires_everywhere INTEGER;
