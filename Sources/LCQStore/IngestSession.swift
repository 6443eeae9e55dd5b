import Foundation
import GRDB
import LCQAnalysis

/// One `lcq ingest` run: a row in `runs`, and blocks stored in batches, each batch one
/// transaction, so a reader sees whole blocks or nothing and a kill loses at most the batch in
/// flight.
///
/// The SQLite engine's ``IngestRun``.
public final class IngestSession {
  /// The database the run writes to.
  public let store: Store
  /// The run's id in `runs`.
  public let runID: Int64
  /// Totals, including the blocks not yet committed.
  public private(set) var totals = IngestTotals()
  /// Blocks waiting for the next commit.
  public var pendingCount: Int { pending.count }

  private var pending: [BlockRecord] = []
  /// Template ids by template text (a few thousand at most: the cache starts over when full).
  private var templateIDs: [BlockTemplate.Key: Int64] = [:]
  private var conflictIDs: [String: Int64] = [:]
  private var added = AddedBlocks()
  /// Messages earlier ingests kept as cut off, which blocks of this run may replace.
  private var cutOffs = UnfinishedMessages([])
  /// Occurrences of messages that ended earlier ingests' inputs, which blocks of this run may
  /// complete.
  private var openMessages = UnfinishedMessages([])
  /// The run's start on the ingest clock, and on the wall clock (for the run's duration).
  private let startedOnClock: Int64
  private let startedAt = Date()

  /// Starts a run at `clock.now`.
  public init(store: Store, metadata: RunMetadata, clock: IngestClock) throws(StoreError) {
    self.store = store
    startedOnClock = clock.now
    runID = try store.write { db in
      try db.execute(
        sql: """
          INSERT INTO runs (run_key, started_at, source, app, app_version, build, build_key, device,
            os_version, host, lcq_version)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          metadata.runKey, clock.now, metadata.source, metadata.app, metadata.appVersion, metadata.build,
          metadata.build.map(BuildKey.of), metadata.device, metadata.osVersion, metadata.host,
          metadata.lcqVersion,
        ])
      return db.lastInsertedRowID
    }
    (cutOffs, openMessages) = try store.read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT id, source_line, raw_text FROM failed_blocks WHERE instr(issues, ?) > 0",
        arguments: [FailedBlockText.cutOffReason])
      let open = try Row.fetchAll(db, sql: StoredRows.openMessagesSelectSQL)
      return (
        UnfinishedMessages(rows.map { ($0["id"], $0["source_line"], $0["raw_text"]) }),
        UnfinishedMessages(open.map { ($0["id"], $0["source_line"], $0["raw_text"]) })
      )
    }
  }

  /// Queues a block for the next commit.
  public func add(_ record: BlockRecord) {
    var record = record
    cutOffs.add(record)
    if !record.isFailed { record.completes = openMessages.add(record).first }
    pending.append(record)
    added.add(record, to: &totals)
  }

  /// Records how much input was read.
  public func setInput(lines: Int, bytes: Int) {
    totals.lines = lines
    totals.bytes = bytes
  }

  /// Stores the queued blocks and the run's totals in one transaction.
  public func commit() throws(StoreError) {
    let batch = pending
    var totals = self.totals
    do {
      try store.write { db in
        // Occurrences are counted per batch (see OccurrenceCounts).
        var counts = OccurrenceCounts()
        let occurrenceInsert = try StoredRows.occurrenceInsert(db)
        for record in batch {
          if record.isFailed {
            if !(try insertFailed(record, db)) { totals.duplicates += 1 }
          } else if try complete(record, db, &totals) {
            totals.duplicates += 1
            totals.completed += 1
          } else if let conflictID = try insertOccurrence(record, occurrenceInsert, db, &totals) {
            counts.add(conflictID: conflictID, time: record.time)
            totals.occurrences += 1
          } else {
            totals.duplicates += 1
          }
          if record.endsInput, !record.isFailed {
            try db.cachedStatement(sql: StoredRows.openMessageInsertSQL).execute(
              arguments: StatementArguments(StoredRows.openMessageValues(of: record)))
          }
        }
        try counts.store(runID: runID, db)
        for values in StoredRows.codeOwnersValues(of: batch, runID: runID) {
          try db.cachedStatement(sql: StoredRows.codeOwnersInsertSQL).execute(
            arguments: StatementArguments(values))
        }
        for id in cutOffs.pendingDeletions {
          try db.execute(sql: "DELETE FROM failed_blocks WHERE id = ?", arguments: [id])
        }
        try db.execute(
          sql: """
            UPDATE runs SET lines = ?, bytes = ?, blocks = ?, occurrences = ?, duplicates = ?, unparsed = ?,
              new_conflicts = ?, app = coalesce(app, ?)
            WHERE id = ?
            """,
          arguments: [
            totals.lines, totals.bytes, totals.blocks, totals.occurrences, totals.duplicates, totals.unparsed,
            totals.newConflicts, added.appFromLog, runID,
          ])
      }
    } catch {
      templateIDs.removeAll()
      conflictIDs.removeAll()
      throw error
    }
    pending.removeAll(keepingCapacity: true)
    cutOffs.committed()
    openMessages.committed()
    self.totals = totals
  }

  /// Commits what is queued and marks the run as ended.
  public func finish(_ ending: RunEnding) throws(StoreError) {
    try commit()
    let runID = self.runID
    let now = startedOnClock + Int64(Date().timeIntervalSince(startedAt))
    try store.write { db in
      try db.execute(
        sql: "UPDATE runs SET finished_at = ?, status = ? WHERE id = ?",
        arguments: [now, ending.rawValue, runID])
    }
  }

  // MARK: Writing one block

  private func insertFailed(_ record: BlockRecord, _ db: Database) throws -> Bool {
    try db.cachedStatement(
      sql: """
        INSERT INTO failed_blocks (identity, run_id, time, time_source, process, pid, verdict, source_file,
          source_line, issues, raw_text)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (identity) DO NOTHING
        """
    ).execute(arguments: [
      record.identity, runID, record.time, record.timeFromLog ? "log" : "ingest", record.process, record.pid,
      record.summary.verdict.rawValue, record.sourceFile, record.sourceLine, JSONText.array(record.issues),
      FailedBlockText.stored(record.rawText),
    ])
    return db.changesCount > 0
  }

  /// Completes the stored occurrence `record` extends (``BlockRecord/completes``), if any and
  /// if it can (``StoredRows/completionSQL``); returns whether it did.
  private func complete(_ record: BlockRecord, _ db: Database, _ totals: inout IngestTotals) throws -> Bool {
    guard let target = record.completes, let fingerprint = record.summary.fingerprint else { return false }
    let occurrence = StoredRows.Occurrence(
      record, conflictID: try conflictID(fingerprint, record, db, &totals), runID: runID,
      templateID: try templateID(record.template, db))
    let values = StoredRows.completionValues(of: occurrence, occurrenceID: target)
    guard
      try Row.fetchOne(db, sql: StoredRows.completionSQL, arguments: StatementArguments(values)) != nil
    else { return false }
    try db.execute(sql: StoredRows.openMessageDeleteSQL, arguments: [target])
    return true
  }

  /// Inserts the occurrence unless its identity is stored; returns its conflict's id when new.
  private func insertOccurrence(
    _ record: BlockRecord, _ statement: Statement, _ db: Database, _ totals: inout IngestTotals
  ) throws -> Int64? {
    guard let fingerprint = record.summary.fingerprint else { return nil }
    let template = record.template
    let conflictID = try conflictID(fingerprint, record, db, &totals)
    let occurrence = StoredRows.Occurrence(
      record, conflictID: conflictID, runID: runID, templateID: try templateID(template, db))
    return try StoredRows.insert(occurrence, with: statement, db) ? conflictID : nil
  }

  private func templateID(_ template: BlockTemplate, _ db: Database) throws -> Int64 {
    let key = template.key
    if let known = templateIDs[key] { return known }
    let id = try StoredRows.templateID(template.template, db)
    if templateIDs.count > 2_000 { templateIDs.removeAll() }
    templateIDs[key] = id
    return id
  }

  private func conflictID(
    _ fingerprint: String, _ record: BlockRecord, _ db: Database, _ totals: inout IngestTotals
  ) throws -> Int64 {
    if let known = conflictIDs[fingerprint] { return known }
    let (id, created) = try StoredRows.conflictID(
      fingerprint: fingerprint, summary: record.summary, describedConstraints: record.describedConstraints,
      time: record.time, db)
    if created { totals.newConflicts += 1 }
    if conflictIDs.count > 10_000 { conflictIDs.removeAll() }
    conflictIDs[fingerprint] = id
    return id
  }
}
