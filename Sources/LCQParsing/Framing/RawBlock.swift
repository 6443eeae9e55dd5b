/// A framed message before its descriptions are parsed: the framer's output.
struct RawBlock {
  /// One constraint description found in the text.
  struct Description {
    var text: String
    var line: Int
    var column: Int
  }

  var file: String
  var firstLine: Int
  var lastLine: Int
  var prefix: LogPrefix
  /// The one test running when the message started.
  var test: String?
  var header: ConflictBlock.Header
  var platformHint: ConflictBlock.Platform?
  var descriptions: [Description] = []
  var broken: Description?
  var isRedacted = false
  var listOpened = false
  var listClosed = false
  var recoverySeen = false
  var hasQuotedItems = false
  var issues: [ParseIssue] = []
  /// The message's lines as they appeared, each after the first preceded by a line feed.
  var rawBytes: [UInt8] = []
  var rawTruncated = false
  /// Whether a line has been kept (the first may be empty).
  var rawKept = false
  var skippedDescriptions = 0
  /// The bytes of the descriptions kept so far.
  var descriptionBytes = 0
  var interleavedLineCount = 0
  /// The input ended inside this message's list (see ``ConflictBlock/endsCutOff``).
  var endsCutOff = false
  /// The input ended while this message, its list whole, was open (see ``ConflictBlock/endsInput``).
  var endsInput = false

  init(file: String, line: Int, prefix: LogPrefix, header: ConflictBlock.Header) {
    self.file = file
    self.firstLine = line
    self.lastLine = line
    self.prefix = prefix
    self.header = header
  }

  /// Most descriptions kept for one block; the rest are counted and reported.
  static let maxDescriptions = 20_000
  /// Most raw text kept for one block, and most description text read from it: past this
  /// the descriptions are skipped too, so that one message's work and memory stay bounded.
  static let maxRawBytes = 8 << 20
  /// Room kept for the raw text when a block opens: most messages fit, so the text is not
  /// copied again and again as its lines arrive.
  static let typicalRawBytes = 4096

  mutating func keepRaw(_ line: ArraySlice<UInt8>, number: Int) {
    lastLine = number
    guard !rawTruncated else { return }
    if rawBytes.count + (rawKept ? 1 : 0) + line.count > Self.maxRawBytes {
      rawTruncated = true
      issues.append(
        ParseIssue(file: file, line: number, column: 1, reason: "block text over 8 MiB; the rest is not kept")
      )
      return
    }
    if rawKept {
      rawBytes.append(10)
    } else {
      rawBytes.reserveCapacity(Self.typicalRawBytes)
    }
    rawKept = true
    rawBytes.append(contentsOf: line)
  }

  mutating func add(_ description: Description) {
    let overCount = descriptions.count >= Self.maxDescriptions
    if overCount || descriptionBytes + description.text.utf8.count > Self.maxRawBytes {
      if skippedDescriptions == 0 {
        let reason =
          overCount
          ? "more than \(Self.maxDescriptions) constraints in one block; the rest are skipped"
          : "constraints past 8 MiB of text in one block; the rest are skipped"
        issues.append(
          ParseIssue(file: file, line: description.line, column: description.column, reason: reason))
      }
      skippedDescriptions += 1
      return
    }
    descriptionBytes += description.text.utf8.count
    descriptions.append(description)
  }

  mutating func addIssue(line: Int, column: Int, _ reason: String) {
    issues.append(ParseIssue(file: file, line: line, column: column, reason: reason))
  }
}
