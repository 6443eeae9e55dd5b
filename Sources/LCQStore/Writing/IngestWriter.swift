import Foundation
import LCQAnalysis

/// One `lcq ingest` run, on either engine: a row in `runs`, and blocks stored in batches. Each
/// batch is one transaction, so a reader sees whole blocks or nothing and a kill loses at most
/// the batch in flight; its rows are inserted with multi-row statements (`ON CONFLICT … DO
/// NOTHING`: an occurrence another runner stored is a duplicate), and its counts
/// (`occurrence_rollup`, the conflicts' counters) are written once (``OccurrenceCounts``).
///
/// On an engine that writes in the background (the team store) a batch is written on a thread
/// of its own while the next one is analysed: ``commit()`` hands the batch over after the one
/// before it is committed, and ``finish(_:)`` waits for the last. A batch that could not be
/// written comes back to the front of the queue, and its error is thrown by the ``commit()``
/// that wrote it or, in the background, by the next ``commit()`` or ``finish(_:)``.
///
/// Runners that write at once cannot deadlock on lcq's order: new conflicts are inserted in
/// fingerprint order, and the conflicts' counters are updated last, in id order, so a runner
/// holds those rows only while it commits.
final class IngestWriter: IngestRun, @unchecked Sendable {
  private let engine: any IngestEngine
  /// The run's id in `runs`.
  let runID: Int64
  var totals: IngestTotals { counted.merging(lock.withLock { stored }) }
  var pendingCount: Int { pending.count }

  /// What the adding thread counts (blocks, unparsed, conflicts, input read).
  private var counted = IngestTotals()
  private var pending: [BlockRecord] = []
  /// Tests the input ran, not yet committed.
  private var pendingTests: [String] = []
  private var added = AddedBlocks()
  /// Messages earlier ingests kept as cut off, which blocks of this run may replace.
  private var cutOffs: UnfinishedMessages
  /// Occurrences of messages that ended earlier ingests' inputs, which blocks of this run may
  /// complete.
  private var openMessages: UnfinishedMessages
  /// The run's start on the ingest clock, and on the wall clock (for the run's duration).
  private let startedOnClock: Int64
  private let startedAt = Date()

  /// The writing thread, and what it shares under `lock`: the counts of what is committed, and
  /// a batch it could not write.
  private let writer = DispatchQueue(label: "lcq.ingest.writer")
  private let writing = DispatchGroup()
  private let lock = NSLock()
  private var stored = StoredCounts()
  private var refused: (batch: Batch, error: StoreError)?
  /// Template and conflict ids of committed batches (the writing thread's only).
  private var known = KnownRows()

  /// Starts a run described by `metadata` at `clock.now` on `engine`.
  init(engine: any IngestEngine, metadata: RunMetadata, clock: IngestClock) throws(StoreError) {
    self.engine = engine
    startedOnClock = clock.now
    var runID: Int64?
    try engine.queries.transaction { queries throws(StoreError) in
      runID = try queries.row(
        StoredRows.RunStart.insertSQL, StoredRows.RunStart(metadata: metadata, startedAt: clock.now).values
      )?.integer("id")
    }
    guard let runID else { throw .missingValue(column: "runs.id") }
    self.runID = runID
    let queries = engine.queries
    cutOffs = UnfinishedMessages(
      try Self.messages(
        queries.rows(
          "SELECT id, source_line, raw_text FROM failed_blocks WHERE \(queries.dialect.position)(issues, ?) > 0",
          [.text(FailedBlockText.cutOffReason)])))
    openMessages = UnfinishedMessages(try Self.messages(queries.rows(StoredRows.openMessagesSelectSQL)))
  }

  /// Rows of `id`, `source_line` and `raw_text` as ``UnfinishedMessages`` reads them.
  private static func messages(_ rows: QueryRows) throws(StoreError) -> [(id: Int64, line: Int, text: String)]
  {
    try rows.map { row throws(StoreError) in
      (row.integer("id") ?? 0, Int(row.integer("source_line") ?? 0), try row.requiredText("raw_text"))
    }
  }

  func add(_ record: BlockRecord) {
    var record = record
    cutOffs.add(record)
    if !record.isFailed { record.completes = openMessages.add(record).first }
    pending.append(record)
    added.add(record, to: &counted)
  }

  func addTests(_ names: [String]) {
    pendingTests += names
  }

  func setInput(lines: Int, bytes: Int) {
    counted.lines = lines
    counted.bytes = bytes
  }

  /// Writes the added blocks, in one transaction: here, or on the writing thread once the batch
  /// before them is committed.
  func commit() throws(StoreError) {
    try commit(then: nil)
  }

  func commit(whenWritten: @escaping @Sendable (Result<IngestTotals, StoreError>) -> Void) throws(StoreError)
  {
    try commit(then: whenWritten)
  }

  /// ``commit()``, telling `written` (when given) how the batch's write ended.
  private func commit(then written: (@Sendable (Result<IngestTotals, StoreError>) -> Void)?)
    throws(StoreError)
  {
    try awaitWriter()
    let batch = Batch(
      records: pending, counted: counted, cutOffDeletions: cutOffs.pendingDeletions,
      appFromLog: added.appFromLog, tests: pendingTests)
    pending.removeAll(keepingCapacity: true)
    pendingTests.removeAll(keepingCapacity: true)
    cutOffs.committed()
    openMessages.committed()
    guard engine.writesInBackground else {
      do throws(StoreError) {
        try write(batch)
      } catch {
        giveBack(batch)
        throw error
      }
      written?(.success(batch.counted.merging(lock.withLock { stored })))
      return
    }
    writing.enter()
    writer.async {
      defer { self.writing.leave() }
      do throws(StoreError) {
        try self.write(batch)
        written?(.success(batch.counted.merging(self.lock.withLock { self.stored })))
      } catch {
        self.lock.withLock { self.refused = (batch, error) }
        written?(.failure(error))
      }
    }
  }

  func waitUntilWritten() throws(StoreError) {
    try awaitWriter()
  }

  func finish(_ ending: RunEnding) throws(StoreError) {
    try commit()
    try awaitWriter()
    let now = startedOnClock + Int64(Date().timeIntervalSince(startedAt))
    _ = try engine.queries.execute(
      StoredRows.runEndSQL, [.integer(now), .text(ending.rawValue), .integer(runID)])
  }

  /// Waits for the batch being written; a batch that could not be written goes back in front of
  /// the queue (so a later commit tries it again) and its error is thrown.
  private func awaitWriter() throws(StoreError) {
    writing.wait()
    guard
      let (batch, error) = lock.withLock({ () -> (Batch, StoreError)? in
        defer { refused = nil }
        return refused
      })
    else { return }
    giveBack(batch)
    throw error
  }

  /// Puts `batch` back in front of what is added since.
  private func giveBack(_ batch: Batch) {
    pending.insert(contentsOf: batch.records, at: 0)
    pendingTests.insert(contentsOf: batch.tests, at: 0)
    cutOffs.restore(batch.cutOffDeletions)
  }

  /// Writes `batch` in one transaction of the engine's, and keeps the counts and ids it leaves.
  /// After a failure every id is looked up again (another process may have deleted a row).
  private func write(_ batch: Batch) throws(StoreError) {
    let before = lock.withLock { stored }
    let known = self.known
    do {
      let (after, knownAfter) = try engine.writeBatch { queries, statements throws(StoreError) in
        try IngestBatch(
          runID: runID, batch: batch, queries: queries, statements: statements,
          keyOrder: engine.insertsNewKeysInOrder
        ).write(after: before, known: known)
      }
      self.known = knownAfter
      lock.withLock { stored = after }
    } catch {
      self.known = KnownRows()
      throw error
    }
  }
}

/// One batch as the writer takes it: the blocks, and what the run had counted and read when it
/// was handed over.
struct Batch {
  var records: [BlockRecord]
  var counted: IngestTotals
  var cutOffDeletions: [Int64]
  var appFromLog: String?
  /// Tests the input ran, as read since the batch before.
  var tests: [String] = []
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
