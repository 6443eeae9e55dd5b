-- Report panel "settings": the report's settings (the view `report_settings`, schema 5): the
-- baseline's length in days, and when an open conflict looks fixed (days, newest builds).
SELECT baseline_days, quiet_days, quiet_builds FROM report_settings;
