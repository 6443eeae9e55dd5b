import Foundation
import LCQAnalysis

/// One `lcq ingest` run on the team store: a row in `runs`, and blocks stored in batches, each
/// batch one transaction whose rows are inserted with multi-row statements
/// (`ON CONFLICT … DO NOTHING`: an occurrence another runner stored is a duplicate) and whose
/// counts (`occurrence_rollup`, the conflicts' counters) are written once per batch.
///
/// Runners that write at once cannot deadlock on lcq's order (new conflicts are inserted in
/// fingerprint order, existing ones locked in id order); a deadlock or serialization failure
/// the server reports anyway rolls the batch back and runs it again.
final class PostgresIngestRun: IngestRun {
  let store: PostgresStore
  /// The run's id in `runs`.
  let runID: Int64
  private(set) var totals = IngestTotals()
  var pendingCount: Int { pending.count }

  private var pending: [BlockRecord] = []
  private var added = AddedBlocks()
  private var cutOffs: CutOffMessages
  private let startedOnClock: Int64
  private let startedAt = Date()

  /// How many times a batch is tried when the server rolls it back for a deadlock or a
  /// serialization failure.
  static let attempts = 5
  /// Rows per multi-row insert (each row binds up to 16 values; PostgreSQL takes 65,535).
  static let rowsPerStatement = 1_000

  init(store: PostgresStore, metadata: RunMetadata, clock: IngestClock) throws(StoreError) {
    self.store = store
    startedOnClock = clock.now
    let values: [QueryValue] = [
      QueryValue(metadata.runKey), .integer(clock.now), .text(metadata.source), QueryValue(metadata.app),
      QueryValue(metadata.appVersion), QueryValue(metadata.build),
      QueryValue(metadata.build.map(BuildKey.of)),
      QueryValue(metadata.device), QueryValue(metadata.osVersion), QueryValue(metadata.host),
      .text(metadata.lcqVersion),
    ]
    (runID, cutOffs) = try store.using { link throws(StoreError) in
      let inserted = try link.rows(
        """
        INSERT INTO runs (run_key, started_at, source, app, app_version, build, build_key, device,
          os_version, host, lcq_version)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
        """, values)
      guard let id = try inserted.first?.value("id", as: Int64.self) else {
        throw .postgres(path: "", message: "the new run has no id", sqlState: nil)
      }
      var stored: [(id: Int64, line: Int, text: String)] = []
      for row in try link.rows(
        "SELECT id, source_line, raw_text FROM failed_blocks WHERE strpos(issues, ?) > 0",
        [.text(FailedBlockText.cutOffReason)])
      {
        stored.append(
          (
            try row.value("id", as: Int64.self), Int(try row.value("source_line", as: Int64.self)),
            try row.value("raw_text", as: String.self)
          ))
      }
      return (id, CutOffMessages(stored))
    }
  }

  func add(_ record: BlockRecord) {
    cutOffs.add(record)
    pending.append(record)
    added.add(record, to: &totals)
  }

  func setInput(lines: Int, bytes: Int) {
    totals.lines = lines
    totals.bytes = bytes
  }

  func commit() throws(StoreError) {
    var attempt = 1
    while true {
      do {
        let totals = try store.using { link throws(StoreError) in
          try link.transaction { () throws(StoreError) in try write(pending, link) }
        }
        self.totals = totals
        pending.removeAll(keepingCapacity: true)
        cutOffs.committed()
        return
      } catch {
        // 40001 serialization_failure, 40P01 deadlock_detected: the batch was rolled back whole.
        guard case .postgres(_, _, let state?) = error, state == "40001" || state == "40P01",
          attempt < Self.attempts
        else { throw error }
        attempt += 1
        Thread.sleep(forTimeInterval: 0.05 * Double(attempt))
      }
    }
  }

  func finish(_ ending: RunEnding) throws(StoreError) {
    try commit()
    let now = startedOnClock + Int64(Date().timeIntervalSince(startedAt))
    let runID = self.runID
    _ = try store.using { link throws(StoreError) in
      try link.rows(
        "UPDATE runs SET finished_at = ?, status = ? WHERE id = ?",
        [.integer(now), .text(ending.rawValue), .integer(runID)])
    }
  }

  // MARK: One batch

  /// Writes `batch` inside the caller's transaction; returns the run's totals after it.
  private func write(_ batch: [BlockRecord], _ link: PostgresLink) throws(StoreError) -> IngestTotals {
    var totals = self.totals
    let occurrences = batch.filter { !$0.isFailed && $0.summary.fingerprint != nil }
    let failed = batch.filter(\.isFailed)
    let templateIDs = try storeTemplates(of: occurrences, link)
    let conflictIDs = try storeConflicts(of: occurrences, link, &totals)
    var counts = OccurrenceCounts()
    for chunk in chunks(of: occurrences) {
      for (conflictID, time) in try insertOccurrences(chunk, templateIDs, conflictIDs, link) {
        counts.add(conflictID: conflictID, time: time)
        totals.occurrences += 1
      }
    }
    // A block without a fingerprint is not stored (as in the SQLite file's ingest).
    totals.duplicates += batch.count - failed.count - counts.total
    for values in counts.rollupValues(runID: runID) {
      try link.rows(OccurrenceCounts.rollupSQL(.postgres), values)
    }
    for values in counts.conflictValues(runID: runID) {
      try link.rows(OccurrenceCounts.conflictSQL(.postgres), values)
    }
    var failedStored = 0
    for chunk in chunks(of: failed) { failedStored += try insertFailed(chunk, link) }
    totals.duplicates += failed.count - failedStored
    for id in cutOffs.pendingDeletions {
      try link.rows("DELETE FROM failed_blocks WHERE id = ?", [.integer(id)])
    }
    try link.rows(
      """
      UPDATE runs SET lines = ?, bytes = ?, blocks = ?, occurrences = ?, duplicates = ?, unparsed = ?,
        new_conflicts = ?, app = coalesce(app, ?)
      WHERE id = ?
      """,
      [
        QueryValue(totals.lines), QueryValue(totals.bytes), QueryValue(totals.blocks),
        QueryValue(totals.occurrences),
        QueryValue(totals.duplicates), QueryValue(totals.unparsed), QueryValue(totals.newConflicts),
        QueryValue(added.appFromLog), .integer(runID),
      ])
    return totals
  }

  private func chunks(of records: [BlockRecord]) -> [ArraySlice<BlockRecord>] {
    stride(from: 0, to: records.count, by: Self.rowsPerStatement).map {
      records[$0..<min($0 + Self.rowsPerStatement, records.count)]
    }
  }

  /// `count` rows of `width` placeholders: `(?, ?), (?, ?)`.
  private func placeholders(rows count: Int, width: Int) -> String {
    let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
    return Array(repeating: row, count: count).joined(separator: ", ")
  }

  /// The template ids of `records`' blocks by template hash, stored when new.
  private func storeTemplates(of records: [BlockRecord], _ link: PostgresLink) throws(StoreError)
    -> [String: Int64]
  {
    var templates: [String: String] = [:]
    for record in records { templates[SHA256.hex(record.template.template)] = record.template.template }
    var ids: [String: Int64] = [:]
    let hashes = templates.keys.sorted()
    for start in stride(from: 0, to: hashes.count, by: Self.rowsPerStatement) {
      let chunk = hashes[start..<min(start + Self.rowsPerStatement, hashes.count)]
      try link.rows(
        "INSERT INTO block_templates (hash, template) VALUES \(placeholders(rows: chunk.count, width: 2)) "
          + "ON CONFLICT (hash) DO NOTHING",
        chunk.flatMap { [QueryValue.text($0), .text(templates[$0] ?? "")] })
      for row in try link.rows(
        "SELECT id, hash FROM block_templates WHERE hash IN \(placeholders(rows: 1, width: chunk.count))",
        chunk.map { .text($0) })
      {
        ids[try row.value("hash", as: String.self)] = try row.value("id", as: Int64.self)
      }
    }
    return ids
  }

  /// The conflict ids of `records`' fingerprints, stored when new (in fingerprint order), and
  /// every one of them locked in id order for the batch's counts.
  private func storeConflicts(
    of records: [BlockRecord], _ link: PostgresLink, _ totals: inout IngestTotals
  ) throws(StoreError) -> [String: Int64] {
    var firstRecord: [String: BlockRecord] = [:]
    for record in records {
      guard let fingerprint = record.summary.fingerprint, firstRecord[fingerprint] == nil else { continue }
      firstRecord[fingerprint] = record
    }
    var ids: [String: Int64] = [:]
    for fingerprint in firstRecord.keys.sorted() {
      guard let record = firstRecord[fingerprint] else { continue }
      let summary = record.summary
      let created = try link.rows(
        StoredRows.conflictInsertSQL + " RETURNING id",
        StoredRows.conflictValues(
          fingerprint: fingerprint, summary: summary, describedConstraints: record.describedConstraints,
          time: record.time))
      if let id = try created.first?.value("id", as: Int64.self) {
        ids[fingerprint] = id
        totals.newConflicts += 1
      }
    }
    let known = firstRecord.keys.filter { ids[$0] == nil }.sorted()
    for start in stride(from: 0, to: known.count, by: Self.rowsPerStatement) {
      let chunk = known[start..<min(start + Self.rowsPerStatement, known.count)]
      for row in try link.rows(
        "SELECT id, fingerprint FROM conflicts WHERE fingerprint IN \(placeholders(rows: 1, width: chunk.count)) "
          + "ORDER BY id FOR UPDATE",
        chunk.map { .text($0) })
      {
        ids[try row.value("fingerprint", as: String.self)] = try row.value("id", as: Int64.self)
      }
    }
    return ids
  }

  /// Inserts `records` as occurrences, skipping identities already stored; returns the
  /// conflict id and time of each row inserted.
  private func insertOccurrences(
    _ records: ArraySlice<BlockRecord>, _ templateIDs: [String: Int64], _ conflictIDs: [String: Int64],
    _ link: PostgresLink
  ) throws(StoreError) -> [(Int64, Int64)] {
    let columns = StoredRows.Occurrence.Columns.allCases
    var values: [QueryValue] = []
    values.reserveCapacity(records.count * columns.count)
    for record in records {
      guard let fingerprint = record.summary.fingerprint, let conflictID = conflictIDs[fingerprint],
        let templateID = templateIDs[SHA256.hex(record.template.template)]
      else {
        throw .postgres(path: "", message: "a block's conflict or template was not stored", sqlState: nil)
      }
      let occurrence = StoredRows.Occurrence(
        record, conflictID: conflictID, runID: runID, templateID: templateID)
      values += StoredRows.values(of: occurrence)
    }
    let names = columns.map(\.rawValue).joined(separator: ", ")
    let rows = try link.rows(
      "INSERT INTO occurrences (\(names)) VALUES \(placeholders(rows: records.count, width: columns.count)) "
        + "ON CONFLICT (identity) DO NOTHING RETURNING conflict_id, time",
      values)
    var inserted: [(Int64, Int64)] = []
    for row in rows {
      inserted.append((try row.value("conflict_id", as: Int64.self), try row.value("time", as: Int64.self)))
    }
    return inserted
  }

  /// Inserts `records` as failed blocks, skipping identities already stored; returns how many
  /// were new.
  private func insertFailed(_ records: ArraySlice<BlockRecord>, _ link: PostgresLink) throws(StoreError)
    -> Int
  {
    var values: [QueryValue] = []
    for record in records {
      values += [
        .text(record.identity), .integer(runID), .integer(record.time),
        .text(record.timeFromLog ? "log" : "ingest"),
        QueryValue(record.process), QueryValue(record.pid), .text(record.summary.verdict.rawValue),
        .text(record.sourceFile), .integer(Int64(record.sourceLine)), .text(JSONText.array(record.issues)),
        .text(FailedBlockText.stored(record.rawText)),
      ]
    }
    return try link.rows(
      """
      INSERT INTO failed_blocks (identity, run_id, time, time_source, process, pid, verdict, source_file,
        source_line, issues, raw_text)
      VALUES \(placeholders(rows: records.count, width: 11))
      ON CONFLICT (identity) DO NOTHING RETURNING id
      """, values
    ).count
  }
}
