/// Messages earlier ingests kept as cut off (``FailedBlockText/cutOffReason``), by first line,
/// and the ones a block of this run replaces: a block that starts on the same line and extends
/// the kept text is the whole message, and the cut-off copy is deleted with its commit. Both
/// engines' ingest runs keep one.
struct CutOffMessages {
  private var byLine: [Int: [(id: Int64, text: String)]] = [:]
  /// Cut-off messages replaced by blocks added since the last ``takeReplaced()``.
  private var replaced: [Int64] = []

  /// Starts from the stored cut-off messages: their row ids, first lines and texts.
  init(_ stored: [(id: Int64, line: Int, text: String)]) {
    for message in stored { byLine[message.line, default: []].append((message.id, message.text)) }
  }

  /// Notes the cut-off messages `record` replaces.
  mutating func add(_ record: BlockRecord) {
    guard !byLine.isEmpty, let candidates = byLine[record.sourceLine] else { return }
    let text = FailedBlockText.stored(record.rawText)
    for candidate in candidates where text.count > candidate.text.count && text.hasPrefix(candidate.text) {
      replaced.append(candidate.id)
    }
    byLine[record.sourceLine] = candidates.filter { !replaced.contains($0.id) }
  }

  /// The replaced messages' row ids, to delete with the next commit.
  var pendingDeletions: [Int64] { replaced }

  /// Forgets the replaced messages once their deletion is committed (or handed to the
  /// writer that commits it).
  mutating func committed() { replaced.removeAll() }

  /// Takes back `ids`, whose deletion was not committed, to delete with the next commit.
  mutating func restore(_ ids: [Int64]) { replaced.insert(contentsOf: ids, at: 0) }
}
