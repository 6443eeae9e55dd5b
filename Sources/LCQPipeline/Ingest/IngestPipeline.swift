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
  private let runKey: String?
  private var keys = ListKey.Builder()
  /// Whether SIGINT or SIGTERM stopped the reading (see ``Interruption``).
  public private(set) var interrupted = false
  private var linesBefore = 0
  private var bytesBefore = 0

  /// A pipeline storing into `session`; `runKey` is the run's `--run-id` (part of the identity
  /// of blocks without a timestamp), `quarantined` the lists an earlier ingest crashed on
  /// (``CrashQuarantine``), `codeOwners` the run's source tree and CODEOWNERS (each conflict's
  /// files and owners are stored with the run), and `observer` hears of progress and of what a
  /// person should read.
  public init(
    session: any IngestRun, runKey: String?, clock: IngestClock, quarantined: Set<[UInt8]> = [],
    codeOwners: CodeOwnerMap? = nil, observer: any IngestObserver
  ) {
    worker = BlockWorker(
      session: session, clock: clock, quarantined: quarantined, codeOwners: codeOwners, observer: observer)
    self.observer = observer
    self.runKey = runKey
  }

  /// Reads `input` (`-` is standard input) to its end, or until a signal, and waits until its
  /// blocks are stored.
  ///
  /// - Throws: ``InputError`` or ``ReadError`` when the input cannot be read (what was read of
  ///   it is stored), or `StoreError` when storing fails.
  public mutating func ingest(_ input: String) throws {
    let descriptor = try InputFile.open(input)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    // Descriptions are parsed only for lists the analysis cache has not seen (see AnalysisCache).
    var scanner = ConflictScanner(file: input, parsesDescriptions: false)
    let reader = LiveReader(descriptor: descriptor, file: input)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    var blocks: [PreparedBlock] = []
    let runKey = self.runKey
    func prepare(_ block: ConflictBlock) {
      blocks.append(PreparedBlock(block, runKey: runKey, keys: &keys))
    }
    func handOver(caughtUp: Bool) throws {
      try worker.submit(
        blocks, lines: linesBefore + scanner.linesRead, bytes: bytesBefore + scanner.bytesRead,
        tests: scanner.takeTestsStarted(), caughtUp: caughtUp)
      blocks.removeAll()
    }
    reading: while true {
      switch try reader.next(into: buffer) {
      case .data(let count, let filledBuffer):
        scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { prepare($0) }
        try handOver(caughtUp: !filledBuffer)
      case .quiet:
        scanner.closeOpenMessage { prepare($0) }
        try handOver(caughtUp: true)
      case .end:
        break reading
      case .interrupted:
        interrupted = true
        break reading
      }
    }
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
    linesBefore += summary.lines
    bytesBefore += summary.bytes
    try worker.flush(lines: linesBefore, bytes: bytesBefore)
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
