-- lcq store, schema 5: the report's settings, each named once and read by every panel, the
-- report's words and `lcq quiet` (the `settings` panel returns them):
-- - baseline_days: the days before a report's window that its volume is compared with (the
--   "14-day mean"), and that its daily chart and each conflict's sparkline show;
-- - quiet_days, quiet_builds: an open conflict not seen for quiet_days days, or in the
--   quiet_builds newest builds, looks fixed (`lcq quiet`'s default time, the report's quiet list).
CREATE VIEW report_settings AS
SELECT 14 AS baseline_days, 14 AS quiet_days, 3 AS quiet_builds;
