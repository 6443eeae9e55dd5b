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
struct IngestPipeline {
  let worker: BlockWorker
  private let runKey: String?
  private var keys = ListKey.Builder()
  private(set) var interrupted = false
  private var linesBefore = 0
  private var bytesBefore = 0

  init(session: IngestSession, runKey: String?, clock: IngestClock, quarantined: Set<[UInt8]> = []) {
    worker = BlockWorker(session: session, clock: clock, quarantined: quarantined)
    self.runKey = runKey
  }

  /// Reads `input` (`-` is standard input) to its end, or until a signal, and waits until its
  /// blocks are stored.
  mutating func ingest(_ input: String) throws {
    let descriptor: Int32 = input == "-" ? STDIN_FILENO : open(input, O_RDONLY)
    guard descriptor >= 0 else { throw InputError.cannotOpen(path: input, code: errno) }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputError.isDirectory(path: input)
    }
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
        caughtUp: caughtUp)
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
    for issue in summary.issues { StandardError.write("lcq: \(issue)") }
    if let line = summary.discardedMessageLine {
      StandardError.write(
        "lcq: \(input):\(line): the message being read when the ingest was interrupted is not stored; "
          + "ingest the log again to store it")
    }
    linesBefore += summary.lines
    bytesBefore += summary.bytes
    try worker.flush(lines: linesBefore, bytes: bytesBefore)
  }

  /// Ends the worker once what it holds is handled; call after the last input, before the
  /// session is used again.
  func stopWorker() {
    worker.stop()
  }
}
