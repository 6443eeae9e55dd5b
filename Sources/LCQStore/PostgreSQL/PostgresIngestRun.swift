// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import Foundation
  import LCQAnalysis

  /// One `lcq ingest` run on the team store: a row in `runs`, and blocks stored in batches, each
  /// batch one transaction whose rows are inserted with multi-row statements
  /// (`ON CONFLICT … DO NOTHING`: an occurrence another runner stored is a duplicate) and whose
  /// counts (`occurrence_rollup`, the conflicts' counters) are written once per batch.
  ///
  /// A batch is written on a thread of its own while the next one is analysed, so the server's
  /// time and lcq's overlap: ``commit()`` hands the batch over after the one before it is
  /// committed, and ``finish(_:)`` waits for the last. A batch the server refused comes back to
  /// the front of the queue and its error is thrown by the next ``commit()`` or ``finish(_:)``.
  ///
  /// Runners that write at once cannot deadlock on lcq's order (new conflicts are inserted in
  /// fingerprint order, and the conflicts' counters are updated last, in id order, so a runner
  /// holds those rows only while it commits); a deadlock or serialization failure
  /// the server reports anyway rolls the batch back and runs it again.
  final class PostgresIngestRun: IngestRun, @unchecked Sendable {
    let store: PostgresStore
    /// The run's id in `runs`.
    let runID: Int64
    var totals: IngestTotals { counted.merging(lock.withLock { stored }) }
    var pendingCount: Int { pending.count }

    /// What the adding thread counts (blocks, unparsed, conflicts, input read).
    private var counted = IngestTotals()
    private var pending: [BlockRecord] = []
    private var added = AddedBlocks()
    private var cutOffs: UnfinishedMessages
    /// Occurrences of messages that ended earlier ingests' inputs, which blocks of this run may
    /// complete.
    private var openMessages: UnfinishedMessages
    private let startedOnClock: Int64
    private let startedAt = Date()

    /// The writing thread, and what it shares under `lock`: the counts of what is committed,
    /// and a batch it could not write.
    private let writer = DispatchQueue(label: "lcq.postgres.ingest")
    private let writing = DispatchGroup()
    private let lock = NSLock()
    private var stored = StoredCounts()
    private var refused: (batch: Batch, error: StoreError)?

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
      (runID, cutOffs, openMessages) = try store.using { link throws(StoreError) in
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
        var open: [(id: Int64, line: Int, text: String)] = []
        for row in try link.rows(StoredRows.openMessagesSelectSQL) {
          open.append(
            (
              try row.value("id", as: Int64.self), Int(try row.value("source_line", as: Int64.self)),
              try row.value("raw_text", as: String.self)
            ))
        }
        return (id, UnfinishedMessages(stored), UnfinishedMessages(open))
      }
    }

    func add(_ record: BlockRecord) {
      var record = record
      cutOffs.add(record)
      if !record.isFailed { record.completes = openMessages.add(record).first }
      pending.append(record)
      added.add(record, to: &counted)
    }

    func setInput(lines: Int, bytes: Int) {
      counted.lines = lines
      counted.bytes = bytes
    }

    /// Hands the added blocks to the writing thread once the batch before them is committed.
    func commit() throws(StoreError) {
      try awaitWriter()
      let batch = Batch(
        records: pending, counted: counted, cutOffDeletions: cutOffs.pendingDeletions,
        appFromLog: added.appFromLog)
      pending.removeAll(keepingCapacity: true)
      cutOffs.committed()
      openMessages.committed()
      writing.enter()
      writer.async {
        defer { self.writing.leave() }
        do throws(StoreError) {
          try self.writeRetrying(batch)
        } catch {
          self.lock.withLock { self.refused = (batch, error) }
        }
      }
    }

    func finish(_ ending: RunEnding) throws(StoreError) {
      try commit()
      try awaitWriter()
      let now = startedOnClock + Int64(Date().timeIntervalSince(startedAt))
      let runID = self.runID
      _ = try store.using { link throws(StoreError) in
        try link.rows(
          "UPDATE runs SET finished_at = ?, status = ? WHERE id = ?",
          [.integer(now), .text(ending.rawValue), .integer(runID)])
      }
    }

    /// Waits for the batch being written; a batch the server refused goes back in front of the
    /// queue (so a later commit tries it again) and its error is thrown.
    private func awaitWriter() throws(StoreError) {
      writing.wait()
      guard
        let (batch, error) = lock.withLock({ () -> (Batch, StoreError)? in
          defer { refused = nil }
          return refused
        })
      else { return }
      pending.insert(contentsOf: batch.records, at: 0)
      cutOffs.restore(batch.cutOffDeletions)
      throw error
    }

    /// Writes `batch` in one transaction, again when the server rolled it back for a deadlock or
    /// a serialization failure.
    private func writeRetrying(_ batch: Batch) throws(StoreError) {
      var attempt = 1
      while true {
        do {
          let stored = try store.using { link throws(StoreError) in
            try link.transaction { () throws(StoreError) in try write(batch, link) }
          }
          lock.withLock { self.stored = stored }
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

    // MARK: One batch

    /// Writes `batch` inside the caller's transaction; returns the counts of what is stored
    /// after it.
    private func write(_ batch: Batch, _ link: PostgresLink) throws(StoreError) -> StoredCounts {
      var storedAfter = lock.withLock { stored }
      var occurrences = batch.records.filter { !$0.isFailed && $0.summary.fingerprint != nil }
      let failed = batch.records.filter(\.isFailed)
      let templateIDs = try storeTemplates(of: occurrences, link)
      let conflictIDs = try storeConflicts(of: occurrences, link, &storedAfter)
      let completed = try complete(occurrences, templateIDs, conflictIDs, link)
      storedAfter.completed += completed.count
      occurrences = occurrences.filter { !completed.contains($0.identity) }
      var counts = OccurrenceCounts()
      if !occurrences.isEmpty {
        for (conflictID, time) in try insertOccurrences(occurrences, templateIDs, conflictIDs, link) {
          counts.add(conflictID: conflictID, time: time)
          storedAfter.occurrences += 1
        }
      }
      // A block without a fingerprint is not stored (as in the SQLite file's ingest).
      storedAfter.duplicates += batch.records.count - failed.count - counts.total
      for values in counts.rollupValues(runID: runID) {
        try link.rows(OccurrenceCounts.rollupSQL(.postgres), values)
      }
      for values in counts.conflictValues(runID: runID) {
        try link.rows(OccurrenceCounts.conflictSQL(.postgres), values)
      }
      for values in StoredRows.codeOwnersValues(of: occurrences, runID: runID) {
        try link.rows(StoredRows.codeOwnersInsertSQL, values)
      }
      var failedStored = 0
      for chunk in chunks(of: failed) { failedStored += try insertFailed(chunk, link) }
      storedAfter.duplicates += failed.count - failedStored
      for id in batch.cutOffDeletions {
        try link.rows("DELETE FROM failed_blocks WHERE id = ?", [.integer(id)])
      }
      for record in batch.records where record.endsInput && !record.isFailed {
        try link.rows(StoredRows.openMessageInsertSQL, StoredRows.openMessageValues(of: record))
      }
      try link.rows(
        """
        UPDATE runs SET lines = ?, bytes = ?, blocks = ?, occurrences = ?, duplicates = ?, unparsed = ?,
          new_conflicts = ?, app = coalesce(app, ?)
        WHERE id = ?
        """,
        [
          QueryValue(batch.counted.lines), QueryValue(batch.counted.bytes), QueryValue(batch.counted.blocks),
          QueryValue(storedAfter.occurrences),
          QueryValue(storedAfter.duplicates), QueryValue(batch.counted.unparsed),
          QueryValue(storedAfter.newConflicts),
          QueryValue(batch.appFromLog), .integer(runID),
        ])
      return storedAfter
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

    /// The template ids of `records`' blocks, stored when new (each distinct template is hashed
    /// once).
    private func storeTemplates(of records: [BlockRecord], _ link: PostgresLink) throws(StoreError)
      -> [BlockTemplate.Key: Int64]
    {
      // A key is the template's text, so each distinct key has one hash.
      var seen: Set<BlockTemplate.Key> = []
      var templates: [String: BlockTemplate] = [:]
      for record in records where seen.insert(record.template.key).inserted {
        templates[StoredRows.templateHash(record.template.template)] = record.template
      }
      var ids: [BlockTemplate.Key: Int64] = [:]
      let hashes = templates.keys.sorted()
      for start in stride(from: 0, to: hashes.count, by: Self.rowsPerStatement) {
        let chunk = hashes[start..<min(start + Self.rowsPerStatement, hashes.count)]
        try link.rows(
          "INSERT INTO block_templates (hash, template) VALUES \(placeholders(rows: chunk.count, width: 2)) "
            + "ON CONFLICT (hash) DO NOTHING",
          chunk.flatMap { [QueryValue.text($0), .text(templates[$0]?.template ?? "")] })
        for row in try link.rows(
          "SELECT id, hash FROM block_templates WHERE hash IN \(placeholders(rows: 1, width: chunk.count))",
          chunk.map { .text($0) })
        {
          if let template = templates[try row.value("hash", as: String.self)] {
            ids[template.key] = try row.value("id", as: Int64.self)
          }
        }
      }
      return ids
    }

    /// The conflict ids of `records`' fingerprints, stored when new (in fingerprint order), and
    /// the ids of the others read without a lock (their counters are updated at the batch's end).
    private func storeConflicts(
      of records: [BlockRecord], _ link: PostgresLink, _ stored: inout StoredCounts
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
          stored.newConflicts += 1
        }
      }
      let known = firstRecord.keys.filter { ids[$0] == nil }.sorted()
      for start in stride(from: 0, to: known.count, by: Self.rowsPerStatement) {
        let chunk = known[start..<min(start + Self.rowsPerStatement, known.count)]
        for row in try link.rows(
          "SELECT id, fingerprint FROM conflicts WHERE fingerprint IN \(placeholders(rows: 1, width: chunk.count)) "
            + "ORDER BY id",
          chunk.map { .text($0) })
        {
          ids[try row.value("fingerprint", as: String.self)] = try row.value("id", as: Int64.self)
        }
      }
      return ids
    }

    /// Completes the stored occurrences that `records` extend (``BlockRecord/completes``) where
    /// they can (``StoredRows/completionSQL``); returns the identities of the records that did.
    private func complete(
      _ records: [BlockRecord], _ templateIDs: [BlockTemplate.Key: Int64], _ conflictIDs: [String: Int64],
      _ link: PostgresLink
    ) throws(StoreError) -> Set<String> {
      var completed: Set<String> = []
      for record in records {
        guard let target = record.completes, let fingerprint = record.summary.fingerprint,
          let conflictID = conflictIDs[fingerprint], let templateID = templateIDs[record.template.key]
        else { continue }
        let occurrence = StoredRows.Occurrence(
          record, conflictID: conflictID, runID: runID, templateID: templateID)
        let values = StoredRows.completionValues(of: occurrence, occurrenceID: target)
        guard try !link.rows(StoredRows.completionSQL, values).isEmpty else { continue }
        try link.rows(StoredRows.openMessageDeleteSQL, [.integer(target)])
        completed.insert(record.identity)
      }
      return completed
    }

    /// Inserts `records` as occurrences, skipping identities already stored, in one statement
    /// that binds a column per array; returns the conflict id and time of each row inserted.
    private func insertOccurrences(
      _ records: [BlockRecord], _ templateIDs: [BlockTemplate.Key: Int64], _ conflictIDs: [String: Int64],
      _ link: PostgresLink
    ) throws(StoreError) -> [(Int64, Int64)] {
      let columns = StoredRows.Occurrence.Columns.allCases
      var values = Array(repeating: [QueryValue](), count: columns.count)
      for index in values.indices { values[index].reserveCapacity(records.count) }
      for record in records {
        guard let fingerprint = record.summary.fingerprint, let conflictID = conflictIDs[fingerprint],
          let templateID = templateIDs[record.template.key]
        else {
          throw .postgres(path: "", message: "a block's conflict or template was not stored", sqlState: nil)
        }
        let occurrence = StoredRows.Occurrence(
          record, conflictID: conflictID, runID: runID, templateID: templateID)
        for (index, value) in StoredRows.values(of: occurrence).enumerated() { values[index].append(value) }
      }
      let arrays = zip(columns, values).map {
        PostgresArrayParameter(element: Self.element(of: $0), values: $1)
      }
      let rows = try link.rows(Self.occurrenceInsertSQL, arrays: arrays)
      var inserted: [(Int64, Int64)] = []
      inserted.reserveCapacity(rows.count)
      for row in rows {
        inserted.append((try row.value("conflict_id", as: Int64.self), try row.value("time", as: Int64.self)))
      }
      return inserted
    }

    /// `INSERT INTO occurrences (…) SELECT * FROM unnest(?::bigint[], ?::text[], …) ON CONFLICT …`,
    /// with the columns of ``StoredRows/Occurrence/Columns`` in their order.
    static let occurrenceInsertSQL: String = {
      let columns = StoredRows.Occurrence.Columns.allCases
      let names = columns.map(\.rawValue).joined(separator: ", ")
      let arrays = columns.map { "?::\(element(of: $0).sqlName)[]" }.joined(separator: ", ")
      return "INSERT INTO occurrences (\(names)) SELECT * FROM unnest(\(arrays)) "
        + "ON CONFLICT (identity) DO NOTHING RETURNING conflict_id, time"
    }()

    /// The type of the array that carries `column`'s values.
    static func element(of column: StoredRows.Occurrence.Columns) -> PostgresArrayParameter.Element {
      switch column {
      case .conflictID, .runID, .time, .pid, .brokenInMinimalSet, .sourceLine, .templateID: .bigint
      case .identity, .timeSource, .process, .verdict, .brokenConstraint, .sourceFile, .templateValues,
        .issues,
        .analysisVersion:
        .text
      }
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

  /// One batch as the writing thread takes it: the blocks, and what the run had counted and
  /// read when it was handed over.
  private struct Batch {
    var records: [BlockRecord]
    var counted: IngestTotals
    var cutOffDeletions: [Int64]
    var appFromLog: String?
  }

  /// What a run has stored: the part of ``IngestTotals`` that only the database can tell.
  struct StoredCounts {
    /// Occurrences stored for the first time.
    var occurrences = 0
    /// Blocks an earlier ingest had already stored.
    var duplicates = 0
    /// Fingerprints this run stored first.
    var newConflicts = 0
    /// Of the `duplicates`, blocks that completed an open message.
    var completed = 0
  }

  extension IngestTotals {
    /// These totals with `stored`'s counts in place of their own.
    func merging(_ stored: StoredCounts) -> IngestTotals {
      var totals = self
      totals.occurrences = stored.occurrences
      totals.duplicates = stored.duplicates
      totals.newConflicts = stored.newConflicts
      totals.completed = stored.completed
      return totals
    }
  }
#endif
