import LCQStore

/// `lcq report --format markdown`: short enough for a chat message or a pull-request comment:
/// warnings, volume, the conflict-free runs of the 5 newest builds, the top 5, the 5 tests that
/// log the most (when logs held test markers), new and regressed conflicts, those that fire on
/// the smallest screens, ingestion health.
public enum ReportMarkdown {
  /// How many top conflicts the Markdown lists.
  static let topCount = 5
  /// How many new or regressed conflicts it lists before "and N more".
  static let listCount = 10

  /// The report as Markdown; control characters from logs are spelled out (`\u{1B}`), so the
  /// text is safe on a terminal too.
  public static func render(_ report: NightlyReport) -> String {
    TerminalText.clean(markdown(report), keepingLineBreaks: true)
  }

  static func markdown(_ report: NightlyReport) -> String {
    var output = "## lcq report: \(window(report.scope))\n\n"
    for warning in report.warnings {
      output += "> **Warning:** \(MarkdownText.escape(warning))\n\n"
    }
    output += volume(report) + "\n"
    output += conflictFreeRuns(report)
    output += conflictFreeTests(report)
    output += top(report)
    output += tests(report)
    output += changes(report.rows(Panels.NewConflicts.self), heading: "New conflicts") { row in
      let build = row.firstBuild.text.map { ", build \(MarkdownText.escape($0))" } ?? ""
      return "first seen \(row.firstSeen.text ?? "?")\(build)"
    }
    output += changes(report.rows(Panels.RegressedConflicts.self), heading: "Regressed conflicts") { row in
      let resolved = row.resolvedBuild.text.map(MarkdownText.escape) ?? "?"
      let again =
        row.lastBuild.text.map { "seen again in build \(MarkdownText.escape($0))" }
        ?? "seen again in a run without a build"
      return "resolved in build \(resolved), \(again)"
    }
    output += smallScreens(report)
    output += systemNoise(report)
    output += health(report)
    return output
  }

  /// UIKit's, AppKit's and libraries' own conflicts, apart: counted, with no fix to offer.
  static func systemNoise(_ report: NightlyReport) -> String {
    let rows = report.rows(Panels.SystemConflicts.self)
    guard !rows.isEmpty else { return "" }
    var output = "### System noise (\(rows.count))\n\n"
    output += "UIKit's, AppKit's or a library's own constraints conflict: there is no fix in the app.\n\n"
    for row in rows.prefix(topCount) {
      output += "- \(conflict(row)): \(ReportNumbers.counted(row.occurrences.integer, "occurrence"))\n"
    }
    if rows.count > topCount { output += "- and \(rows.count - topCount) more\n" }
    return output + "\n"
  }

  static func window(_ scope: ReportScope) -> String {
    let app =
      (scope.app.map { " · \(MarkdownText.escape($0))" } ?? "")
      + (scope.team.map { " · conflicts owned by \(MarkdownText.escape($0))" } ?? "")
    return "\(UnixTime.iso(scope.since)) to \(UnixTime.iso(scope.until))\(app)"
  }

  static func volume(_ report: NightlyReport) -> String {
    let volume = report.summary(Panels.Volume.self)
    let occurrences = volume?.occurrences.integer ?? 0
    let mean = volume?.baselineDailyMean.real ?? 0
    let days = volume?.windowDays.real ?? 1
    let change = ReportNumbers.change(occurrences: occurrences, baselineDailyMean: mean, windowDays: days)
    let conflicts = ReportNumbers.counted(volume?.conflicts.integer ?? 0, "conflict")
    let runs = ReportNumbers.counted(volume?.runs.integer ?? 0, "run")
    let deviceCount = volume?.devices.integer ?? 0
    let devices = deviceCount == 0 ? "(device models unknown)" : "on " + ReportNumbers.devices(deviceCount)
    // A mean of 0 is no baseline to change from: say there was nothing before.
    let comparison =
      mean > 0
      ? "\(change) against the \(report.baselineDays)-day mean of \(ReportNumbers.decimal(mean)) a day"
      : "none in the \(report.baselineDays) days before"
    return "**\(ReportNumbers.counted(occurrences, "occurrence"))** of \(conflicts) in \(runs) \(devices) "
      + "(\(comparison)).\n"
  }

  /// The newest builds' conflict-free runs, as a crash-free rate; nothing when no build ran in
  /// the window.
  static func conflictFreeRuns(_ report: NightlyReport) -> String {
    let builds = BuildHealth.rows(report)
    guard !builds.isEmpty else { return "" }
    var output = "### Conflict-free runs\n\n"
    output += "| Build | Runs | Conflict-free | Change |\n| --- | ---: | ---: | ---: |\n"
    for build in builds.prefix(topCount) {
      let change =
        build.change.map { "\($0) from \(MarkdownText.escape(build.previousBuild ?? "?"))" } ?? "—"
      output +=
        "| \(MarkdownText.escape(build.build)) | \(ReportNumbers.grouped(Int64(build.runs))) | \(build.percent) | \(change) |\n"
    }
    for build in builds.prefix(topCount) where build.isSilent {
      output += "\n**Silent:** \(MarkdownText.escape(build.silence))\n"
    }
    return output + "\n"
  }

  /// The tests that logged a conflict in the newest build that recorded its tests, with their
  /// conflict-free runs; nothing when none did.
  static func conflictFreeTests(_ report: NightlyReport) -> String {
    let tests = TestHealth.rows(report)
    guard let build = tests.first?.build else { return "" }
    var output = "### Conflict-free runs per test (build \(MarkdownText.escape(build)))\n\n"
    output += "| Test | Runs | Conflict-free | Change |\n| --- | ---: | ---: | ---: |\n"
    for test in tests.prefix(topCount) {
      output +=
        "| \(MarkdownText.escape(test.test)) | \(ReportNumbers.grouped(Int64(test.runs))) | \(test.percent) | "
        + "\(test.change.map { "\($0) from \(MarkdownText.escape(test.previousBuild ?? "?"))" } ?? "—") |\n"
    }
    return output + "\n"
  }

  /// The top conflicts, those whose damage shows first (`top_by_damage`), and the invisible
  /// ones counted apart in a line under the table.
  static func top(_ report: NightlyReport) -> String {
    let rows = report.rows(Panels.TopByDamage.self)
    var output = "### Top conflicts\n\n"
    let invisible = ReportCaptions.invisibleDamage(report).map { "_\(MarkdownText.escape($0))_\n\n" } ?? ""
    guard !rows.isEmpty else { return output + "_None in this window._\n\n" + invisible }
    output +=
      "| # | Conflict | Occurrences | Runs | Devices | Shows | Fires at | Best fix |\n"
      + "| ---: | --- | ---: | ---: | ---: | --- | --- | --- |\n"
    for (index, row) in rows.prefix(topCount).enumerated() {
      let fix = row.bestFix.text.map(MarkdownText.escape) ?? "—"
      let fires = ScreenWidthText.short(
        from: row.widthSafeFrom, to: row.widthSafeTo, everywhere: row.widthFiresEverywhere)
      output +=
        "| \(index + 1) | \(conflict(row)) | \(ReportNumbers.grouped(row.occurrences.integer)) | "
        + "\(ReportNumbers.grouped(row.runs.integer)) | \(row.devices.integer == 0 ? "unknown" : ReportNumbers.grouped(row.devices.integer)) | "
        + "\(ReportCaptions.shows(row.damageShows, row.damagePoints)) | \(fires) | \(fix) |\n"
    }
    return output + "\n" + invisible
  }

  /// The conflicts that fire on the smallest screens (the `small_screens` panel), each with its
  /// envelope's sentences; nothing when none does.
  static func smallScreens(_ report: NightlyReport) -> String {
    let rows = report.rows(Panels.SmallScreens.self)
    guard !rows.isEmpty else { return "" }
    var output = "### On the smallest screens (\(rows.count))\n\n"
    output += ReportCaptions.smallScreens + ":\n\n"
    for row in rows.prefix(topCount) {
      let sizes = (row.envelope.text ?? "").split(separator: "\n").joined(separator: " ")
      output +=
        "- \(conflict(row)): \(ReportNumbers.counted(row.occurrences.integer, "occurrence")). "
        + "\(MarkdownText.escape(sizes))\n"
    }
    if rows.count > topCount { output += "- and \(rows.count - topCount) more\n" }
    return output + "\n"
  }

  /// The tests that logged the most occurrences (docs/tests.md); nothing when no log held the
  /// test runners' markers.
  static func tests(_ report: NightlyReport) -> String {
    let rows = report.rows(Panels.TopTests.self)
    guard !rows.isEmpty else { return "" }
    var output = "### Tests that log the most\n\n"
    output += "| Test | Conflicts | Occurrences | Logs most |\n| --- | ---: | ---: | --- |\n"
    for row in rows.prefix(topCount) {
      let most =
        "**\(MarkdownText.escape(row.topTitle.text ?? ""))** `\((row.topFingerprint.text ?? "").prefix(11))`"
      output +=
        "| \(MarkdownText.escape(row.test.text ?? "?")) | \(ReportNumbers.grouped(row.conflicts.integer)) | "
        + "\(ReportNumbers.grouped(row.occurrences.integer)) | \(most) |\n"
    }
    return output + "\n"
  }

  static func changes<Row: ConflictPanelRow>(_ rows: [Row], heading: String, detail: (Row) -> String)
    -> String
  {
    var output = "### \(heading) (\(rows.count))\n\n"
    guard !rows.isEmpty else { return output + "_None._\n\n" }
    for row in rows.prefix(listCount) {
      let count = ReportNumbers.occurrencesInWindow(row.occurrences.integer)
      output += "- \(conflict(row)): \(count), \(detail(row))\n"
    }
    if rows.count > listCount { output += "- and \(rows.count - listCount) more\n" }
    return output + "\n"
  }

  static func health(_ report: NightlyReport) -> String {
    let health = report.summary(Panels.IngestionHealth.self)
    let count = { (value: PanelValue?, noun: String) in ReportNumbers.counted(value?.integer ?? 0, noun) }
    var output = "### Ingestion health\n\n"
    output +=
      "\(count(health?.runs, "run")) read \(count(health?.lines, "line")) and "
      + "\(count(health?.blocks, "conflict message")): "
    output +=
      "\(count(health?.occurrences, "new occurrence")), \(count(health?.duplicates, "block")) already stored, "
    output +=
      "\(count(health?.unparsed, "unreadable block")) (\(ReportNumbers.decimal(health?.unparsedPercent.real ?? 0))%)."
    let missing = report.rows(Panels.UndecidableByMissing.self)
    if !missing.isEmpty {
      let parts = missing.map { row in
        "\(MarkdownText.escape(row.missing.text ?? "?")) " + ReportNumbers.grouped(row.occurrences.integer)
      }
      output += " Undecidable for lack of: \(parts.joined(separator: ", "))."
    }
    for warning in BuildHealth.loggingOff(health?.loggingOff) {
      output += "\n\n**Messages turned off:** \(MarkdownText.escape(warning))"
    }
    return output + "\n"
  }

  /// `**Title** `v3:0123abcd``, with the title escaped.
  static func conflict(_ row: some ConflictPanelRow) -> String {
    let title = MarkdownText.escape(row.title.text ?? "")
    let fingerprint = row.fingerprint.text ?? ""
    var text = "**\(title)** `\(fingerprint.prefix(11))`"
    if let owned = row as? any OwnedConflictPanelRow, let ownership = owned.codeOwnership {
      text += " (owners: \(MarkdownText.escape(CodeOwnerText.owners(ownership))))"
    }
    return text
  }
}
