import Foundation
import LCQAnalysis
import LCQParsing
import LCQStore

/// Analyses and stores blocks on a thread of its own, so that reading and parsing the next
/// stretch of input overlaps with the analysis and the database writes of the last one.
///
/// Blocks are handled one at a time in the order they were submitted. While the worker runs it
/// alone touches the session; the caller touches the session (and ``progress``) again only
/// after ``flush(lines:bytes:)`` has returned or the worker has failed, which the lock orders.
/// At most ``queueLimit`` batches wait, so memory stays bounded however fast the input is.
final class BlockWorker: @unchecked Sendable {
  /// Most batches waiting for the worker; `submit` blocks beyond it.
  static let queueLimit = 4
  /// Most blocks held before a commit, whatever the time.
  static let batchLimit = 4096

  private enum Work {
    case blocks([PreparedBlock], lines: Int, bytes: Int, tests: [String], caughtUp: Bool)
    case flush(lines: Int, bytes: Int)
    case handOver(lines: Int, bytes: Int, whenWritten: @Sendable (Result<IngestTotals, StoreError>) -> Void)
    case newLog
  }

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var queue: [Work] = []
  private var failure: StoreError?
  private var flushesDone = 0
  private var flushesAsked = 0
  private var stopping = false
  private var exited = false

  // Owned by the worker thread while it runs.
  private let session: any IngestRun
  private let clock: IngestClock
  private var cache = AnalysisCache()
  private var identities: OccurrenceIdentity
  private let analyzer: BlockAnalyzer
  /// Lists an earlier ingest crashed on (``CrashQuarantine``): stored unanalysed.
  private let quarantined: Set<[UInt8]>
  /// `$LCQ_FAULT_TRAP_ON`, for the crash tests only: analysing a message whose text holds it
  /// traps, as a bug would.
  private let faultTrap = ProcessInfo.processInfo.environment["LCQ_FAULT_TRAP_ON"].flatMap {
    $0.isEmpty ? nil : $0
  }
  private var lastCommit = ContinuousClock.now
  /// Hears of the totals after each block.
  private let observer: any IngestObserver
  /// The run's source tree and CODEOWNERS, when it has them.
  private let codeOwners: CodeOwnerMap?

  init(
    session: any IngestRun, clock: IngestClock, quarantined: Set<[UInt8]>, codeOwners: CodeOwnerMap?,
    observer: any IngestObserver
  ) {
    self.session = session
    self.codeOwners = codeOwners
    analyzer = BlockAnalyzer(
      options: .init(enumeratesMinimalSets: false, findsSingleFixes: false), appSource: codeOwners?.appSource)
    self.observer = observer
    self.clock = clock
    self.quarantined = quarantined
    identities = OccurrenceIdentity()
    let thread = Thread { [self] in run() }
    thread.name = "lcq ingest worker"
    thread.start()
  }

  /// Hands over the blocks read so far; `caughtUp` says the input has nothing more right now,
  /// so they should be committed at once. Throws the worker's failure, if it had one.
  func submit(_ blocks: [PreparedBlock], lines: Int, bytes: Int, tests: [String], caughtUp: Bool)
    throws(StoreError)
  {
    try enqueue(.blocks(blocks, lines: lines, bytes: bytes, tests: tests, caughtUp: caughtUp))
  }

  /// Numbers the repeats of what is submitted next from zero (``OccurrenceIdentity``): it is a
  /// log of its own, whose blocks have the same identities however many logs came before.
  func startNewLog() throws(StoreError) {
    try enqueue(.newLog)
  }

  /// Commits everything submitted, with the input's totals, and waits until it is stored.
  func flush(lines: Int, bytes: Int) throws(StoreError) {
    try enqueue(.flush(lines: lines, bytes: bytes))
    condition.lock()
    defer { condition.unlock() }
    flushesAsked += 1
    while flushesDone < flushesAsked, failure == nil { condition.wait() }
    if let failure { throw failure }
  }

  /// Commits everything submitted, with the input's totals, without waiting: `whenWritten` is
  /// told once it is stored, or that it could not be (as is every hand-over after a failure).
  func handOver(
    lines: Int, bytes: Int, whenWritten: @escaping @Sendable (Result<IngestTotals, StoreError>) -> Void
  ) throws(StoreError) {
    try enqueue(.handOver(lines: lines, bytes: bytes, whenWritten: whenWritten))
  }

  /// Lets the worker finish what is queued (not committing it: the session's own finish does),
  /// ends its thread, and waits for that.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopping = true
    condition.broadcast()
    while !exited { condition.wait() }
  }

  private func enqueue(_ work: Work) throws(StoreError) {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.queueLimit, failure == nil { condition.wait() }
    if let failure { throw failure }
    queue.append(work)
    condition.broadcast()
  }

  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty, !stopping { condition.wait() }
      if queue.isEmpty {
        exited = true
        condition.broadcast()
        condition.unlock()
        return
      }
      let work = queue.removeFirst()
      let failed = failure
      condition.broadcast()
      condition.unlock()
      // After a failure, nothing more is written, and a hand-over hears why.
      if let failed {
        if case .handOver(_, _, let whenWritten) = work { whenWritten(.failure(failed)) }
        continue
      }
      do {
        try process(work)
      } catch {
        condition.lock()
        failure = error
        condition.broadcast()
        condition.unlock()
      }
    }
  }

  private func process(_ work: Work) throws(StoreError) {
    switch work {
    case .blocks(let blocks, let lines, let bytes, let tests, let caughtUp):
      let (analyzer, faultTrap) = (self.analyzer, self.faultTrap)
      for var prepared in blocks {
        guard quarantined.isEmpty || !quarantined.contains(prepared.listKey.text) else {
          storeUnanalysed(
            prepared,
            "an earlier lcq ingest crashed analysing this message; it is kept unanalysed (see docs/store.md)")
          continue
        }
        // A message the input ends inside is kept, not counted: a later ingest that reads it
        // whole replaces it (see docs/store.md).
        guard !prepared.block.endsCutOff else {
          storeUnanalysed(prepared, FailedBlockText.cutOffReason)
          continue
        }
        guard !prepared.beganBeforeText else {
          storeUnanalysed(prepared, Self.beganBeforeTextReason)
          continue
        }
        let key = prepared.listKey
        let summary = cache.summary(of: &prepared.block, key: key) { block in
          CrashQuarantine.analysing(key) {
            if let faultTrap, block.rawText.contains(faultTrap) { fatalError("LCQ_FAULT_TRAP_ON") }
            return analyzer.analyze(block)
          }
        }
        var record = BlockRecord(prepared: prepared, summary: summary, clock: clock, identities: &identities)
        if let codeOwners, summary.fingerprint != nil {
          record.codeOwnership = codeOwners.ownership(of: summary.sourceClues)
        }
        session.add(record)
        observer.progressed(session.totals)
      }
      session.setInput(lines: lines, bytes: bytes)
      if !tests.isEmpty { session.addTests(tests) }
      guard session.pendingCount > 0 else { return }
      let due =
        caughtUp || ContinuousClock.now - lastCommit >= .seconds(1) || session.pendingCount >= Self.batchLimit
      if due { try commit() }
    case .flush(let lines, let bytes):
      session.setInput(lines: lines, bytes: bytes)
      try commit()
      // Stored means written: the team store writes on a thread of its own.
      try session.waitUntilWritten()
      condition.lock()
      flushesDone += 1
      condition.broadcast()
      condition.unlock()
    case .handOver(let lines, let bytes, let whenWritten):
      session.setInput(lines: lines, bytes: bytes)
      do throws(StoreError) {
        try session.commit(whenWritten: whenWritten)
      } catch {
        whenWritten(.failure(error))
        throw error
      }
      lastCommit = .now
    case .newLog:
      identities = OccurrenceIdentity()
    }
  }

  /// Why the rest of a message that began before a received text is not analysed.
  static let beganBeforeTextReason =
    "this message began before the text received (in an earlier request): it is kept unanalysed, "
    + "not counted; send each message whole in one request"

  /// Stores `prepared` as a failed block, unanalysed, with `reason` as its last issue.
  private func storeUnanalysed(_ prepared: PreparedBlock, _ reason: String) {
    var record = BlockRecord(
      prepared: prepared, summary: AnalysisSummary(unanalysed: .unparsed), clock: clock,
      identities: &identities)
    record.issues.append("\(prepared.block.source.file):\(prepared.block.lastLine):1: " + reason)
    session.add(record)
    observer.progressed(session.totals)
  }

  private func commit() throws(StoreError) {
    try session.commit()
    lastCommit = .now
  }
}
