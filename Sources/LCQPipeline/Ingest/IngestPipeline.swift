import LCQAnalysis
import LCQParsing
import LCQStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads inputs and hands their blocks to a ``BlockWorker``, which analyses each (once per
/// distinct list, see ``AnalysisCache``) and stores it, committing at least once a second and
/// whenever a live input catches up. Reading, framing and preparing blocks (``PreparedBlock``)
/// run on the calling thread meanwhile.
///
/// `lcq ingest` opens a store and a session, builds one pipeline for all its inputs, calls
/// ``ingest(_:)`` for each, then ``stopWorker()`` and the session's `finish`.
public struct IngestPipeline {
  private let worker: BlockWorker
  private let observer: any IngestObserver
  private let scope: OccurrenceIdentity.Scope
  private var keys = ListKey.Builder()
  /// Whether SIGINT or SIGTERM stopped the reading (see ``Interruption``).
  public private(set) var interrupted = false
  private var linesBefore = 0
  private var bytesBefore = 0

  /// A pipeline storing into `session`; `scope` is the run's app, build and `--run-id` (part of
  /// every block's identity: ``OccurrenceIdentity``), `quarantined` the lists an earlier ingest crashed on
  /// (``CrashQuarantine``), `codeOwners` the run's source tree and CODEOWNERS (each conflict's
  /// files and owners are stored with the run), and `observer` hears of progress and of what a
  /// person should read.
  public init(
    session: any IngestRun, scope: OccurrenceIdentity.Scope, clock: IngestClock,
    quarantined: Set<[UInt8]> = [],
    codeOwners: CodeOwnerMap? = nil, observer: any IngestObserver
  ) {
    worker = BlockWorker(
      session: session, clock: clock, quarantined: quarantined, codeOwners: codeOwners, observer: observer)
    self.observer = observer
    self.scope = scope
  }

  /// Reads `input` (`-` is standard input) to its end, or until a signal, and waits until its
  /// blocks are stored.
  ///
  /// - Throws: ``InputError`` or ``ReadError`` when the input cannot be read (what was read of
  ///   it is stored), or `StoreError` when storing fails.
  public mutating func ingest(_ input: String) throws {
    let descriptor = try InputFile.open(input)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    let reader = LiveReader(descriptor: descriptor, file: input)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    try scan(named: input) { input throws in
      while true {
        switch try reader.next(into: buffer) {
        case .data(let count, let filledBuffer):
          input.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
          try input.handOver(!filledBuffer)
        case .quiet:
          input.closeOpenMessage()
          try input.handOver(true)
        case .end:
          return false
        case .interrupted:
          return true
        }
      }
    }
  }

  /// Reads `text`, a whole log received at once (a request's body), named `name` in what it
  /// says, and waits until its blocks are stored. The text is a log of its own: its blocks'
  /// identities do not depend on the texts read before it, so the same text sent again (a
  /// retried request) is stored once. A message the text ends inside is kept uncounted, as at
  /// the end of a file, until a later text holds it whole.
  ///
  /// With `waitsForCommit` false, it returns once the text is handed to the worker, and
  /// ``commit()`` later stores it with whatever was handed over since (one commit for several
  /// texts that arrived together).
  ///
  /// - Throws: `StoreError` when storing fails.
  public mutating func ingest(text: [UInt8], named name: String, waitsForCommit: Bool = true) throws {
    try worker.startNewLog()
    try scan(named: name, isReceivedText: true, flushes: waitsForCommit) { input throws in
      // In stretches as a file is read, so that the worker analyses and commits (at least once
      // a second) while the rest is scanned.
      try text.withUnsafeBytes { bytes throws in
        var start = 0
        repeat {
          let end = min(bytes.count, start + Self.stretch)
          input.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
          try input.handOver(false)
          start = end
        } while start < bytes.count
      }
      return false
    }
  }

  /// The bytes of a received text scanned before what was framed is handed to the worker: as
  /// much as a file read takes at once.
  static let stretch = 1 << 20

  /// What ``scan(named:isReceivedText:flushes:read:)`` gives its reader: feed the scanner bytes, close the message
  /// being read (a live input went quiet), and hand what was framed to the worker (saying
  /// whether the input caught up).
  private struct ScanInput {
    let feed: (UnsafeRawBufferPointer) -> Void
    let closeOpenMessage: () -> Void
    let handOver: (_ caughtUp: Bool) throws -> Void
  }

  /// Scans one input with `read`, which feeds it until it ends or a signal stops it (`read`
  /// returns whether one did); then stores the rest.
  ///
  /// In a received text (`isReceivedText`), a first message without its header is the rest of
  /// one that began in an earlier text: it is kept unanalysed and uncounted, and said so.
  private mutating func scan(
    named input: String, isReceivedText: Bool = false, flushes: Bool = true, read: (ScanInput) throws -> Bool
  ) throws {
    // Descriptions are parsed only for lists the analysis cache has not seen (see AnalysisCache).
    var scanner = ConflictScanner(file: input, parsesDescriptions: false)
    var blocks: [PreparedBlock] = []
    let scope = self.scope
    var keys = self.keys
    defer { self.keys = keys }
    var isFirstBlock = true
    let observer = self.observer
    func prepare(_ block: ConflictBlock) {
      var prepared = PreparedBlock(block, scope: scope, keys: &keys)
      if isReceivedText, isFirstBlock, !block.header.isPrinted {
        prepared.beganBeforeText = true
        observer.note("\(input):\(block.source.line): " + BlockWorker.beganBeforeTextReason)
      }
      isFirstBlock = false
      blocks.append(prepared)
    }
    let worker = self.worker
    let (linesBefore, bytesBefore) = (self.linesBefore, self.bytesBefore)
    func handOver(caughtUp: Bool) throws {
      try worker.submit(
        blocks, lines: linesBefore + scanner.linesRead, bytes: bytesBefore + scanner.bytesRead,
        tests: scanner.takeTestsStarted(), caughtUp: caughtUp)
      blocks.removeAll()
    }
    let reading = ScanInput(
      feed: { scanner.feed($0) { prepare($0) } },
      closeOpenMessage: { scanner.closeOpenMessage { prepare($0) } },
      handOver: { try handOver(caughtUp: $0) })
    interrupted = try read(reading) || interrupted
    // Interrupted, the input's end says nothing about the message being read: it is dropped,
    // and a later ingest of the same log stores it once, whole.
    let summary = scanner.finish(discardingOpenMessage: interrupted) { prepare($0) }
    try handOver(caughtUp: false)
    for issue in summary.issues { observer.note("\(issue)") }
    if let line = summary.discardedMessageLine {
      observer.note(
        "\(input):\(line): the message being read when the ingest was interrupted is not stored; "
          + "ingest the log again to store it")
    }
    self.linesBefore += summary.lines
    self.bytesBefore += summary.bytes
    if flushes { try commit() }
  }

  /// Stores everything handed to the worker so far, and waits until it is committed.
  ///
  /// - Throws: `StoreError` when storing fails.
  public func commit() throws {
    try worker.flush(lines: linesBefore, bytes: bytesBefore)
  }

  /// Commits what was handed over (``ingest(text:named:waitsForCommit:)``) without waiting for
  /// the store: `whenWritten` is told, on another thread, once it is stored (with the run's
  /// totals as of this commit) or that it could not be. Texts handed over after this are
  /// analysed while it is written.
  ///
  /// - Throws: `StoreError` when an earlier write failed (`whenWritten` is then not told).
  public func commit(whenWritten: @escaping @Sendable (Result<IngestTotals, StoreError>) -> Void) throws {
    try worker.handOver(lines: linesBefore, bytes: bytesBefore, whenWritten: whenWritten)
  }

  /// Ends the worker once what it holds is handled; call after the last input, before the
  /// session is used again.
  public func stopWorker() {
    worker.stop()
  }
}

/// Hears what an ingest has to say while it runs.
public protocol IngestObserver: AnyObject, Sendable {
  /// The session's totals after a block was added; called on the worker's thread, in order.
  func progressed(_ totals: IngestTotals)
  /// A line for a person (an issue of the input, a message that was not stored), without the
  /// `lcq: ` prefix; called on the reading thread.
  func note(_ message: String)
}
