/// Where a conflict's code lives and who owns it, as one run's source tree and CODEOWNERS file
/// said (`lcq ingest --source-root`).
public struct CodeOwnership: Sendable, Hashable {
  /// Paths relative to the source root: the files SnapKit named, then those declaring the
  /// conflict's classes, each once.
  public var sourceFiles: [String]
  /// The owners of those files from CODEOWNERS, each once, in the order of the files.
  public var owners: [String]
  /// The 1-based line in the first of `sourceFiles` where the conflict's code is: the line
  /// SnapKit printed, or the line declaring the class; `nil` when neither is known.
  public var firstLine: Int?

  /// Creates an ownership.
  public init(sourceFiles: [String], owners: [String], firstLine: Int? = nil) {
    self.sourceFiles = sourceFiles
    self.owners = owners
    self.firstLine = firstLine
  }
}
