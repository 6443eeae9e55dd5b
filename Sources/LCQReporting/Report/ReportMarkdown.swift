import LCQStore

/// `lcq report --format markdown`: short enough for a chat message or a pull-request comment:
/// warnings, volume, the top 5, new and regressed conflicts, ingestion health.
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
    output += top(report)
    output += changes(report, panel: "new_conflicts", heading: "New conflicts") { row, rows in
      let build = rows.value("first_build", in: row).text.map { ", build \(MarkdownText.escape($0))" } ?? ""
      return "first seen \(rows.value("first_seen", in: row).text ?? "?")\(build)"
    }
    output += changes(report, panel: "regressed_conflicts", heading: "Regressed conflicts") { row, rows in
      let resolved = rows.value("resolved_build", in: row).text.map(MarkdownText.escape) ?? "?"
      let again =
        rows.value("last_build", in: row).text.map { "seen again in build \(MarkdownText.escape($0))" }
        ?? "seen again in a run without a build"
      return "resolved in build \(resolved), \(again)"
    }
    output += systemNoise(report)
    output += health(report)
    return output
  }

  /// UIKit's and AppKit's own conflicts, apart: counted, with no fix to offer.
  static func systemNoise(_ report: NightlyReport) -> String {
    let rows = report.panel("system_conflicts")
    guard !rows.rows.isEmpty else { return "" }
    var output = "### System noise (\(rows.rows.count))\n\n"
    output += "UIKit's or AppKit's own constraints conflict: there is no fix in the app.\n\n"
    for row in rows.rows.prefix(topCount) {
      let count = ReportNumbers.counted(rows.value("occurrences", in: row).integer, "occurrence")
      output += "- \(conflict(row, rows)): \(count)\n"
    }
    if rows.rows.count > topCount { output += "- and \(rows.rows.count - topCount) more\n" }
    return output + "\n"
  }

  static func window(_ scope: ReportScope) -> String {
    let app = scope.app.map { " · \(MarkdownText.escape($0))" } ?? ""
    return "\(UnixTime.iso(scope.since)) to \(UnixTime.iso(scope.until))\(app)"
  }

  static func volume(_ report: NightlyReport) -> String {
    let volume = report.summary("volume")
    let occurrences = volume["occurrences"]?.integer ?? 0
    let mean = volume["baseline_daily_mean"]?.real ?? 0
    let days = volume["window_days"]?.real ?? 1
    let change = ReportNumbers.change(occurrences: occurrences, baselineDailyMean: mean, windowDays: days)
    return "**\(ReportNumbers.counted(occurrences, "occurrence"))** of "
      + "\(ReportNumbers.counted(volume["conflicts"]?.integer ?? 0, "conflict")) in "
      + "\(ReportNumbers.counted(volume["runs"]?.integer ?? 0, "run")) on "
      + "\(ReportNumbers.counted(volume["devices"]?.integer ?? 0, "device model")) "
      + "(\(change) against the 14-day mean of \(ReportNumbers.decimal(mean)) a day).\n"
  }

  static func top(_ report: NightlyReport) -> String {
    let rows = report.panel("top_by_occurrences")
    var output = "### Top conflicts\n\n"
    guard !rows.rows.isEmpty else { return output + "_None in this window._\n\n" }
    output +=
      "| # | Conflict | Occurrences | Runs | Devices | Best fix |\n| ---: | --- | ---: | ---: | ---: | --- |\n"
    for (index, row) in rows.rows.prefix(topCount).enumerated() {
      let fix = rows.value("best_fix", in: row).text.map(MarkdownText.escape) ?? "—"
      output +=
        "| \(index + 1) | \(conflict(row, rows)) | "
        + "\(ReportNumbers.grouped(rows.value("occurrences", in: row).integer)) | "
        + "\(ReportNumbers.grouped(rows.value("runs", in: row).integer)) | "
        + "\(ReportNumbers.grouped(rows.value("devices", in: row).integer)) | \(fix) |\n"
    }
    return output + "\n"
  }

  static func changes(
    _ report: NightlyReport, panel name: String, heading: String, detail: ([PanelValue], PanelRows) -> String
  ) -> String {
    let rows = report.panel(name)
    var output = "### \(heading) (\(rows.rows.count))\n\n"
    guard !rows.rows.isEmpty else { return output + "_None._\n\n" }
    for row in rows.rows.prefix(listCount) {
      let count = ReportNumbers.counted(rows.value("occurrences", in: row).integer, "occurrence")
      output += "- \(conflict(row, rows)): \(count), \(detail(row, rows))\n"
    }
    if rows.rows.count > listCount { output += "- and \(rows.rows.count - listCount) more\n" }
    return output + "\n"
  }

  static func health(_ report: NightlyReport) -> String {
    let health = report.summary("ingestion_health")
    let count = { (name: String, noun: String) in ReportNumbers.counted(health[name]?.integer ?? 0, noun) }
    var output = "### Ingestion health\n\n"
    output +=
      "\(count("runs", "run")) read \(count("lines", "line")) and \(count("blocks", "conflict message")): "
    output += "\(count("occurrences", "new occurrence")), \(count("duplicates", "block")) already stored, "
    output +=
      "\(count("unparsed", "unreadable block")) (\(ReportNumbers.decimal(health["unparsed_percent"]?.real ?? 0))%)."
    let missing = report.panel("undecidable_by_missing")
    if !missing.rows.isEmpty {
      let parts = missing.rows.map { row in
        "\(MarkdownText.escape(missing.value("missing", in: row).text ?? "?")) "
          + ReportNumbers.grouped(missing.value("occurrences", in: row).integer)
      }
      output += " Undecidable for lack of: \(parts.joined(separator: ", "))."
    }
    return output + "\n"
  }

  /// `**Title** `v1:0123abcd``, with the title escaped.
  static func conflict(_ row: [PanelValue], _ rows: PanelRows) -> String {
    let title = MarkdownText.escape(rows.value("title", in: row).text ?? "")
    let fingerprint = rows.value("fingerprint", in: row).text ?? ""
    return "**\(title)** `\(fingerprint.prefix(11))`"
  }
}
