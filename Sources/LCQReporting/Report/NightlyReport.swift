import LCQAnalysis
import LCQPipeline
import LCQStore

/// Everything `lcq report` shows: every dashboard panel run over one scope, plus what SQL cannot
/// hold (each listed conflict's picture, the warnings).
public struct NightlyReport: Sendable {
  /// The window and app covered.
  public var scope: ReportScope
  /// Each dashboard panel's rows, by panel name (`volume`, `top_by_occurrences`, …).
  public var panels: [String: PanelRows]
  /// The picture of each top conflict (SVG), by fingerprint, drawn from a re-analysis of its
  /// latest raw block; conflicts too large to draw have none.
  public var pictures: [String: String]
  /// What a reader must not miss: no input, unfinished runs, many unreadable blocks.
  public var warnings: [String]

  /// Unreadable blocks above this share of the window's blocks raise a warning.
  public static let unparsedWarningPercent = 5.0

  /// The report of `data`: its panels, a picture of each analysed conflict that can be drawn
  /// (drawn on every core), and the warnings its health panel raises.
  public init(_ data: ReportData) {
    scope = data.scope
    panels = data.panels
    pictures = [:]
    warnings = []
    warnings = healthWarnings
    let drawn = Concurrently.map(Array(data.analyses)) { fingerprint, analysis in
      (fingerprint, BlockSVG.render(analysis))
    }
    for case (let fingerprint, let svg?) in drawn { pictures[fingerprint] = svg }
  }

  /// The rows of panel `name` (none when the binary carries no such panel).
  public func panel(_ name: String) -> PanelRows {
    panels[name] ?? PanelRows(columns: [], rows: [])
  }

  /// The rows of the panel whose rows are `Row`s (none when the report has no such panel).
  public func rows<Row: DashboardPanelRow>(_ type: Row.Type) -> [Row] {
    panels[Row.name].map { $0.typed(Row.self) } ?? []
  }

  /// The single row of a one-row panel (``Panels/Volume``, ``Panels/IngestionHealth``).
  public func summary<Row: DashboardPanelRow>(_ type: Row.Type) -> Row? {
    rows(type).first
  }

  /// The days before the window that volume is compared with (the `settings` panel, which
  /// reads the database's `report_settings`).
  public var baselineDays: Int64 { summary(Panels.Settings.self)?.baselineDays.integer ?? 0 }

  /// Occurrences per day for `fingerprint`, aligned with the `volume_by_day` panel's days.
  public func dailyCounts(of fingerprint: String) -> [Int64] {
    var counts: [String: Int64] = [:]
    for row in rows(Panels.ConflictDays.self) where row.fingerprint.text == fingerprint {
      if let day = row.day.text { counts[day] = row.occurrences.integer }
    }
    return rows(Panels.VolumeByDay.self).map { row in row.day.text.flatMap { counts[$0] } ?? 0 }
  }

  private var healthWarnings: [String] {
    let health = summary(Panels.IngestionHealth.self)
    let window = "between \(UnixTime.iso(scope.since)) and \(UnixTime.iso(scope.until))"
    let runs = health?.runs.integer ?? 0
    guard runs > 0 else {
      let last =
        health?.lastRunEver.text.map { " The last ingest run started at \($0)." }
        ?? " No ingest run at all."
      return [
        "Nothing was ingested \(window).\(last) Check the job that feeds `lcq ingest`: a silent pipe "
          + "looks exactly like a day without conflicts."
      ]
    }
    var warnings: [String] = []
    if health?.lines.integer == 0 {
      warnings.append("\(Wording.counted(runs, "ingest run")) \(window) read no log line at all.")
    }
    let unfinished = health?.unfinishedRuns.integer ?? 0
    if unfinished > 0 {
      warnings.append(
        "\(Wording.counted(unfinished, "ingest run")) \(window) did not finish (killed, failed or still running)."
      )
    }
    // An old log ingested now: its occurrences keep their own times, before this window.
    let before = health?.loggedBeforeWindow.integer ?? 0
    if before > 0, let earliest = health?.earliestLogged.text {
      let day = String(earliest.prefix(10))
      warnings.append(
        "\(Wording.counted(before, "occurrence")) stored by the ingest runs \(window) \(before == 1 ? "was" : "were") "
          + "logged before the window, from \(earliest) on (the log's own times), so \(before == 1 ? "it is" : "they are") "
          + "not counted here; a report from \(day) shows \(before == 1 ? "it" : "them") (lcq report --since \(day))."
      )
    }
    let unparsed = health?.unparsedPercent.real ?? 0
    if unparsed > Self.unparsedWarningPercent {
      warnings.append(
        "\(ReportNumbers.decimal(unparsed))% of the conflict messages \(window) could not be read "
          + "(samples under Ingestion health).")
    }
    return warnings
  }
}

/// Numbers as the report prints them.
enum ReportNumbers {
  /// `1234567` as `1,234,567`.
  static func grouped(_ value: Int64) -> String {
    let digits = String(value.magnitude)
    var output = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { output.append(",") }
      output.append(digit)
    }
    return (value < 0 ? "-" : "") + output
  }

  /// `1 occurrence`, `12 occurrences`, `1,234 device models` (the plural adds an s).
  static func counted(_ value: Int64, _ noun: String) -> String {
    grouped(value) + " " + (value == 1 ? noun : noun + "s")
  }

  /// A new or regressed conflict's occurrences in the window, or, when it has none there (its
  /// log's times fall before the window: an old log ingested now), that they were logged
  /// earlier, never "0 occurrences" for a conflict the window brought.
  static func occurrencesInWindow(_ value: Int64) -> String {
    value == 0 ? "occurrences logged before the window" : counted(value, "occurrence")
  }

  /// Device models counted, or "device models unknown" when no run said its device (0 would
  /// read as "seen on no device").
  static func devices(_ value: Int64) -> String {
    value == 0 ? "device models unknown" : counted(value, "device model")
  }

  /// A decimal with at most two fraction digits, trailing zeros dropped (`12.5`, `3`, `0.33`).
  static func decimal(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int64(hundredths / 100)
    let fraction = Int64(abs(hundredths).truncatingRemainder(dividingBy: 100))
    guard fraction != 0 else { return (hundredths < 0 && whole == 0 ? "-" : "") + grouped(whole) }
    let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
    let trimmed = digits.hasSuffix("0") ? String(digits.dropLast()) : digits
    return (hundredths < 0 && whole == 0 ? "-" : "") + grouped(whole) + "." + trimmed
  }

  /// The window's change against the baseline's mean, as `+25%`, `-40%`, `±0%`, or `new` when
  /// the baseline is zero.
  static func change(occurrences: Int64, baselineDailyMean: Double, windowDays: Double) -> String {
    let expected = baselineDailyMean * windowDays
    guard expected > 0 else { return occurrences > 0 ? "new" : "±0%" }
    let percent = ((Double(occurrences) - expected) / expected * 100).rounded()
    if percent == 0 { return "±0%" }
    return (percent > 0 ? "+" : "") + String(Int64(percent)) + "%"
  }
}
