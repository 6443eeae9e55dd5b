/// One ingest run being written: blocks are added, committed in batches, and the run is
/// finished with how it ended.
public protocol IngestRun: AnyObject {
  /// The run's id in `runs`.
  var runID: Int64 { get }
  /// The run's totals so far (committed or not).
  var totals: IngestTotals { get }
  /// Blocks added and not yet committed.
  var pendingCount: Int { get }
  /// Adds a block; it is written at the next ``commit()``.
  func add(_ record: BlockRecord)
  /// Records how much input the run has read.
  func setInput(lines: Int, bytes: Int)
  /// Records tests the input ran (its start markers), stored with the next commit, each once
  /// per run (`run_tests`).
  func addTests(_ names: [String])
  /// Writes every added block in one transaction. An engine may write it on a thread of its
  /// own while the caller goes on; a failure is then thrown by the next `commit()` or
  /// `finish(_:)`, and the blocks it could not write are written by that call's transaction.
  func commit() throws(StoreError)
  /// Commits as ``commit()`` does, and tells `whenWritten` once this commit is written, with
  /// the run's totals as of it (what was added before it, and everything stored), or that it
  /// could not be. It is told on the writing thread, or before this returns where the engine
  /// writes in place; a failure this throws is not also told to it.
  func commit(whenWritten: @escaping @Sendable (Result<IngestTotals, StoreError>) -> Void) throws(StoreError)
  /// Waits until every ``commit()`` so far is written (an engine that writes on a thread of its
  /// own may still be writing the last), and throws its failure, if any.
  func waitUntilWritten() throws(StoreError)
  /// Commits what is left and marks the run `ending`.
  func finish(_ ending: RunEnding) throws(StoreError)
}

/// What an ingest run has done so far.
public struct IngestTotals: Sendable, Hashable {
  /// Lines read (updated by the caller from the scanner).
  public var lines = 0
  /// Bytes read.
  public var bytes = 0
  /// Conflict messages read.
  public var blocks = 0
  /// Occurrences stored for the first time.
  public var occurrences = 0
  /// Blocks an earlier ingest had already stored.
  public var duplicates = 0
  /// Of the `duplicates`, blocks that completed a message an earlier ingest stored when its
  /// input ended inside it (a log file that grew).
  public var completed = 0
  /// Blocks with no readable constraint, or redacted.
  public var unparsed = 0
  /// Fingerprints this run stored first.
  public var newConflicts = 0
  /// Distinct fingerprints seen in this run.
  public var conflicts = 0
}

/// How an ingest run ended (`runs.status`).
public enum RunEnding: String, Sendable {
  /// The input was read to its end.
  case finished
  /// SIGINT or SIGTERM: what was read whole is committed.
  case interrupted
  /// A database error stopped it.
  case failed
}

/// What both engines' ingest runs count as blocks are added, before anything is stored.
struct AddedBlocks {
  private var fingerprintsSeen: Set<String> = []
  /// The first process name a block gave: the run's app when no `--app` was given.
  private(set) var appFromLog: String?

  /// Counts `record` into `totals`: a block, an unparsed one, a conflict not seen before in
  /// this run.
  mutating func add(_ record: BlockRecord, to totals: inout IngestTotals) {
    totals.blocks += 1
    if record.isFailed { totals.unparsed += 1 }
    if appFromLog == nil, let process = record.process { appFromLog = process }
    if let fingerprint = record.summary.fingerprint, fingerprintsSeen.insert(fingerprint).inserted {
      totals.conflicts += 1
    }
  }
}
