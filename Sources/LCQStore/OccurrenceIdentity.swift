import LCQAnalysis

/// What makes two blocks the same event, so that ingesting a log twice does not count it twice.
///
/// The identity is a SHA-256 of:
/// - the block's raw text (which holds its log prefix: timestamp, process and pid, when the log
///   prints them);
/// - for blocks without a timestamp, the run key (`--run-id`), when given: the same text from
///   two CI jobs is then two events;
/// - the block's repeat number: how many blocks with the same text (and run key) came before it
///   in this ingest, so that a log repeating one message keeps every repeat.
///
/// The file name is not part of it: the same log read from a file or from standard input is the
/// same log.
public struct OccurrenceIdentity: Sendable {
  private var repeats: [String: Int] = [:]
  /// Distinct texts remembered for repeat numbers; past it, the count starts over (at the same
  /// place each time the same input is read, so identities stay stable).
  static let memory = 500_000

  /// Creates the numbering for one run.
  public init() {}

  /// The identity of the next block, from its ``contentHash(rawText:hasTimestamp:runKey:)``.
  public mutating func next(contentHash: String) -> String {
    if repeats.count >= Self.memory, repeats[contentHash] == nil { repeats.removeAll() }
    let number = repeats[contentHash, default: 0]
    repeats[contentHash] = number + 1
    return number == 0 ? contentHash : SHA256.hex(contentHash + "#\(number)")
  }

  /// The hash of a block's text and scope: its identity when it is the first of its kind in
  /// the run. A pure function, so it can be worked out on any thread.
  public static func contentHash(rawText: String, hasTimestamp: Bool, runKey: String?) -> String {
    let scope = hasTimestamp ? "log-time" : "run:" + (runKey ?? "")
    return SHA256.hex(joining: [scope, "\u{1F}", rawText])
  }
}
