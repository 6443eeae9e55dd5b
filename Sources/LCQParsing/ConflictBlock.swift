/// One conflict message found in a log: its place, its list and the constraint UIKit broke.
///
/// A block is complete when the scanner hands it over; the scanner keeps no reference to it.
public struct ConflictBlock: Sendable {
  /// Where the message was found.
  public var source: BlockSource
  /// Which framework printed it.
  public var platform: Platform
  /// How the message began.
  public var header: Header
  /// The constraint list, in logged order.
  public var constraints: [LoggedConstraint]
  /// The constraint after "Will attempt to recover by breaking constraint", if present.
  public var brokenConstraint: LoggedConstraint?
  /// Whether the list (or the broken constraint) was replaced by `<private>`.
  public var isRedacted: Bool
  /// Framing problems (a list cut off, a missing header, a hard-wrapped line…) and every
  /// description that could not be parsed.
  public var issues: [ParseIssue]
  /// The message's lines as they appeared in the input (interleaved foreign lines excluded),
  /// joined by `\n`.
  public var rawText: String
  /// How many unrelated log lines were interleaved inside the message and skipped.
  public var interleavedLineCount: Int
  /// The 1-based line of the message's last line.
  public var lastLine: Int
  /// Whether the descriptions have been parsed. A scanner made with `parsesDescriptions: false`
  /// hands over blocks whose constraints are text only (no typed constraint, no parse issue)
  /// until ``parsingDescriptions()`` is called.
  public internal(set) var descriptionsParsed = true
  /// Whether ``platform`` came from the log (AppKit's own wording) rather than from the items.
  var platformIsLogged = true
  /// Whether the input ended inside the message's list: the list still open (or its header
  /// alone read), or its last line without a line feed. The message may be cut off for good, or
  /// still being written (a log file that grows); see
  /// ``ConflictScanner/finish(discardingOpenMessage:onBlock:)``.
  public internal(set) var endsCutOff = false
  /// Whether the input ended while the message was open but its list whole: it is analysed (its
  /// broken constraint unknown when the input ended inside it), and a later read of a grown file
  /// whose message starting on the same line extends this text completes it (docs/store.md).
  public internal(set) var endsInput = false
  /// Whether the block starts inside its list: no header and no `(` before the first
  /// description (the log begins mid-message, or a paste lost the top). The list may then lack
  /// members UIKit listed.
  public internal(set) var startsMidList = false
  /// Whether the message ended (its recovery line never came) before its list was closed: a
  /// later message or a foreign line cut it, so the list may lack members UIKit listed.
  public internal(set) var endsBeforeListCloses = false

  /// Which framework printed a message.
  public enum Platform: String, Sendable, Hashable {
    case uikit
    case appkit

    /// The framework's name, as explanations say it: `UIKit` or `AppKit`.
    public var frameworkName: String { self == .appkit ? "AppKit" : "UIKit" }
  }

  /// How a message began.
  public enum Header: String, Sendable, Hashable {
    /// `Unable to simultaneously satisfy constraints.` (UIKit).
    case unableToSatisfyPeriod
    /// `Unable to simultaneously satisfy constraints:` (AppKit).
    case unableToSatisfyColon
    /// `Conflicting constraints detected: (` (AppKit, macOS 14+).
    case conflictingConstraintsDetected
    /// The header's first line is missing; the block starts at `Probably at least one…`.
    case explanationOnly
    /// No header: the block is a bare constraint list.
    case listOnly
    /// The block starts at "Will attempt to recover…": the list belongs to an earlier message.
    case recoveryOnly

    /// Whether the message's header phrase was printed (the block starts at it), not only its
    /// explanation, list or recovery line.
    public var isPrinted: Bool {
      switch self {
      case .unableToSatisfyPeriod, .unableToSatisfyColon, .conflictingConstraintsDetected: true
      case .explanationOnly, .listOnly, .recoveryOnly: false
      }
    }
  }

  /// The index in `constraints` of the broken constraint, matched by address (or by the whole
  /// description when addresses are absent); `nil` when it is not in the list.
  public var brokenConstraintIndex: Int? {
    guard let broken = brokenConstraint else { return nil }
    if let address = broken.constraint?.address ?? broken.address {
      if let index = constraints.firstIndex(where: {
        ($0.constraint?.address ?? $0.address) == address
      }) {
        return index
      }
    }
    return constraints.firstIndex { $0.description == broken.description }
  }

  /// The block with every description parsed: typed constraints, an issue for each description
  /// that cannot be read, and the platform decided by the items when the log did not say.
  /// Returns the block unchanged when it is already parsed.
  public func parsingDescriptions() -> ConflictBlock {
    guard !descriptionsParsed else { return self }
    let assembler = BlockAssembler()
    var block = self
    var parseIssues: [ParseIssue] = []
    block.constraints = constraints.map { assembler.parse($0, file: source.file, issues: &parseIssues) }
    block.brokenConstraint = brokenConstraint.map {
      assembler.parse($0, file: source.file, issues: &parseIssues)
    }
    if !parseIssues.isEmpty {
      block.issues = ParseIssue.inReadingOrder(issues + parseIssues)
    }
    if !platformIsLogged {
      block.platform = BlockAssembler.platform(
        of: block.constraints + (block.brokenConstraint.map { [$0] } ?? []))
    }
    block.descriptionsParsed = true
    block.platformIsLogged = true
    return block
  }

  /// The platform, when it is decided already: logged by the message, or worked out from parsed
  /// descriptions. `nil` while it waits for ``parsingDescriptions()``, which works it out from
  /// the descriptions' text alone.
  public var decidedPlatform: Platform? { descriptionsParsed || platformIsLogged ? platform : nil }

  /// Whether every constraint description in the block was parsed.
  public var isFullyParsed: Bool {
    constraints.allSatisfy(\.isParsed) && (brokenConstraint?.isParsed ?? true)
  }
}

/// Where a block came from: the input, the line, and what the log prefix said.
public struct BlockSource: Sendable, Hashable {
  /// The input's name (`-` for standard input).
  public var file: String
  /// The 1-based line of the message's first line.
  public var line: Int
  /// The timestamp from the log prefix or the JSON event.
  public var timestamp: LogTimestamp?
  /// The process name from the log prefix or the JSON event.
  public var process: String?
  /// The process id.
  public var pid: Int?
  /// The test that was running, as the test runner's markers in the same input say: XCTest's
  /// `Module.Class.method` (or Linux's `Class.method`), Swift Testing's name as printed; `nil`
  /// when no test, or more than one, was running.
  public var test: String?

  /// Creates a source.
  public init(
    file: String, line: Int, timestamp: LogTimestamp? = nil, process: String? = nil, pid: Int? = nil,
    test: String? = nil
  ) {
    self.file = file
    self.line = line
    self.timestamp = timestamp
    self.process = process
    self.pid = pid
    self.test = test
  }
}

/// One constraint description as logged, with its parsed value or the reason it has none.
public struct LoggedConstraint: Sendable, Hashable {
  /// The description as logged, without the surrounding quotes: `<NSLayoutConstraint:0x… …>`.
  public var description: String
  /// 1-based line of the description.
  public var line: Int
  /// 1-based column (in bytes) of its `<`.
  public var column: Int
  /// The typed constraint, when the description parsed.
  public var constraint: LayoutConstraint?
  /// Why it did not parse.
  public var issue: ParseIssue?

  /// Creates a logged constraint.
  public init(description: String, line: Int, column: Int, constraint: LayoutConstraint?, issue: ParseIssue?)
  {
    self.description = description
    self.line = line
    self.column = column
    self.constraint = constraint
    self.issue = issue
  }

  /// Whether the description parsed.
  public var isParsed: Bool { constraint != nil }

  /// The constraint's address, from the parsed value or, failing that, from the text.
  public var address: String? {
    if let address = constraint?.address { return address }
    guard let colon = description.firstIndex(of: ":") else { return nil }
    let rest = description[description.index(after: colon)...]
    let end = rest.firstIndex { $0 == " " || $0 == "@" || $0 == ">" } ?? rest.endIndex
    let candidate = rest[..<end]
    return candidate.hasPrefix("0x") ? String(candidate) : nil
  }
}
