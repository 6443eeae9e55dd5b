import LCQAnalysis
import LCQParsing

/// One block ready to be stored: its analysis summary, when it happened, and its identity.
public struct BlockRecord: Sendable {
  /// The block's analysis.
  public var summary: AnalysisSummary
  /// The descriptions of the minimal set (of the whole list when there is none).
  public var describedConstraints: [String]
  /// The broken constraint's description.
  public var brokenConstraint: String?
  /// Seconds since 1970 (UTC).
  public var time: Int64
  /// Whether `time` came from the log or is the ingest time.
  public var timeFromLog: Bool
  /// The process name from the log.
  public var process: String?
  /// The process id from the log.
  public var pid: Int?
  /// The test that was running, as the input's test markers say (``LCQParsing/BlockSource/test``).
  public var test: String?
  /// The input and line.
  public var sourceFile: String
  /// The 1-based line of the block's first line.
  public var sourceLine: Int
  /// The raw text.
  public var rawText: String
  /// What could not be read, as `file:line:column: reason`.
  public var issues: [String]
  /// What makes this block the same event when it is ingested again (see ``OccurrenceIdentity``).
  public var identity: String
  /// The conflict's source files and owners, when the run indexed a source tree.
  public var codeOwnership: CodeOwnership?
  /// Whether the input ended while this message was open, its list whole
  /// (``LCQParsing/ConflictBlock/endsInput``): a grown file may complete it.
  public var endsInput: Bool
  /// The stored occurrence this block completes: an earlier ingest's message that ended its
  /// input, started on the same line, and whose text this block's extends (``OpenMessages``).
  var completes: Int64?

  /// Whether the block has no readable constraint (or a redacted list) and is kept whole.
  public var isFailed: Bool { summary.verdict == .unparsed || summary.verdict == .redacted }

  /// The raw text as stored for an occurrence.
  public let template: BlockTemplate

  /// A record of `block` as analysed (`summary`), its raw text split as `template` and its
  /// identity worked out by the caller; the time comes from the log when `clock` can read it.
  public init(
    block: ConflictBlock, template: BlockTemplate, summary: AnalysisSummary, clock: IngestClock,
    identity: String
  ) {
    self.summary = summary
    describedConstraints = summary.describedConstraints(of: block)
    brokenConstraint = block.brokenConstraint?.description
    if let logged = block.source.timestamp.flatMap(clock.time(of:)) {
      time = logged
      timeFromLog = true
    } else {
      time = clock.now
      timeFromLog = false
    }
    process = block.source.process
    pid = block.source.pid
    test = block.source.test
    sourceFile = block.source.file
    sourceLine = block.source.line
    rawText = block.rawText
    issues = block.issues.map(\.description)
    endsInput = block.endsInput
    self.identity = identity
    self.template = template
  }
}
