import LCQAnalysis

/// Writes one batch of an ingest run inside the transaction the engine holds: templates and new
/// conflicts first (each with a multi-row statement or one statement a conflict, in fingerprint
/// order), completions of open messages, the occurrences through the engine's insert, their
/// counts, code owners, failed blocks, and the run's totals.
struct IngestBatch {
  /// Rows per multi-row statement (a row binds up to 11 values: SQLite takes 32,766 since
  /// 3.32, PostgreSQL 65,535).
  static let rowsPerStatement = 1_000

  let runID: Int64
  let batch: Batch
  let queries: QueryEngine

  /// Writes the batch, its occurrences through `insert`; returns the counts of what is stored
  /// after it, from `before`.
  func write(after before: StoredCounts, insert: OccurrenceInsert) throws(StoreError) -> StoredCounts {
    var storedAfter = before
    var occurrences = batch.records.filter { !$0.isFailed && $0.summary.fingerprint != nil }
    let failed = batch.records.filter(\.isFailed)
    let templateIDs = try storeTemplates(of: occurrences)
    let conflictIDs = try storeConflicts(of: occurrences, &storedAfter)
    let completed = try complete(occurrences, templateIDs, conflictIDs)
    storedAfter.completed += completed.count
    occurrences = occurrences.filter { !completed.contains($0.identity) }
    var counts = OccurrenceCounts()
    if !occurrences.isEmpty {
      for (conflictID, time) in try insert(try rows(of: occurrences, templateIDs, conflictIDs)) {
        counts.add(conflictID: conflictID, time: time)
        storedAfter.occurrences += 1
      }
    }
    // A block without a fingerprint is not stored.
    storedAfter.duplicates += batch.records.count - failed.count - counts.total
    for values in counts.rollupValues(runID: runID) {
      _ = try queries.execute(OccurrenceCounts.rollupSQL(queries.dialect), values)
    }
    for values in counts.conflictValues(runID: runID) {
      _ = try queries.execute(OccurrenceCounts.conflictSQL(queries.dialect), values)
    }
    for values in StoredRows.codeOwnersValues(of: occurrences, runID: runID) {
      _ = try queries.execute(StoredRows.codeOwnersInsertSQL, values)
    }
    var failedStored = 0
    for chunk in chunks(of: failed) { failedStored += try insertFailed(chunk) }
    storedAfter.duplicates += failed.count - failedStored
    for id in batch.cutOffDeletions {
      _ = try queries.execute("DELETE FROM failed_blocks WHERE id = ?", [.integer(id)])
    }
    for record in batch.records where record.endsInput && !record.isFailed {
      _ = try queries.execute(StoredRows.openMessageInsertSQL, StoredRows.openMessageValues(of: record))
    }
    _ = try queries.execute(
      """
      UPDATE runs SET lines = ?, bytes = ?, blocks = ?, occurrences = ?, duplicates = ?, unparsed = ?,
        new_conflicts = ?, app = coalesce(app, ?)
      WHERE id = ?
      """,
      [
        QueryValue(batch.counted.lines), QueryValue(batch.counted.bytes), QueryValue(batch.counted.blocks),
        QueryValue(storedAfter.occurrences), QueryValue(storedAfter.duplicates),
        QueryValue(batch.counted.unparsed), QueryValue(storedAfter.newConflicts),
        QueryValue(batch.appFromLog),
        .integer(runID),
      ])
    return storedAfter
  }

  private func chunks<Element>(of elements: [Element]) -> [ArraySlice<Element>] {
    stride(from: 0, to: elements.count, by: Self.rowsPerStatement).map {
      elements[$0..<min($0 + Self.rowsPerStatement, elements.count)]
    }
  }

  /// `count` rows of `width` placeholders: `(?, ?), (?, ?)`.
  private func placeholders(rows count: Int, width: Int) -> String {
    let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
    return Array(repeating: row, count: count).joined(separator: ", ")
  }

  /// The template ids of `records`' blocks, stored when new (each distinct template is hashed
  /// once).
  private func storeTemplates(of records: [BlockRecord]) throws(StoreError) -> [BlockTemplate.Key: Int64] {
    // A key is the template's text, so each distinct key has one hash.
    var seen: Set<BlockTemplate.Key> = []
    var templates: [String: BlockTemplate] = [:]
    for record in records where seen.insert(record.template.key).inserted {
      templates[StoredRows.templateHash(record.template.template)] = record.template
    }
    var ids: [BlockTemplate.Key: Int64] = [:]
    for chunk in chunks(of: templates.keys.sorted()) {
      _ = try queries.execute(
        "INSERT INTO block_templates (hash, template) VALUES \(placeholders(rows: chunk.count, width: 2)) "
          + "ON CONFLICT (hash) DO NOTHING",
        chunk.flatMap { [QueryValue.text($0), .text(templates[$0]?.template ?? "")] })
      for row in try queries.rows(
        "SELECT id, hash FROM block_templates WHERE hash IN \(placeholders(rows: 1, width: chunk.count))",
        chunk.map { .text($0) })
      {
        if let hash = row.text("hash"), let template = templates[hash], let id = row.integer("id") {
          ids[template.key] = id
        }
      }
    }
    return ids
  }

  /// The conflict ids of `records`' fingerprints, stored when new (in fingerprint order), and
  /// the ids of the others read without a lock (their counters are updated at the batch's end).
  private func storeConflicts(of records: [BlockRecord], _ stored: inout StoredCounts) throws(StoreError)
    -> [String: Int64]
  {
    var firstRecord: [String: BlockRecord] = [:]
    for record in records {
      guard let fingerprint = record.summary.fingerprint, firstRecord[fingerprint] == nil else { continue }
      firstRecord[fingerprint] = record
    }
    var ids: [String: Int64] = [:]
    for fingerprint in firstRecord.keys.sorted() {
      guard let record = firstRecord[fingerprint] else { continue }
      let created = try queries.row(
        StoredRows.conflictInsertSQL + " RETURNING id",
        StoredRows.conflictValues(
          fingerprint: fingerprint, summary: record.summary,
          describedConstraints: record.describedConstraints,
          time: record.time))
      if let id = created?.integer("id") {
        ids[fingerprint] = id
        stored.newConflicts += 1
      }
    }
    for chunk in chunks(of: firstRecord.keys.filter { ids[$0] == nil }.sorted()) {
      for row in try queries.rows(
        "SELECT id, fingerprint FROM conflicts WHERE fingerprint IN \(placeholders(rows: 1, width: chunk.count)) "
          + "ORDER BY id",
        chunk.map { .text($0) })
      {
        if let fingerprint = row.text("fingerprint") { ids[fingerprint] = row.integer("id") }
      }
    }
    return ids
  }

  /// Completes the stored occurrences that `records` extend (``BlockRecord/completes``) where
  /// they can (``StoredRows/completionSQL``); returns the identities of the records that did.
  private func complete(
    _ records: [BlockRecord], _ templateIDs: [BlockTemplate.Key: Int64], _ conflictIDs: [String: Int64]
  ) throws(StoreError) -> Set<String> {
    var completed: Set<String> = []
    for record in records {
      guard let target = record.completes, let fingerprint = record.summary.fingerprint,
        let conflictID = conflictIDs[fingerprint], let templateID = templateIDs[record.template.key]
      else { continue }
      let occurrence = StoredRows.Occurrence(
        record, conflictID: conflictID, runID: runID, templateID: templateID)
      let values = StoredRows.completionValues(of: occurrence, occurrenceID: target)
      guard try !queries.rows(StoredRows.completionSQL, values).isEmpty else { continue }
      _ = try queries.execute(StoredRows.openMessageDeleteSQL, [.integer(target)])
      completed.insert(record.identity)
    }
    return completed
  }

  /// The occurrence rows of `records`, whose templates and conflicts are stored.
  private func rows(
    of records: [BlockRecord], _ templateIDs: [BlockTemplate.Key: Int64], _ conflictIDs: [String: Int64]
  ) throws(StoreError) -> [StoredRows.Occurrence] {
    try records.map { record throws(StoreError) in
      guard let fingerprint = record.summary.fingerprint, let conflictID = conflictIDs[fingerprint],
        let templateID = templateIDs[record.template.key]
      else { throw .missingValue(column: "a block's conflict or template") }
      return StoredRows.Occurrence(record, conflictID: conflictID, runID: runID, templateID: templateID)
    }
  }

  /// Inserts `records` as failed blocks, skipping identities already stored; returns how many
  /// were new.
  private func insertFailed(_ records: ArraySlice<BlockRecord>) throws(StoreError) -> Int {
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
    return try queries.rows(
      """
      INSERT INTO failed_blocks (identity, run_id, time, time_source, process, pid, verdict, source_file,
        source_line, issues, raw_text)
      VALUES \(placeholders(rows: records.count, width: 11))
      ON CONFLICT (identity) DO NOTHING RETURNING id
      """, values
    ).count
  }
}
