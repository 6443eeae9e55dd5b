import LCQAnalysis

/// Writes one batch of an ingest run inside the transaction the engine holds: the months'
/// partitions and the lock on `occurrences` where the engine has them, a check that the ids of
/// earlier batches are still stored, templates and new conflicts (a multi-row statement, or one
/// statement a conflict; in the log's order or in key order, as the engine asks), completions of
/// open messages, the occurrences through the engine's insert, their counts, code owners, failed
/// blocks, the tests the run ran, and the run's totals.
struct IngestBatch {
  /// Rows per multi-row statement (a row binds up to 16 values: SQLite takes 32,766 since 3.32,
  /// PostgreSQL 65,535).
  static let rowsPerStatement = 1_000

  let runID: Int64
  let batch: Batch
  let queries: QueryEngine
  let statements: BatchStatements
  /// New templates and conflicts in key order, not the log's (``IngestEngine/insertsNewKeysInOrder``).
  let keyOrder: Bool

  /// Writes the batch; returns the counts of what is stored after it, from `before`, and the
  /// template and conflict ids known after it, from `known` (ids stored in an earlier batch are
  /// not looked up again).
  func write(after before: StoredCounts, known: KnownRows) throws(StoreError) -> (StoredCounts, KnownRows) {
    var storedAfter = before
    var occurrences = batch.records.filter { !$0.isFailed && $0.summary.fingerprint != nil }
    let failed = batch.records.filter(\.isFailed)
    var known = try opening(with: known.bounded(), for: occurrences)
    try storeTemplates(of: occurrences, &known)
    try storeConflicts(of: occurrences, &known, &storedAfter)
    let completed = try complete(occurrences, known)
    storedAfter.completed += completed.count
    if !completed.isEmpty { occurrences.removeAll { completed.contains($0.identity) } }
    var counts = OccurrenceCounts()
    for chunk in Self.chunks(of: occurrences) {
      for (conflictID, time) in try statements.insertOccurrences(try rows(of: chunk, known)) {
        counts.add(conflictID: conflictID, time: time)
        storedAfter.occurrences += 1
      }
    }
    // A block without a fingerprint is not stored.
    storedAfter.duplicates += batch.records.count - failed.count - counts.total
    // The rest, in this order, in one hand-over to the engine: of their answers only the failed
    // blocks' (how many were new) is read.
    let failedChunks = Self.chunks(of: failed)
    var rest = countingStatements(counts, occurrences, known)
    let failedInserts = rest.count..<(rest.count + failedChunks.count)
    rest += failedChunks.map { chunk in
      SQLStatement(
        sql: StoredRows.FailedBlock.insertSQL(rows: chunk.count),
        values: chunk.flatMap { StoredRows.FailedBlock(record: $0, runID: runID).values })
    }
    rest += Self.each("DELETE FROM failed_blocks WHERE id = ?", batch.cutOffDeletions.map { [.integer($0)] })
    rest += Self.each(
      StoredRows.openMessageInsertSQL(queries.dialect),
      batch.records.filter { $0.endsInput && !$0.isFailed }.map(StoredRows.openMessageValues(of:)))
    rest += Self.each(StoredRows.runTestInsertSQL, batch.tests.map { [.integer(runID), .text($0)] })
    let answers = try statements.fetchEach(rest)
    let failedStored = answers[failedInserts].reduce(0) { $0 + $1.count }
    storedAfter.duplicates += failed.count - failedStored
    _ = try queries.execute(
      StoredRows.RunTotals.updateSQL,
      StoredRows.RunTotals(
        runID: runID, counted: batch.counted, stored: storedAfter, appFromLog: batch.appFromLog
      )
      .values)
    return (storedAfter, known)
  }

  /// The statements that count the batch's stored `occurrences` (`counts`), in the order every
  /// writer runs them: the rollup and the sums per day, the conflicts' rows held, their first
  /// sightings (``StoredRows/exemplarSQL(rows:)``, `known` naming their conflicts) and counters,
  /// then their code owners.
  private func countingStatements(
    _ counts: OccurrenceCounts, _ occurrences: [BlockRecord], _ known: KnownRows
  )
    -> [SQLStatement]
  {
    let counted = counts.conflictIDs
    let dialect = queries.dialect
    var statements = ManyRows.statements(counts.rollupValues(runID: runID)) {
      OccurrenceCounts.rollupSQL(dialect, rows: $0)
    }
    statements += ManyRows.statements(
      counts.runDayValues(runID: runID), sql: OccurrenceCounts.runDaySQL(rows:))
    statements += locks(of: counted)
    statements += ManyRows.statements(counts.conflictDayValues, sql: OccurrenceCounts.conflictDaySQL(rows:))
    statements += ManyRows.statements(
      exemplarValues(of: occurrences, known, counted), sql: StoredRows.exemplarSQL(rows:))
    statements += ManyRows.statements(counts.conflictValues, trailing: [.integer(runID)]) {
      OccurrenceCounts.conflictSQL(dialect, rows: $0)
    }
    return statements
      + Self.each(StoredRows.codeOwnersInsertSQL, StoredRows.codeOwnersValues(of: occurrences, runID: runID))
  }

  /// Whether `record` comes before `other` in ``TieOrder/earliestFirst`` (a batch is one run, so
  /// one build: by time, then identity).
  private static func isEarlier(_ record: BlockRecord, than other: BlockRecord) -> Bool {
    (record.time, record.identity) < (other.time, other.identity)
  }

  /// The rows of ``StoredRows/exemplarSQL(rows:)`` for each of the `counted` conflicts: its earliest
  /// occurrence in the batch.
  private func exemplarValues(of records: [BlockRecord], _ known: KnownRows, _ counted: [Int64])
    -> [[QueryValue]]
  {
    var earliest: [Int64: BlockRecord] = [:]
    for record in records {
      guard let fingerprint = record.summary.fingerprint, let id = known.conflicts[fingerprint] else {
        continue
      }
      if let other = earliest[id], !Self.isEarlier(record, than: other) { continue }
      earliest[id] = record
    }
    return counted.compactMap { id in
      earliest[id].map { StoredRows.exemplarValues(conflictID: id, runID: runID, record: $0) }
    }
  }

  /// Opens the batch in one hand-over to the engine (``BatchStatements/fetchEach``): makes the
  /// partitions of the months of `records` and takes the lock on `occurrences` where the engine
  /// has them, and returns `known` without the ids of earlier batches that `records` would be
  /// stored with and that are no longer stored (a prune or a reanalysis deleted what no
  /// occurrence used, between two batches), so that this batch stores or looks them up again.
  /// Occurrences carry their ids without foreign keys on the team store: this check, after
  /// ``SQLDialect/lockOccurrencesForWriting``, stands for one, once a batch rather than once a row.
  private func opening(with known: KnownRows, for records: [BlockRecord]) throws(StoreError) -> KnownRows {
    var gone: (conflicts: Set<Int64>, templates: Set<Int64>) = ([], [])
    for record in records {
      if let fingerprint = record.summary.fingerprint, let id = known.conflicts[fingerprint] {
        gone.conflicts.insert(id)
      }
      if let id = known.templates[record.template.key] { gone.templates.insert(id) }
    }
    var opening: [SQLStatement] = []
    if let months = OccurrenceInsert.monthsStatement(for: records.lazy.map(\.time), queries.dialect) {
      opening.append(months)
    }
    if let lock = queries.dialect.lockOccurrencesForWriting { opening.append(SQLStatement(sql: lock)) }
    // Each id found is still stored; what is left of `gone` is not.
    let conflictChecks = lookups(of: gone.conflicts.sorted(), in: "conflicts")
    let templateChecks = lookups(of: gone.templates.sorted(), in: "block_templates")
    let answers = try statements.fetchEach(opening + conflictChecks + templateChecks)
    for (position, answer) in answers.enumerated().dropFirst(opening.count) {
      let isConflict = position < opening.count + conflictChecks.count
      for row in answer {
        guard let id = row.integer("id") else { continue }
        if isConflict { gone.conflicts.remove(id) } else { gone.templates.remove(id) }
      }
    }
    guard !gone.conflicts.isEmpty || !gone.templates.isEmpty else { return known }
    var checked = known
    checked.forget(conflicts: gone.conflicts, templates: gone.templates)
    return checked
  }

  /// The statements that read which of `ids` `table` holds, in id chunks, each ending with
  /// `tail`.
  private func lookups(of ids: [Int64], in table: String, then tail: String = "") -> [SQLStatement] {
    Self.chunks(of: ids).map { chunk in
      SQLStatement(
        sql: "SELECT id FROM \(table) WHERE id IN \(placeholders(rows: 1, width: chunk.count))\(tail)",
        values: chunk.map { .integer($0) })
    }
  }

  /// The statements that hold the rows of `conflictIDs` (in id order, the order every writer
  /// takes them in) where the engine has writers at once, so that the tie-breaking statements
  /// after them see every occurrence an earlier writer committed.
  private func locks(of conflictIDs: [Int64]) -> [SQLStatement] {
    guard let lock = queries.dialect.lockRows else { return [] }
    return lookups(of: conflictIDs, in: "conflicts", then: " ORDER BY id " + lock)
  }

  /// `sql` once for each of `valueLists`.
  private static func each(_ sql: String, _ valueLists: [[QueryValue]]) -> [SQLStatement] {
    valueLists.map { SQLStatement(sql: sql, values: $0) }
  }

  /// `keys`, first seen first, in the order the engine inserts new rows.
  private func inInsertOrder(_ keys: [String]) -> [String] { keyOrder ? keys.sorted() : keys }

  /// `elements` in runs of at most ``rowsPerStatement``, as a multi-row statement takes them.
  static func chunks<Element>(of elements: [Element]) -> [ArraySlice<Element>] {
    stride(from: 0, to: elements.count, by: rowsPerStatement).map {
      elements[$0..<min($0 + rowsPerStatement, elements.count)]
    }
  }

  /// `count` rows of `width` placeholders: `(?, ?), (?, ?)`.
  private func placeholders(rows count: Int, width: Int) -> String {
    ManyRows.values("(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")", count: count)
  }

  /// Stores the templates of `records`' blocks that `known` lacks, and adds their ids to it
  /// (each distinct template is hashed once).
  private func storeTemplates(of records: [BlockRecord], _ known: inout KnownRows) throws(StoreError) {
    // A key is the template's text, so each distinct key has one hash.
    var seen: Set<BlockTemplate.Key> = []
    var templates: [String: BlockTemplate] = [:]
    var hashes: [String] = []
    for record in records where known.templates[record.template.key] == nil {
      if seen.insert(record.template.key).inserted {
        let hash = StoredRows.templateHash(record.template.template)
        if templates.updateValue(record.template, forKey: hash) == nil { hashes.append(hash) }
      }
    }
    for chunk in Self.chunks(of: inInsertOrder(hashes)) {
      _ = try queries.execute(
        "INSERT INTO block_templates (hash, template) VALUES \(placeholders(rows: chunk.count, width: 2)) "
          + "ON CONFLICT (hash) DO NOTHING",
        chunk.flatMap { [QueryValue.text($0), .text(templates[$0]?.template ?? "")] })
      for row in try queries.rows(
        "SELECT id, hash FROM block_templates WHERE hash IN \(placeholders(rows: 1, width: chunk.count))",
        chunk.map { .text($0) })
      {
        if let hash = row.text("hash"), let template = templates[hash], let id = row.integer("id") {
          known.remember(template: template.key, id: id)
        }
      }
    }
  }

  /// Stores the conflicts of `records`' fingerprints that `known` lacks when new, reads the ids
  /// of the others without a lock (their counters are updated at the batch's end), and adds them
  /// to `known`.
  private func storeConflicts(
    of records: [BlockRecord], _ known: inout KnownRows, _ stored: inout StoredCounts
  )
    throws(StoreError)
  {
    var firstRecord: [String: BlockRecord] = [:]
    var fingerprints: [String] = []
    for record in records {
      guard let fingerprint = record.summary.fingerprint, known.conflicts[fingerprint] == nil else {
        continue
      }
      guard let first = firstRecord[fingerprint] else {
        firstRecord[fingerprint] = record
        fingerprints.append(fingerprint)
        continue
      }
      if Self.isEarlier(record, than: first) { firstRecord[fingerprint] = record }
    }
    var existing: [String] = []
    for fingerprint in inInsertOrder(fingerprints) {
      guard let record = firstRecord[fingerprint] else { continue }
      let created = try queries.row(
        StoredRows.conflictInsertSQL + " RETURNING id",
        StoredRows.conflictValues(
          fingerprint: fingerprint, summary: record.summary,
          describedConstraints: record.describedConstraints,
          time: record.time))
      if let id = created?.integer("id") {
        known.remember(conflict: fingerprint, id: id)
        stored.newConflicts += 1
      } else {
        existing.append(fingerprint)
      }
    }
    for chunk in Self.chunks(of: existing) {
      for row in try queries.rows(
        "SELECT id, fingerprint FROM conflicts WHERE fingerprint IN \(placeholders(rows: 1, width: chunk.count)) "
          + "ORDER BY id",
        chunk.map { .text($0) })
      {
        if let fingerprint = row.text("fingerprint"), let id = row.integer("id") {
          known.remember(conflict: fingerprint, id: id)
        }
      }
    }
  }

  /// Completes the stored occurrences that `records` extend (``BlockRecord/completes``) where
  /// they can (``StoredRows/completionSQL(_:)``); returns the identities of the records that did.
  private func complete(_ records: [BlockRecord], _ known: KnownRows) throws(StoreError) -> Set<String> {
    var completed: Set<String> = []
    for record in records {
      guard let target = record.completes, let fingerprint = record.summary.fingerprint,
        let conflictID = known.conflicts[fingerprint], let templateID = known.templates[record.template.key]
      else { continue }
      let occurrence = StoredRows.Occurrence(
        record, conflictID: conflictID, runID: runID, templateID: templateID)
      let values = StoredRows.completionValues(of: occurrence, occurrenceID: target, queries.dialect)
      guard try !queries.rows(StoredRows.completionSQL(queries.dialect), values).isEmpty else { continue }
      _ = try queries.execute(StoredRows.openMessageDeleteSQL, [.integer(target)])
      completed.insert(record.identity)
    }
    return completed
  }

  /// The occurrence rows of `records`, whose templates and conflicts are stored.
  private func rows(of records: ArraySlice<BlockRecord>, _ known: KnownRows) throws(StoreError)
    -> [StoredRows.Occurrence]
  {
    try records.map { record throws(StoreError) in
      guard let fingerprint = record.summary.fingerprint, let conflictID = known.conflicts[fingerprint],
        let templateID = known.templates[record.template.key]
      else { throw .missingValue(column: "a block's conflict or template") }
      return StoredRows.Occurrence(record, conflictID: conflictID, runID: runID, templateID: templateID)
    }
  }
}

/// The template and conflict ids an ingest run has stored or read, so that a later batch does
/// not look them up again; kept only from committed batches. A batch may add to them freely (it
/// needs every id it learns); a table past its bound starts over before the next batch.
struct KnownRows {
  /// Template ids by template.
  private(set) var templates: [BlockTemplate.Key: Int64] = [:]
  /// Conflict ids by fingerprint.
  private(set) var conflicts: [String: Int64] = [:]

  mutating func remember(template: BlockTemplate.Key, id: Int64) { templates[template] = id }

  mutating func remember(conflict fingerprint: String, id: Int64) { conflicts[fingerprint] = id }

  /// Forgets the ids in `conflicts` and `templates`.
  mutating func forget(conflicts gone: Set<Int64>, templates goneTemplates: Set<Int64>) {
    conflicts = conflicts.filter { !gone.contains($0.value) }
    templates = templates.filter { !goneTemplates.contains($0.value) }
  }

  /// These ids, with a table past its bound (2,000 templates, 10,000 conflicts) emptied.
  func bounded() -> KnownRows {
    var known = self
    if known.templates.count > 2_000 { known.templates.removeAll() }
    if known.conflicts.count > 10_000 { known.conflicts.removeAll() }
    return known
  }
}
