/// One conflict AppKit prints twice: macOS 14 logs `Conflicting constraints detected: (…).` and
/// its recovery line, then at once `Unable to simultaneously satisfy constraints:` with the same
/// constraints at the same addresses. The two are one event, counted once: the first message,
/// with the second's text after its own.
enum RepeatedMessage {
  /// At most this many lines between the end of the first message and the start of the
  /// second (a blank line, AppKit's advice to set a user default).
  static let maxGap = 4

  /// The one block `first` and `second` make when `second` repeats `first`; `nil` when it does
  /// not.
  ///
  /// `second` repeats `first` when `first` is macOS 14's `Conflicting constraints detected`,
  /// `second` is AppKit's `Unable to simultaneously satisfy constraints:` from the same input
  /// and process, starting within ``maxGap`` lines of `first`'s end, and its list is `first`'s,
  /// description for description, or the start of it (a print cut short may end inside its
  /// last description).
  static func merged(_ first: ConflictBlock, _ second: ConflictBlock) -> ConflictBlock? {
    guard first.header == .conflictingConstraintsDetected, second.header == .unableToSatisfyColon,
      second.source.file == first.source.file, second.source.process == first.source.process,
      second.source.pid == first.source.pid, second.source.line > first.lastLine,
      second.source.line - first.lastLine <= maxGap + 1, !second.constraints.isEmpty,
      second.constraints.count <= first.constraints.count
    else { return nil }
    for (index, repeated) in second.constraints.enumerated() {
      let original = first.constraints[index].description
      // A second print cut short (the input ends, or the next message starts, inside its list)
      // may end inside the description it was printing.
      let isCutShort = second.constraints.count < first.constraints.count || second.endsCutOff
      let isLast = index == second.constraints.count - 1
      guard
        repeated.description == original || (isCutShort && isLast && original.hasPrefix(repeated.description))
      else { return nil }
    }
    var block = first
    block.rawText += "\n" + second.rawText
    block.lastLine = second.lastLine
    block.interleavedLineCount += second.interleavedLineCount
    block.brokenConstraint = first.brokenConstraint ?? second.brokenConstraint
    block.endsInput = second.endsInput
    block.issues = ParseIssue.inReadingOrder(
      first.issues + [
        ParseIssue(
          file: first.source.file, line: second.source.line, column: 1,
          reason:
            "AppKit printed this conflict again ('Unable to simultaneously satisfy constraints:', as macOS 14 "
            + "does after 'Conflicting constraints detected'): one event, counted once")
      ])
    return block
  }
}
