/// What `lcq db copy` added to the destination (rows it already held are not counted).
public struct CopyResult: Sendable, Hashable {
  /// Ingest runs.
  public var runs = 0
  /// Conflicts (by fingerprint).
  public var conflicts = 0
  /// Conflicts the destination already held, whose status there was kept.
  public var conflictsKept = 0
  /// Block templates.
  public var templates = 0
  /// Occurrences (by identity).
  public var occurrences = 0
  /// Failed blocks (by identity).
  public var failedBlocks = 0
  /// Notification records (what `lcq notify` posted or left pending).
  public var notifications = 0
}

extension ConflictStore {
  /// Copies every run, conflict, occurrence and failed block of `source` into this store,
  /// whatever the two engines: an SQLite file's history into the team store, or back.
  ///
  /// Rows are matched, never doubled: a run by its start time, source, host, run key, build and
  /// lcq version; a conflict by its fingerprint (one the destination already holds keeps its
  /// status there); a template by its hash; an occurrence and a failed block by their
  /// identity. So a copy may run again (nothing is added twice) and, after a kill, finishes
  /// what is missing. Each batch is one transaction; the occurrence counts (`occurrence_rollup`
  /// and each conflict's counters) are rebuilt from the occurrences at the end, so a copy
  /// that was killed is whole once it has run again to its end.
  public func copy(from source: any ConflictStore, batchSize: Int = 500) throws(StoreError) -> CopyResult {
    let from = source.queries
    let to = queries
    var result = CopyResult()
    let runs = try copyRuns(from, to, &result)
    let conflicts = try copyConflicts(from, to, &result)
    try copyAliases(from, to, conflicts: conflicts)
    try copyCodeOwners(from, to, runs: runs, conflicts: conflicts)
    try copyRunTests(from, to, runs: runs)
    result.notifications = try copyNotifications(from, to, conflicts: conflicts)
    let templates = try copyTemplates(from, to, batchSize: batchSize, &result)
    result.occurrences = try copyBatches(
      of: "occurrences", StoreCopy.occurrenceColumns, from, to, batchSize: batchSize
    ) { row throws(StoreError) in
      try StoreCopy.occurrenceValues(row, runs: runs, conflicts: conflicts, templates: templates)
    }
    result.failedBlocks = try copyBatches(
      of: "failed_blocks", StoreCopy.failedColumns, from, to, batchSize: batchSize
    ) { row throws(StoreError) in
      try StoreCopy.failedValues(row, runs: runs)
    }
    try copyOpenMessages(from, to)
    try to.transaction { engine throws(StoreError) in try OccurrenceRollup.rebuild(engine) }
    return result
  }

  /// Copies `table` (rows with an `identity`) in batches of `batchSize`, each one transaction,
  /// with `values` mapping a source row to the destination's; returns how many were new.
  private func copyBatches(
    of table: String, _ columns: [String], _ from: QueryEngine, _ to: QueryEngine, batchSize: Int,
    values: (QueryRow) throws(StoreError) -> [QueryValue]
  ) throws(StoreError) -> Int {
    var added = 0
    var lastID: Int64 = 0
    while true {
      let rows = try from.rows(
        StoreCopy.select(columns, from: table), [.integer(lastID), .integer(Int64(batchSize))])
      guard let last = rows.last?.integer("id") else { return added }
      lastID = last
      let batch = try rows.map(values)
      try to.transaction { engine throws(StoreError) in
        guard table == "occurrences" else {
          added += try engine.execute(
            StoreCopy.insert(table, columns, rows: batch.count, skipping: "identity"), batch.flatMap { $0 })
          return
        }
        let time = StoredRows.Occurrence.Columns.allCases.firstIndex(of: .time) ?? 0
        try OccurrenceInsert.prepareMonths(
          for: batch.compactMap { if case .integer(let value) = $0[time] { value } else { nil } }, engine)
        added += try engine.execute(
          OccurrenceInsert.sql(rows: batch.count, engine.dialect), batch.flatMap { $0 })
      }
    }
  }

  /// The destination's id of every source run, inserted when missing.
  private func copyRuns(_ from: QueryEngine, _ to: QueryEngine, _ result: inout CopyResult) throws(StoreError)
    -> [Int64: Int64]
  {
    var ids: [Int64: Int64] = [:]
    let columns = StoreCopy.runColumns
    for row in try from.rows(StoreCopy.select(columns, from: "runs")) {
      let key = StoreCopy.runKey.flatMap { [row[$0].queryValue, row[$0].queryValue] }
      let match = StoreCopy.runMatch
      var id = try to.row(match, key)?.integer("id")
      if id == nil {
        try to.transaction { engine throws(StoreError) in
          _ = try engine.execute(
            StoreCopy.insert("runs", columns, rows: 1, skipping: nil), columns.map { row[$0].queryValue })
        }
        id = try to.row(match, key)?.integer("id")
        result.runs += 1
      }
      guard let source = row.integer("id"), let id else { throw .missingValue(column: "runs.id") }
      ids[source] = id
    }
    return ids
  }

  /// The destination's id of every source conflict (by fingerprint), inserted when missing.
  private func copyConflicts(_ from: QueryEngine, _ to: QueryEngine, _ result: inout CopyResult)
    throws(StoreError) -> [Int64: Int64]
  {
    var ids: [Int64: Int64] = [:]
    let columns = StoreCopy.conflictColumns
    for row in try from.rows(StoreCopy.select(columns, from: "conflicts")) {
      let fingerprint = try row.requiredText("fingerprint")
      let lookup = "SELECT id FROM conflicts WHERE fingerprint = ?"
      if let id = try to.row(lookup, [.text(fingerprint)])?.integer("id") {
        ids[row.integer("id") ?? 0] = id
        result.conflictsKept += 1
        continue
      }
      try to.transaction { engine throws(StoreError) in
        _ = try engine.execute(
          StoreCopy.insert("conflicts", columns, rows: 1, skipping: "fingerprint"),
          columns.map { row[$0].queryValue })
      }
      guard let id = try to.row(lookup, [.text(fingerprint)])?.integer("id") else {
        throw .missingValue(column: "conflicts.id of \(fingerprint)")
      }
      ids[row.integer("id") ?? 0] = id
      result.conflicts += 1
    }
    return ids
  }

  /// Copies each run's code owners of its conflicts (schema 8, with schema 12's line) to the copied runs and
  /// conflicts; a pair the destination already holds keeps its row there.
  private func copyCodeOwners(
    _ from: QueryEngine, _ to: QueryEngine, runs: [Int64: Int64], conflicts: [Int64: Int64]
  ) throws(StoreError) {
    let rows = try from.rows(
      """
      SELECT conflict_id, run_id, source_files, owners, source_line FROM code_owners ORDER BY run_id, conflict_id
      """)
    guard !rows.isEmpty else { return }
    try to.transaction { engine throws(StoreError) in
      for row in rows {
        guard let conflict = row.integer("conflict_id").flatMap({ conflicts[$0] }),
          let run = row.integer("run_id").flatMap({ runs[$0] })
        else { continue }
        _ = try engine.execute(
          """
          INSERT INTO code_owners (conflict_id, run_id, source_files, owners, source_line) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (conflict_id, run_id) DO NOTHING
          """,
          [
            .integer(conflict), .integer(run), .text(try row.requiredText("source_files")),
            .text(try row.requiredText("owners")), QueryValue(row.integer("source_line")),
          ])
      }
    }
  }

  /// Copies the tests each run ran (schema 15) to the copied runs.
  private func copyRunTests(_ from: QueryEngine, _ to: QueryEngine, runs: [Int64: Int64]) throws(StoreError) {
    let rows = try from.rows("SELECT run_id, test FROM run_tests ORDER BY run_id, test")
    guard !rows.isEmpty else { return }
    try to.transaction { engine throws(StoreError) in
      for row in rows {
        guard let run = row.integer("run_id").flatMap({ runs[$0] }) else { continue }
        _ = try engine.execute(
          StoredRows.runTestInsertSQL, [.integer(run), .text(try row.requiredText("test"))])
      }
    }
  }

  /// Copies the open messages (schema 10) to the copied occurrences, matched by identity, so
  /// that a grown log ingested into the destination completes them there too.
  private func copyOpenMessages(_ from: QueryEngine, _ to: QueryEngine) throws(StoreError) {
    let rows = try from.rows(
      """
      SELECT o.identity, m.source_line, m.raw_text FROM open_messages m JOIN occurrences o ON o.id = m.occurrence_id
      ORDER BY m.occurrence_id
      """)
    guard !rows.isEmpty else { return }
    try to.transaction { engine throws(StoreError) in
      for row in rows {
        _ = try engine.execute(
          StoredRows.openMessageInsertSQL(engine.dialect),
          [
            .integer(row.integer("source_line") ?? 0), .text(try row.requiredText("raw_text")),
            .text(try row.requiredText("identity")),
          ])
      }
    }
  }

  /// Copies what `lcq notify` recorded (schema 7) to the copied conflicts, so that a change
  /// posted before the copy is not posted again from the destination. A live claim is not
  /// copied (the run that holds it writes to the source); a change the destination holds
  /// pending becomes sent when the source sent it. Returns how many rows were added or marked sent.
  private func copyNotifications(_ from: QueryEngine, _ to: QueryEngine, conflicts: [Int64: Int64])
    throws(StoreError) -> Int
  {
    let rows = try from.rows(
      "SELECT conflict_id, change, state, attempts, last_error, sent_at FROM notifications ORDER BY conflict_id, change"
    )
    guard !rows.isEmpty else { return 0 }
    var changed = 0
    try to.transaction { engine throws(StoreError) in
      for row in rows {
        guard let conflict = row.integer("conflict_id").flatMap({ conflicts[$0] }) else { continue }
        changed += try engine.execute(
          """
          INSERT INTO notifications (conflict_id, change, state, attempts, last_error, sent_at)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (conflict_id, change) DO UPDATE SET state = 'sent', sent_at = excluded.sent_at
          WHERE excluded.state = 'sent' AND notifications.state <> 'sent'
          """,
          [
            .integer(conflict), .text(try row.requiredText("change")), .text(try row.requiredText("state")),
            row["attempts"].queryValue, row["last_error"].queryValue, row["sent_at"].queryValue,
          ])
      }
    }
    return changed
  }

  /// Copies the fingerprint aliases (an older version's fingerprints, schema 6) to the copied
  /// conflicts; an alias the destination already holds keeps its conflict there.
  private func copyAliases(_ from: QueryEngine, _ to: QueryEngine, conflicts: [Int64: Int64])
    throws(StoreError)
  {
    let aliases = try from.rows(
      "SELECT fingerprint, conflict_id FROM fingerprint_aliases ORDER BY fingerprint")
    guard !aliases.isEmpty else { return }
    try to.transaction { engine throws(StoreError) in
      for alias in aliases {
        guard let source = alias.integer("conflict_id"), let target = conflicts[source] else { continue }
        _ = try engine.execute(
          "INSERT INTO fingerprint_aliases (fingerprint, conflict_id) VALUES (?, ?) ON CONFLICT (fingerprint) DO NOTHING",
          [.text(try alias.requiredText("fingerprint")), .integer(target)])
      }
    }
  }

  /// The destination's id of every source template (by hash), inserted when missing.
  private func copyTemplates(
    _ from: QueryEngine, _ to: QueryEngine, batchSize: Int, _ result: inout CopyResult
  ) throws(StoreError) -> [Int64: Int64] {
    var ids: [Int64: Int64] = [:]
    var lastID: Int64 = 0
    while true {
      let rows = try from.rows(
        "SELECT id, hash, template FROM block_templates WHERE id > ? ORDER BY id LIMIT ?",
        [.integer(lastID), .integer(Int64(batchSize))])
      guard let last = rows.last?.integer("id") else { break }
      lastID = last
      var sourceIDs: [String: Int64] = [:]
      try to.transaction { engine throws(StoreError) in
        for row in rows {
          let hash = try row.requiredText("hash")
          sourceIDs[hash] = row.integer("id") ?? 0
          result.templates += try engine.execute(
            StoredRows.templateInsertSQL, [.text(hash), .text(try row.requiredText("template"))])
        }
      }
      let hashes = Array(sourceIDs.keys)
      let placeholders = Array(repeating: "?", count: hashes.count).joined(separator: ", ")
      for row in try to.rows(
        "SELECT id, hash FROM block_templates WHERE hash IN (" + placeholders + ")", hashes.map { .text($0) })
      {
        if let hash = row.text("hash"), let source = sourceIDs[hash] { ids[source] = row.integer("id") }
      }
    }
    return ids
  }
}

/// The columns `lcq db copy` carries, the same in both engines' schemas.
enum StoreCopy {
  static let runColumns = [
    "run_key", "started_at", "finished_at", "status", "source", "app", "app_version", "build", "build_key",
    "device", "os_version", "host", "lcq_version", "lines", "bytes", "blocks", "occurrences", "duplicates",
    "unparsed", "new_conflicts", "logging_off",
  ]
  /// What makes a run the same run in two stores.
  static let runKey = ["started_at", "source", "host", "run_key", "build", "lcq_version"]
  /// The destination's run with the ``runKey`` of a source run (each value bound twice: NULL
  /// matches NULL).
  static let runMatch: String = {
    let conditions = runKey.map { column in
      "(" + column + " = ? OR (" + column + " IS NULL AND CAST(? AS TEXT) IS NULL))"
    }.joined(separator: " AND ")
    return "SELECT id FROM runs WHERE \(conditions) ORDER BY id LIMIT 1"
  }()

  /// `SELECT id, columns FROM table` in id order; with `WHERE id > ? … LIMIT ?` for the tables
  /// copied in batches.
  static func select(_ columns: [String], from table: String) -> String {
    let list = columns.joined(separator: ", ")
    let batched = table == "occurrences" || table == "failed_blocks"
    return "SELECT id, \(list) FROM \(table)"
      + (batched ? " WHERE id > ? ORDER BY id LIMIT ?" : " ORDER BY id")
  }
  static let conflictColumns = [
    "fingerprint", "title", "verdict", "minimal_set", "explanation", "best_fix", "missing", "owner",
    "first_seen", "last_seen", "first_build", "last_build", "occurrence_count", "status", "resolved_build",
    "resolved_build_key", "status_changed_at", "envelope", "width_safe_from", "width_safe_to",
    "width_fires_everywhere", "damage", "damage_points", "damage_shows",
    "damage_collapses",
  ]
  static let occurrenceColumns = StoredRows.Occurrence.Columns.allCases.map(\.rawValue)
  static let failedColumns = StoredRows.FailedBlock.Columns.allCases.map(\.rawValue)

  /// `INSERT INTO table (columns) VALUES (…), …` for `rows` rows, skipping rows whose unique
  /// `key` (a column name) is already stored.
  static func insert(_ table: String, _ columns: [String], rows: Int, skipping key: String?) -> String {
    let list = columns.joined(separator: ", ")
    let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    let values = Array(repeating: row, count: rows).joined(separator: ", ")
    let conflict = key.map { column in " ON CONFLICT (" + column + ") DO NOTHING" } ?? ""
    return "INSERT INTO \(table) (\(list)) VALUES \(values)\(conflict)"
  }

  /// An occurrence row's values with its run, conflict and template ids mapped to the
  /// destination's.
  static func occurrenceValues(
    _ row: QueryRow, runs: [Int64: Int64], conflicts: [Int64: Int64], templates: [Int64: Int64]
  ) throws(StoreError) -> [QueryValue] {
    try occurrenceColumns.map { column throws(StoreError) in
      switch column {
      case "run_id": try mapped(row, column, runs)
      case "conflict_id": try mapped(row, column, conflicts)
      case "template_id": try mapped(row, column, templates)
      default: row[column].queryValue
      }
    }
  }

  /// A failed block row's values with its run id mapped to the destination's.
  static func failedValues(_ row: QueryRow, runs: [Int64: Int64]) throws(StoreError) -> [QueryValue] {
    try failedColumns.map { column throws(StoreError) in
      column == "run_id" ? try mapped(row, column, runs) : row[column].queryValue
    }
  }

  private static func mapped(_ row: QueryRow, _ column: String, _ ids: [Int64: Int64]) throws(StoreError)
    -> QueryValue
  {
    guard let source = row.integer(column), let id = ids[source] else {
      throw .missingValue(column: "\(column) of a copied row")
    }
    return .integer(id)
  }
}

extension PanelValue {
  /// The value bound as it was read.
  var queryValue: QueryValue {
    switch self {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .real(value)
    case .text(let value): .text(value)
    }
  }
}
