/// Something in a log that lcq could not read, and where.
///
/// Parse issues are values, not errors: the block that holds one keeps everything else.
/// `description` reads like a compiler diagnostic: `device.log:812:41: cannot read constraint: …`.
public struct ParseIssue: Sendable, Hashable, CustomStringConvertible {
  /// The input's name as given on the command line (`-` for standard input).
  public var file: String
  /// 1-based line in the input.
  public var line: Int
  /// 1-based column (in bytes) on that line.
  public var column: Int
  /// What is wrong, in a few words.
  public var reason: String

  /// Creates an issue at `file:line:column`.
  public init(file: String, line: Int, column: Int, reason: String) {
    self.file = file
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// The value as lcq prints it.
  public var description: String { "\(file):\(line):\(column): \(reason)" }

  /// `issues` by line, then column, then reason: one order whatever order they were found in
  /// (a block parsed at once and one parsed later list theirs alike).
  static func inReadingOrder(_ issues: [ParseIssue]) -> [ParseIssue] {
    issues.sorted { ($0.line, $0.column, $0.reason) < ($1.line, $1.column, $1.reason) }
  }
}
