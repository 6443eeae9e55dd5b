import LCQStore

/// `lcq report --format json`: one object, documented in `docs/report.md` (schema
/// `lcq-report/1`). Each panel's rows keep the column names of its `dashboards/*.sql` query,
/// so the numbers can be compared with Datasette's.
public enum ReportJSON {
  /// The schema name and version written as `schema`.
  public static let schema = "lcq-report/1"
  /// Panels with exactly one row, written as an object instead of an array.
  static let singleRowPanels: Set<String> = ["volume", "ingestion_health", "settings", "invisible_damage"]
  /// The order of the panels in the object (any other panel follows, by name).
  static let panelOrder = [
    "volume", "volume_by_group", "volume_by_day", "run_health", "top_by_occurrences", "top_by_reach",
    "top_by_damage", "invisible_damage", "system_conflicts",
    "conflict_days",
    "new_conflicts", "regressed_conflicts", "quiet_conflicts", "ingestion_health", "undecidable_by_missing",
    "unparsed_samples",
  ]
  /// Columns holding a JSON array as text, written as that array.
  static let arrayColumns: Set<String> = ["minimal_set", "issues", "missing", "code_owners", "source_files"]

  /// The report as JSON text (one line).
  public static func render(_ report: NightlyReport) -> String {
    var fields: [(String, JSONValue)] = [
      ("schema", .string(schema)),
      (
        "window",
        .object([
          ("since", .string(UnixTime.iso(report.scope.since))),
          ("until", .string(UnixTime.iso(report.scope.until))),
        ])
      ),
      ("app", .string(report.scope.app)),
      ("owner", .string(report.scope.owner.rawValue)), ("team", .string(report.scope.team)),
      ("warnings", .array(report.warnings.map { .string($0) })),
    ]
    for name in panelOrder + Panels.all.map({ $0.name }).filter({ !panelOrder.contains($0) }) {
      let rows = report.panel(name)
      let objects = rows.records.map { JSONValue.object($0.map { ($0.0, value($0.1, column: $0.0)) }) }
      fields.append((name, singleRowPanels.contains(name) ? (objects.first ?? .null) : .array(objects)))
    }
    return JSONValue.object(fields).serialized + "\n"
  }

  static func value(_ value: PanelValue, column: String) -> JSONValue {
    switch value {
    case .null: return .null
    case .integer(let number): return .int(Int(number))
    case .real(let number): return .number(number.isFinite ? "\(number)" : "null")
    case .text(let text):
      guard arrayColumns.contains(column), let array = value.stringArray else { return .string(text) }
      return .array(array.map { .string($0) })
    }
  }
}
