import Foundation
import LCQPipeline
import LCQReporting
import LCQStore
import XCTest

/// The report rendered from panels written here by hand, each format checked against what a
/// reader must see (the expected Markdown is written out below, not recorded from lcq).
final class ReportRenderingTests: XCTestCase {
  /// 2024-03-05T00:00:00Z to 2024-03-06T00:00:00Z, app Shop.
  let scope = ReportScope(since: 1_709_596_800, until: 1_709_683_200, app: "Shop")

  private func rows<Row: DashboardPanelRow>(_ type: Row.Type, _ values: [[PanelValue]]) -> (String, PanelRows)
  {
    for row in values { XCTAssertEqual(row.count, Row.columns.count, "\(Row.name): one value per column") }
    return (Row.name, PanelRows(columns: Row.columns, rows: values))
  }

  /// The one top conflict: fingerprint, title, status, verdict, occurrences, runs, devices,
  /// first_seen, last_seen, first_build, last_build, minimal_set, explanation, best_fix,
  /// envelope, width_safe_from, width_safe_to, width_fires_everywhere, damage, damage_points,
  /// damage_shows, code_owners, source_files.
  private let topRow: [PanelValue] = [
    .text("v1:0123456789abcdef"), .text("Cell | height"), .text("open"), .text("conflict"),
    .integer(1000),
    .integer(2), .integer(1), .text("2024-03-05T01:00:00Z"), .text("2024-03-05T23:00:00Z"),
    .text("1239"),
    .text("1240"), .text("[\"a\",\"b\"]"), .text("The cell is too short.\nOne\nTwo"),
    .text("Set the height constraint's priority to 999"),
    .text("[3] It fires when the cell's width is below 343 pt; safe from 343 pt up."), .real(343),
    .null,
    .integer(0),
    .text("Damage (visible): UIKit's layout misses [1] (Cell: height = 120) by at least 99.66 pt."),
    .real(299.0 / 3), .text("visible"), .text("[\"@acme/cells\",\"@alice\"]"),
    .text("[\"Cells/Cell.swift\"]"),
  ]

  private var report: NightlyReport {
    let panels: [(String, PanelRows)] = [
      // occurrences, conflicts, runs, devices, baseline_occurrences, baseline_daily_mean, window_days
      rows(
        Panels.Volume.self,
        [[.integer(1234), .integer(12), .integer(3), .integer(1), .integer(13_160), .real(940), .real(1)]]),
      rows(Panels.TopByOccurrences.self, [topRow]),
      rows(Panels.TopByDamage.self, [topRow]),
      // conflicts, occurrences, runs whose damage is invisible
      rows(Panels.InvisibleDamage.self, [[.integer(2), .integer(1500), .integer(3)]]),
      // fingerprint, title, status, occurrences, first_seen, first_build, new_in, explanation, best_fix,
      // code_owners, source_files (a run found the file, CODEOWNERS named nobody)
      rows(
        Panels.NewConflicts.self,
        [
          [
            .text("v1:fedcba9876543210"), .text("Button width"), .text("open"), .integer(1),
            .text("2024-03-05T10:00:00Z"), .text("1240"), .integer(1), .null, .null, .text("[]"),
            .text("[\"Buttons/Buy.m\"]"),
          ]
        ]),
      // fingerprint, title, resolved_build, occurrences, runs, first_seen_again, last_seen, last_build, in_window,
      // code_owners, source_files (no run mapped it)
      rows(
        Panels.RegressedConflicts.self,
        [
          [
            .text("v1:1111222233334444"), .text("Label leading"), .text("1239"), .integer(2), .integer(1),
            .text("2024-03-05T11:00:00Z"), .text("2024-03-05T12:00:00Z"), .null, .integer(1), .null, .null,
          ]
        ]),
      // runs, finished_runs, interrupted_runs, unfinished_runs, lines, bytes, blocks, occurrences,
      // duplicates, unparsed, unparsed_percent, last_run_started, last_run_ever,
      // logged_before_window, earliest_logged, logging_off (no run read a source tree)
      rows(
        Panels.IngestionHealth.self,
        [
          [
            .integer(3), .integer(3), .integer(0), .integer(0), .integer(100_000), .integer(9_000_000),
            .integer(1300), .integer(1234), .integer(60), .integer(6), .real(0.46),
            .text("2024-03-05T20:00:00Z"),
            .text("2024-03-05T20:00:00Z"), .integer(0), .null, .null,
          ]
        ]),
      rows(Panels.UndecidableByMissing.self, [[.text("flipped"), .integer(4), .integer(1)]]),
      // A baseline of 7 days instead of the database's usual 14: the words follow the setting.
      rows(Panels.Settings.self, [[.integer(7), .integer(14), .integer(3)]]),
    ]
    return NightlyReport(
      ReportData(scope: scope, panels: Dictionary(uniqueKeysWithValues: panels), analyses: [:]))
  }

  func testTheMarkdownSaysWhatAReaderNeedsInOrder() {
    let expected = """
      ## lcq report: 2024-03-05T00:00:00Z to 2024-03-06T00:00:00Z · Shop

      **1,234 occurrences** of 12 conflicts in 3 runs on 1 device model (+31% against the 7-day mean of 940 a day).

      ### Top conflicts

      | # | Conflict | Occurrences | Runs | Devices | Shows | Fires at | Best fix |
      | ---: | --- | ---: | ---: | ---: | --- | --- | --- |
      | 1 | **Cell \\| height** `v1:01234567` (owners: @\u{2060}acme/cells, @\u{2060}alice) | 1,000 | 2 | 1 | visible, 99.66 pt | width < 343 pt | Set the height constraint's priority to 999 |

      _Not listed: 2 conflicts whose damage is invisible \\(under half a point\\), with 1,500 occurrences in 3 runs._

      ### New conflicts (1)

      - **Button width** `v1:fedcba98` (owners: none in CODEOWNERS): 1 occurrence, first seen 2024-03-05T10:00:00Z, build 1240

      ### Regressed conflicts (1)

      - **Label leading** `v1:11112222`: 2 occurrences, resolved in build 1239, seen again in a run without a build

      ### Ingestion health

      3 runs read 100,000 lines and 1,300 conflict messages: 1,234 new occurrences, 60 blocks already stored, \
      6 unreadable blocks (0.46%). Undecidable for lack of: flipped 4.

      """
    XCTAssertEqual(ReportMarkdown.render(report), expected)
  }

  func testTheJSONHoldsEveryPanelWithItsColumns() throws {
    let text = ReportJSON.render(report)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["schema"] as? String, "lcq-report/1")
    XCTAssertEqual(
      object["window"] as? [String: String],
      ["since": "2024-03-05T00:00:00Z", "until": "2024-03-06T00:00:00Z"])
    XCTAssertEqual(object["app"] as? String, "Shop")
    XCTAssertEqual(object["warnings"] as? [String], [])
    XCTAssertEqual(
      object["settings"] as? [String: Int], ["baseline_days": 7, "quiet_days": 14, "quiet_builds": 3])
    let volume = try XCTUnwrap(object["volume"] as? [String: Any])
    XCTAssertEqual(volume["occurrences"] as? Int, 1234)
    XCTAssertEqual(volume["baseline_daily_mean"] as? Double, 940)
    let top = try XCTUnwrap(object["top_by_occurrences"] as? [[String: Any]])
    XCTAssertEqual(top.count, 1)
    XCTAssertEqual(top.first?["title"] as? String, "Cell | height")
    XCTAssertEqual(top.first?["minimal_set"] as? [String], ["a", "b"], "a JSON array column is an array")
    XCTAssertEqual(top.first?["code_owners"] as? [String], ["@acme/cells", "@alice"])
    XCTAssertEqual(top.first?["source_files"] as? [String], ["Cells/Cell.swift"])
    XCTAssertEqual(top.first?["width_safe_from"] as? Double, 343)
    XCTAssertTrue(top.first?["width_safe_to"] is NSNull, "no largest width")
    XCTAssertEqual(
      object["invisible_damage"] as? [String: Int], ["conflicts": 2, "occurrences": 1500, "runs": 3])
    let regressed = try XCTUnwrap(object["regressed_conflicts"] as? [[String: Any]])
    XCTAssertTrue(regressed.first?["last_build"] is NSNull)
    XCTAssertTrue(regressed.first?["code_owners"] is NSNull, "no run mapped it")
    // A panel with no rows is an empty list, and a one-row panel with none is null.
    XCTAssertEqual((object["system_conflicts"] as? [Any])?.count, 0)
  }

  func testAReportWithNoRunWarnsFirst() {
    let empty = NightlyReport(
      ReportData(
        scope: scope,
        panels: Dictionary(uniqueKeysWithValues: [
          rows(
            Panels.IngestionHealth.self,
            [
              [
                .integer(0), .integer(0), .integer(0), .integer(0), .integer(0), .integer(0), .integer(0),
                .integer(0),
                .integer(0), .integer(0), .real(0), .null, .text("2024-03-01T08:00:00Z"), .integer(0), .null,
                .null,
              ]
            ])
        ]), analyses: [:]))
    XCTAssertEqual(
      empty.warnings,
      [
        "Nothing was ingested between 2024-03-05T00:00:00Z and 2024-03-06T00:00:00Z. The last ingest run started "
          + "at 2024-03-01T08:00:00Z. Check the job that feeds `lcq ingest`: a silent pipe looks exactly like a "
          + "day without conflicts."
      ])
    XCTAssertTrue(
      ReportMarkdown.render(empty).contains("> **Warning:** Nothing was ingested between"),
      ReportMarkdown.render(empty))
  }
}
