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
    let volume = report.summary("volume")
    let occurrences = volume["occurrences"]?.integer ?? 0
    let mean = volume["baseline_daily_mean"]?.real ?? 0
    let windowDays = volume["window_days"]?.real ?? 1
    let days = report.panel("volume_by_day")
    let chartDays = days.rows.map { row in
      (
        day: days.value("day", in: row).text ?? "", occurrences: days.value("occurrences", in: row).integer,
        inWindow: days.value("in_window", in: row).integer != 0
      )
    }
    let health = report.summary("ingestion_health")
    return [
      "title": "lcq report \(UnixTime.iso(report.scope.since)) to \(UnixTime.iso(report.scope.until))",
      "since": UnixTime.iso(report.scope.since),
      "until": UnixTime.iso(report.scope.until),
      "app": report.scope.app ?? "every app",
      "warnings": report.warnings,
      "stats": [
        stat("occurrences", ReportNumbers.grouped(occurrences)),
        stat(
          "against the 14-day mean",
          ReportNumbers.change(occurrences: occurrences, baselineDailyMean: mean, windowDays: windowDays)),
        stat("conflicts", ReportNumbers.grouped(volume["conflicts"]?.integer ?? 0)),
        stat("runs", ReportNumbers.grouped(volume["runs"]?.integer ?? 0)),
        stat("device models", ReportNumbers.grouped(volume["devices"]?.integer ?? 0)),
        stat("daily mean, 14 days before", ReportNumbers.decimal(mean)),
      ],
      "volumeChart": ReportCharts.volume(days: chartDays, dailyMean: mean),
      "groups": records(report.panel("volume_by_group")),
      "top": conflicts(report, panel: "top_by_occurrences"),
      "reach": records(report.panel("top_by_reach")),
      "new": records(report.panel("new_conflicts")),
      "regressed": records(report.panel("regressed_conflicts")),
      "quiet": records(report.panel("quiet_conflicts")),
      "system": records(report.panel("system_conflicts")),
      "health": health.mapValues { display($0) },
      "missing": records(report.panel("undecidable_by_missing")),
      "samples": records(report.panel("unparsed_samples")),
    ]
  }

  static func stat(_ label: String, _ value: String) -> [String: Any] { ["label": label, "value": value] }

  /// Rows as dictionaries of display text, numbers grouped; `hasRows`/`rows` for the template.
  static func records(_ rows: PanelRows) -> [String: Any] {
    let list: [[String: Any]] = rows.records.map { record in
      var fields: [String: Any] = [:]
      for (column, value) in record { fields[column] = display(value) }
      if let fingerprint = record.first(where: { $0.0 == "fingerprint" })?.1.text {
        fields["short"] = String(fingerprint.prefix(11))
      }
      return fields
    }
    return ["hasRows": !list.isEmpty, "rows": list, "count": list.count]
  }

  static func conflicts(_ report: NightlyReport, panel name: String) -> [String: Any] {
    let rows = report.panel(name)
    var list: [[String: Any]] = []
    for (index, row) in rows.rows.prefix(topCount).enumerated() {
      let fingerprint = rows.value("fingerprint", in: row).text ?? ""
      let explanation = rows.value("explanation", in: row).text ?? ""
      var fields: [String: Any] = [
        "rank": index + 1,
        "fingerprint": fingerprint,
        "short": String(fingerprint.prefix(11)),
        "title": rows.value("title", in: row).text ?? "",
        "status": rows.value("status", in: row).text ?? "",
        "verdict": rows.value("verdict", in: row).text ?? "",
        "occurrences": ReportNumbers.counted(rows.value("occurrences", in: row).integer, "occurrence"),
        "runs": ReportNumbers.counted(rows.value("runs", in: row).integer, "run"),
        "devices": ReportNumbers.counted(rows.value("devices", in: row).integer, "device model"),
        "firstSeen": rows.value("first_seen", in: row).text ?? "",
        "lastSeen": rows.value("last_seen", in: row).text ?? "",
        "lastBuild": rows.value("last_build", in: row).text ?? "—",
        "set": rows.value("minimal_set", in: row).stringArray ?? [],
        "explanation": explanation.split(separator: "\n").first.map(String.init) ?? "",
        "members": explanation.split(separator: "\n").dropFirst().map(String.init),
        "spark": ReportCharts.sparkline(report.dailyCounts(of: fingerprint)),
      ]
      if let fix = rows.value("best_fix", in: row).text { fields["fix"] = fix }
      if let picture = report.pictures[fingerprint] { fields["picture"] = picture }
      list.append(fields)
    }
    return ["hasRows": !list.isEmpty, "rows": list]
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
