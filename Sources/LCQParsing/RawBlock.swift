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
  var rawLines: [String] = []
  var rawByteCount = 0
  var rawTruncated = false
  var skippedDescriptions = 0
  var interleavedLineCount = 0

  init(file: String, line: Int, prefix: LogPrefix, header: ConflictBlock.Header) {
    self.file = file
    self.firstLine = line
    self.lastLine = line
    self.prefix = prefix
    self.header = header
  }

  /// Most descriptions kept for one block; the rest are counted and reported.
  static let maxDescriptions = 20_000
  /// Most raw text kept for one block.
  static let maxRawBytes = 8 << 20

  mutating func keepRaw(_ line: ArraySlice<UInt8>, number: Int) {
    lastLine = number
    guard !rawTruncated else { return }
    if rawByteCount + line.count > Self.maxRawBytes {
      rawTruncated = true
      issues.append(
        ParseIssue(file: file, line: number, column: 1, reason: "block text over 8 MiB; the rest is not kept")
      )
      return
    }
    rawByteCount += line.count + 1
    rawLines.append(String(decoding: line, as: UTF8.self))
  }

  mutating func add(_ description: Description) {
    if descriptions.count >= Self.maxDescriptions {
      if skippedDescriptions == 0 {
        issues.append(
          ParseIssue(
            file: file, line: description.line, column: description.column,
            reason: "more than \(Self.maxDescriptions) constraints in one block; the rest are skipped"))
      }
      skippedDescriptions += 1
      return
    }
    descriptions.append(description)
  }

  mutating func addIssue(line: Int, column: Int, _ reason: String) {
    issues.append(ParseIssue(file: file, line: line, column: column, reason: reason))
  }
}
