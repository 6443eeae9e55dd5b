/// Messages earlier ingests saw only up to the end of their input, by first line: the cut-off
/// ones kept in `failed_blocks` (``FailedBlockText/cutOffReason``), or the ones whose list was
/// whole, counted, and kept in `open_messages`. A block that starts on the same line and whose
/// text extends the kept text is the same message, read further: a cut-off copy is deleted with
/// the block's commit, an open occurrence is completed by it. Both engines' ingest runs keep one
/// of each.
struct UnfinishedMessages {
  private var byLine: [Int: [(id: Int64, text: String)]] = [:]
  /// Messages replaced by blocks added since the last ``committed()``.
  private var replaced: [Int64] = []

  /// Starts from the stored messages: their row ids, first lines and texts as stored
  /// (``FailedBlockText/stored(_:)``).
  init(_ stored: [(id: Int64, line: Int, text: String)]) {
    for message in stored { byLine[message.line, default: []].append((message.id, message.text)) }
  }

  /// Notes the messages `record` replaces, and returns them.
  @discardableResult
  mutating func add(_ record: BlockRecord) -> [Int64] {
    guard !byLine.isEmpty, let candidates = byLine[record.sourceLine] else { return [] }
    let text = FailedBlockText.stored(record.rawText)
    let extended = candidates.filter { text.count > $0.text.count && text.hasPrefix($0.text) }.map(\.id)
    replaced += extended
    byLine[record.sourceLine] = candidates.filter { !extended.contains($0.id) }
    return extended
  }

  /// The replaced messages' row ids, to delete with the next commit.
  var pendingDeletions: [Int64] { replaced }

  /// Forgets the replaced messages once their deletion is committed (or handed to the
  /// writer that commits it).
  mutating func committed() { replaced.removeAll() }

  /// Takes back `ids`, whose deletion was not committed, to delete with the next commit.
  mutating func restore(_ ids: [Int64]) { replaced.insert(contentsOf: ids, at: 0) }
}
