import LCQAnalysis
import LCQStore
import Mustache

/// `lcq report --format html`: one self-contained page (inline CSS and SVG, no script, no
/// network), rendered from ``ReportTemplate`` with swift-mustache. Every string from a log or
/// the database goes through `{{…}}`, which escapes it; only SVG that lcq drew itself (with its
/// text escaped) goes through `{{{…}}}`. Control characters from logs are spelled out (`\u{1B}`).
public enum ReportHTML {
  /// How many top conflicts the page details.
  static let topCount = 10

  /// The report as an HTML page.
  public static func render(_ report: NightlyReport) -> String {
    TerminalText.clean(page.render(context(report)), keepingLineBreaks: true)
  }

  /// The page template, parsed once. It is a constant of this module: a parse error is a bug,
  /// which every report test would show.
  private static let page: MustacheTemplate = {
    do {
      return try MustacheTemplate(string: ReportTemplate.page)
    } catch {
      preconditionFailure("ReportTemplate.page does not parse: \(error)")
    }
  }()

  static func context(_ report: NightlyReport) -> [String: Any] {
    let volume = report.summary(Panels.Volume.self)
    let occurrences = volume?.occurrences.integer ?? 0
    let mean = volume?.baselineDailyMean.real ?? 0
    let windowDays = volume?.windowDays.real ?? 1
    let chartDays = report.rows(Panels.VolumeByDay.self).map { row in
      (day: row.day.text ?? "", occurrences: row.occurrences.integer, inWindow: row.inWindow.integer != 0)
    }
    return [
      "title": "lcq report \(UnixTime.iso(report.scope.since)) to \(UnixTime.iso(report.scope.until))",
      "since": UnixTime.iso(report.scope.since),
      "until": UnixTime.iso(report.scope.until),
      "app": report.scope.app ?? "every app",
      "team": report.scope.team.map { "conflicts owned by \($0)" } ?? "",
      "warnings": report.warnings,
      "stats": [
        stat("occurrences", ReportNumbers.grouped(occurrences)),
        stat(
          "against the \(report.baselineDays)-day mean",
          ReportNumbers.change(occurrences: occurrences, baselineDailyMean: mean, windowDays: windowDays)),
        stat("conflicts", ReportNumbers.grouped(volume?.conflicts.integer ?? 0)),
        stat("runs", ReportNumbers.grouped(volume?.runs.integer ?? 0)),
        stat(
          "device models",
          (volume?.devices.integer ?? 0) == 0
            ? "unknown" : ReportNumbers.grouped(volume?.devices.integer ?? 0)),
        stat("daily mean, \(report.baselineDays) days before", ReportNumbers.decimal(mean)),
      ],
      "volumeChart": ReportCharts.volume(days: chartDays, dailyMean: mean, baselineDays: report.baselineDays),
      "settings": singleRow(report.panel(Panels.Settings.name)),
      "groups": records(report.panel(Panels.VolumeByGroup.name)),
      "builds": buildHealth(report),
      "testHealth": testHealth(report),
      "top": topConflicts(report),
      "reach": records(report.panel(Panels.TopByReach.name)),
      "tests": records(report.panel(Panels.TopTests.name)),
      "new": changes(report.panel(Panels.NewConflicts.name)),
      "regressed": changes(report.panel(Panels.RegressedConflicts.name)),
      "quiet": quietButNotNew(report),
      "system": records(report.panel(Panels.SystemConflicts.name)),
      "smallScreens": records(report.panel(Panels.SmallScreens.name)),
      "smallScreensCaption": ReportCaptions.smallScreens,
      "health": singleRow(report.panel(Panels.IngestionHealth.name)),
      "loggingOff": BuildHealth.loggingOff(report.summary(Panels.IngestionHealth.self)?.loggingOff),
      "missing": records(report.panel(Panels.UndecidableByMissing.name)),
      "samples": records(report.panel(Panels.UnparsedSamples.name)),
    ]
  }

  static func stat(_ label: String, _ value: String) -> [String: Any] { ["label": label, "value": value] }

  /// The conflict-free runs of the newest builds (``BuildHealth``).
  static func buildHealth(_ report: NightlyReport) -> [String: Any] {
    let rows: [[String: Any]] = BuildHealth.rows(report).map { build in
      [
        "build": build.build, "runs": ReportNumbers.grouped(Int64(build.runs)), "percent": build.percent,
        "change": build.change.map { "\($0) from \(build.previousBuild ?? "?")" } ?? "—",
      ]
    }
    let silent = BuildHealth.rows(report).filter(\.isSilent).map(\.silence)
    return ["hasRows": !rows.isEmpty, "rows": rows, "silent": silent, "hasSilent": !silent.isEmpty]
  }

  /// The `test_health` panel's rows for the template, with the build they are of.
  static func testHealth(_ report: NightlyReport) -> [String: Any] {
    let tests = TestHealth.rows(report)
    let rows: [[String: Any]] = tests.map { test in
      [
        "test": test.test, "runs": ReportNumbers.grouped(Int64(test.runs)), "percent": test.percent,
        "change": test.change.map { "\($0) from \(test.previousBuild ?? "?")" } ?? "—",
      ]
    }
    return ["hasRows": !rows.isEmpty, "rows": rows, "build": tests.first?.build ?? ""]
  }

  /// A one-row panel's row as column → display text (empty when it has no row).
  static func singleRow(_ rows: PanelRows) -> [String: String] {
    let record = rows.records.first ?? []
    return Dictionary(record.map { ($0.0, display($0.1)) }, uniquingKeysWith: { first, _ in first })
  }

  /// Rows as dictionaries of display text, numbers grouped; `hasRows`/`rows` for the template.
  static func records(_ rows: PanelRows) -> [String: Any] {
    let list: [[String: Any]] = rows.records.map { record in
      var fields: [String: Any] = [:]
      for (column, value) in record { fields[column] = display(value) }
      fields.merge(
        owners(record.first { $0.0 == "code_owners" }?.1, record.first { $0.0 == "source_files" }?.1)
      ) {
        _, new in new
      }
      if let fingerprint = record.first(where: { $0.0 == "fingerprint" })?.1.text {
        fields["short"] = String(fingerprint.prefix(11))
      }
      // Counts in words, singular or plural, for sentences ("1 occurrence of 1 conflict").
      for (column, noun) in [("occurrences", "occurrence"), ("conflicts", "conflict")] {
        if let value = record.first(where: { $0.0 == column })?.1.integer {
          fields[column + "_counted"] = ReportNumbers.counted(value, noun)
        }
      }
      return fields
    }
    return ["hasRows": !list.isEmpty, "rows": list, "count": list.count]
  }

  /// New or regressed conflicts, with "logged before the window" where the window counts none
  /// of a conflict's occurrences (``ReportNumbers/occurrencesInWindow(_:)``).
  static func changes(_ rows: PanelRows) -> [String: Any] {
    var result = records(rows)
    guard let column = rows.columns.firstIndex(of: "occurrences"),
      var list = result["rows"] as? [[String: Any]]
    else { return result }
    for (index, row) in rows.rows.enumerated() where row[column].integer == 0 {
      list[index]["occurrences"] = "logged before the window"
    }
    result["rows"] = list
    return result
  }

  /// The quiet panel without the conflicts first seen in this window: a conflict the window
  /// brought is listed as new, never also as "likely fixed" (an old log ingested now can make
  /// it both by the numbers).
  static func quietButNotNew(_ report: NightlyReport) -> [String: Any] {
    let new = Set(report.rows(Panels.NewConflicts.self).compactMap(\.fingerprint.text))
    var quiet = report.panel(Panels.QuietConflicts.name)
    guard let column = quiet.columns.firstIndex(of: "fingerprint") else { return records(quiet) }
    quiet.rows.removeAll { row in row[column].text.map(new.contains) ?? false }
    return records(quiet)
  }

  /// The top conflicts, those whose damage shows first (`top_by_damage`), each with its
  /// explanation, damage, fix, sparkline and picture; and the invisible ones counted apart.
  static func topConflicts(_ report: NightlyReport) -> [String: Any] {
    var list: [[String: Any]] = []
    for (index, row) in report.rows(Panels.TopByDamage.self).prefix(topCount).enumerated() {
      let fingerprint = row.fingerprint.text ?? ""
      let explanation = row.explanation.text ?? ""
      var fields: [String: Any] = [
        "rank": index + 1,
        "fingerprint": fingerprint,
        "short": String(fingerprint.prefix(11)),
        "title": row.title.text ?? "",
        "status": row.status.text ?? "",
        "verdict": row.verdict.text ?? "",
        "occurrences": ReportNumbers.counted(row.occurrences.integer, "occurrence"),
        "runs": ReportNumbers.counted(row.runs.integer, "run"),
        "devices": ReportNumbers.devices(row.devices.integer),
        "firstSeen": row.firstSeen.text ?? "",
        "lastSeen": row.lastSeen.text ?? "",
        "lastBuild": row.lastBuild.text ?? "—",
        "set": row.minimalSet.stringArray ?? [],
        "explanation": explanation.split(separator: "\n").first.map(String.init) ?? "",
        "members": explanation.split(separator: "\n").dropFirst().map(String.init),
        "spark": ReportCharts.sparkline(report.dailyCounts(of: fingerprint)),
      ]
      if let fix = row.bestFix.text { fields["fix"] = fix }
      if let damage = row.damage.text { fields["damage"] = damage }
      fields.merge(owners(row.codeOwners, row.sourceFiles)) { _, new in new }
      if let picture = report.pictures[fingerprint] { fields["picture"] = picture }
      list.append(fields)
    }
    var top: [String: Any] = ["hasRows": !list.isEmpty, "rows": list]
    if let invisible = ReportCaptions.invisibleDamage(report) { top["invisible"] = invisible }
    return top
  }

  /// `owners` and `files` as the page shows them, when a run mapped the conflict (none else).
  static func owners(_ owners: PanelValue?, _ files: PanelValue?) -> [String: Any] {
    guard let owners = owners?.stringArray, let files = files?.stringArray else { return [:] }
    let ownership = CodeOwnership(sourceFiles: files, owners: owners)
    return ["owners": CodeOwnerText.owners(ownership), "files": CodeOwnerText.files(ownership)]
  }

  /// A value as the page shows it: numbers grouped, null as a dash.
  static func display(_ value: PanelValue) -> String {
    switch value {
    case .integer(let number): ReportNumbers.grouped(number)
    case .real(let number): ReportNumbers.decimal(number)
    case .text(let text): text
    case .null: "—"
    }
  }
}
