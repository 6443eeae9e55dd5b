import LCQAnalysis
import LCQStore

/// The store's answers as tables, one shape per command.
extension ResultTable {
  /// `lcq top`.
  ///
  /// The columns `code_owners` and `source_files` are there when a run recorded code owners for one
  /// of the rows (`lcq ingest --source-root`); `tests` (how many tests logged it) when one of the
  /// rows was logged in a test, or when ranked `by` tests; `damage` (the least miss in points,
  /// blank without a figure) and `shows` when ranked by damage or filtered by `minDamage`.
  public init(top: [ConflictCount], by order: TopOrder = .occurrences, minDamage: Double? = nil) {
    let showsDamage = order == .damage || minDamage != nil
    let showsOwners = top.contains { $0.codeOwnership != nil }
    let showsTests = order == .tests || top.contains { $0.tests > 0 }
    var columns = ["fingerprint", "title", "occurrences", "runs", "devices"]
    if showsTests { columns.append("tests") }
    if showsDamage { columns += ["damage", "shows"] }
    columns += ["status", "first_seen", "last_seen", "last_build"]
    if showsOwners { columns += Self.ownerColumns }
    self.init(
      columns: columns,
      rows: top.map { row in
        var cells: [Cell] = [
          .text(row.fingerprint), .text(row.title), .integer(row.occurrences), .integer(row.runs),
          // No occurrence named a device: the count is unknown, not 0 (blank, or JSON null).
          row.devices > 0 ? .integer(row.devices) : .text(nil),
        ]
        if showsTests { cells.append(.integer(row.tests)) }
        if showsDamage {
          cells += [
            row.damage?.points.map { .decimal(Wording.damagePoints($0)) } ?? .text(nil),
            .text(row.damage?.shows?.rawValue),
          ]
        }
        cells += [
          .text(row.status.rawValue), .time(row.firstSeen), .time(row.lastSeen), .text(row.lastBuild),
        ]
        if showsOwners { cells += Self.ownerCells(row.codeOwnership) }
        return cells
      }, json: JSONShape(schema: "lcq-top/1", key: "conflicts"))
    // Narrow, the title matters more than when the conflict was first seen.
    leftOutWhenNarrow = ["first_seen"]
  }

  /// The columns a list of conflicts gains when a run recorded code owners for one of them.
  static let ownerColumns = ["code_owners", "source_files"]

  /// A row's cells of ``ownerColumns`` (null when no run mapped its conflict).
  static func ownerCells(_ ownership: CodeOwnership?) -> [Cell] {
    [.list(ownership?.owners), .list(ownership?.sourceFiles)]
  }

  /// `lcq trend`; by build, with every run of the build, the share without a conflict
  /// (``ConflictFreeRate``) and its change from the build before (none for runs without a build).
  public init(trend: [TrendPoint], step: TrendStep) {
    var columns = [step.rawValue, "occurrences", "conflicts", "runs"]
    if step == .build { columns += ["all_runs", "conflict_free_percent", "change_points"] }
    var previous: (free: Int, all: Int)?
    self.init(
      columns: columns,
      rows: trend.map { point in
        var cells: [Cell] = [
          .text(point.label), .integer(point.occurrences), .integer(point.conflicts), .integer(point.runs),
        ]
        guard step == .build else { return cells }
        let all = point.allRuns ?? 0
        let current = (free: point.conflictFreeRuns ?? 0, all: all)
        let percent = ConflictFreeRate.percent(current.free, of: all)
        let isBuild = point.label != "(none)"
        let change = isBuild ? previous.flatMap { ConflictFreeRate.change(from: $0, to: current) } : nil
        cells += [
          .integer(all), percent.map(Cell.decimal) ?? .text(nil), change.map(Cell.decimal) ?? .text(nil),
        ]
        if isBuild { previous = current }
        return cells
      }, json: JSONShape(schema: "lcq-trend/1", key: "points"))
  }

  /// `lcq new`, `lcq regressed`, `lcq quiet`; `command` names the JSON schema (`lcq-new/1`).
  public init(changes: [ConflictChange], command: String, showsResolvedBuild: Bool = false) {
    var columns = [
      "fingerprint", "title", "occurrences", "runs", "first_seen", "last_seen", "first_build", "last_build",
      "status",
    ]
    if showsResolvedBuild { columns.append("resolved_build") }
    let showsOwners = changes.contains { $0.codeOwnership != nil }
    if showsOwners { columns += Self.ownerColumns }
    self.init(
      columns: columns,
      rows: changes.map { row in
        var cells: [Cell] = [
          .text(row.fingerprint), .text(row.title), .integer(row.occurrences), .integer(row.runs),
          .time(row.firstSeen),
          .time(row.lastSeen), .text(row.firstBuild), .text(row.lastBuild), .text(row.status.rawValue),
        ]
        if showsResolvedBuild { cells.append(.text(row.resolvedBuild)) }
        if showsOwners { cells += Self.ownerCells(row.codeOwnership) }
        return cells
      }, json: JSONShape(schema: "lcq-\(command)/1", key: "conflicts"))
  }

  /// `lcq db stats`, as name/value rows.
  public init(statistics: StoreStatistics) {
    let rows: [(String, Cell)] = [
      ("path", .text(statistics.path)), ("schema_version", .integer(statistics.schemaVersion)),
      ("bytes", .integer(Int(statistics.bytes))), ("runs", .integer(statistics.runs)),
      ("conflicts", .integer(statistics.conflicts)), ("open", .integer(statistics.openConflicts)),
      ("resolved", .integer(statistics.resolvedConflicts)),
      ("ignored", .integer(statistics.ignoredConflicts)),
      ("occurrences", .integer(statistics.occurrences)), ("failed_blocks", .integer(statistics.failedBlocks)),
      ("block_templates", .integer(statistics.templates)),
      ("oldest_occurrence", .time(statistics.oldestOccurrence)),
      ("newest_occurrence", .time(statistics.newestOccurrence)), ("last_run", .time(statistics.lastRun)),
    ]
    self.init(
      columns: rows.map(\.0), rows: [rows.map(\.1)], json: JSONShape(schema: "lcq-db-stats/1", key: nil))
  }

  /// The same table turned on its side: one `name, value` row per column (for one-row tables
  /// shown to a person).
  public var transposed: ResultTable {
    ResultTable(
      columns: ["name", "value"],
      rows: rows.flatMap { row in zip(columns, row).map { [.text($0), .text($1.text)] } })
  }
}
