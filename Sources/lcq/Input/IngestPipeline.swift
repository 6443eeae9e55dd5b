import LCQAnalysis
import LCQParsing
import LCQStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads inputs, analyses each block (once per distinct list, see ``AnalysisCache``) and hands
/// it to the session, committing at least once a second and whenever a live input catches up.
struct IngestPipeline {
  let session: IngestSession
  var cache = AnalysisCache()
  var identities: OccurrenceIdentity
  let clock: IngestClock
  let analyzer = BlockAnalyzer(options: .init(enumeratesMinimalSets: false, findsSingleFixes: false))
  var progress = ProgressLine()
  private(set) var interrupted = false
  private var linesBefore = 0
  private var bytesBefore = 0
  private var lastCommit = ContinuousClock.now

  /// Most blocks held before a commit, whatever the time.
  static let batchLimit = 4096

  init(session: IngestSession, runKey: String?, clock: IngestClock) {
    self.session = session
    self.clock = clock
    identities = OccurrenceIdentity(runKey: runKey)
  }

  /// Reads `input` (`-` is standard input) to its end, or until a signal.
  mutating func ingest(_ input: String) throws {
    let descriptor: Int32 = input == "-" ? STDIN_FILENO : open(input, O_RDONLY)
    guard descriptor >= 0 else { throw InputError.cannotOpen(path: input, code: errno) }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputError.isDirectory(path: input)
    }
    var scanner = ConflictScanner(file: input)
    let reader = LiveReader(descriptor: descriptor, file: input)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    reading: while true {
      switch try reader.next(into: buffer) {
      case .data(let count, let filledBuffer):
        scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { add($0) }
        try commitIfDue(scanner, caughtUp: !filledBuffer)
      case .quiet:
        scanner.closeOpenMessage { add($0) }
        try commitIfDue(scanner, caughtUp: true)
      case .end:
        break reading
      case .interrupted:
        interrupted = true
        break reading
      }
    }
    let summary = scanner.finish { add($0) }
    for issue in summary.issues { StandardError.write("lcq: \(issue)") }
    linesBefore += summary.lines
    bytesBefore += summary.bytes
    session.setInput(lines: linesBefore, bytes: bytesBefore)
    try session.commit()
    lastCommit = .now
  }

  private mutating func add(_ block: ConflictBlock) {
    let analyzer = self.analyzer
    let summary = cache.summary(of: block) { analyzer.analyze($0) }
    session.add(BlockRecord(block: block, summary: summary, clock: clock, identities: &identities))
    progress.update(session.totals)
  }

  /// Commits when blocks wait and a second has passed, the input caught up, or the batch is full.
  private mutating func commitIfDue(_ scanner: ConflictScanner, caughtUp: Bool) throws {
    session.setInput(lines: linesBefore + scanner.linesRead, bytes: bytesBefore + scanner.bytesRead)
    guard session.pendingCount > 0 else { return }
    let due =
      caughtUp || ContinuousClock.now - lastCommit >= .seconds(1) || session.pendingCount >= Self.batchLimit
    guard due else { return }
    try session.commit()
    lastCommit = .now
  }
}
