-- lcq store, schema 24: how much each conflict shows (docs/diagnosis.md, "The damage"), as its
-- first sighting's analysis says (the description columns' rule). `damage`: the line `lcq
-- analyze` prints ("Damage (visible): UIKit's layout misses [1] … by at least 99.66 pt: …", or
-- "No damage figure: why."), NULL when the block is not one a figure is asked of. `damage_points`:
-- the miss in points (the double nearest the exact figure) and `damage_shows`: 'invisible'
-- (under 0.5 pt), 'subpixel' or 'visible' (1 pt or more, or a view collapsed);
-- `damage_collapses`: 1 when a view of the conflict is 0 pt wide or tall in every layout the
-- rest allows (it shows whatever the miss), else 0. The last three NULL when there is no
-- figure, and all four for conflicts stored by older lcq versions until `lcq db reanalyze`.
-- `lcq top --by damage`, `--min-damage`, `lcq check --min-damage` and the report read them.
ALTER TABLE conflicts ADD COLUMN damage TEXT;
ALTER TABLE conflicts ADD COLUMN damage_points REAL;
ALTER TABLE conflicts ADD COLUMN damage_shows TEXT;
ALTER TABLE conflicts ADD COLUMN damage_collapses INTEGER;
