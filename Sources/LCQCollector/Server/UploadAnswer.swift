#if Collector
  import Foundation

  /// What `POST /v1/ingest` answers: the counts of `lcq ingest`'s summary, and what the scanner
  /// said of the text.
  struct UploadAnswer: Encodable {
    /// Conflict messages read.
    let messages: Int
    /// Occurrences stored for the first time.
    let stored: Int
    /// Messages already stored.
    let duplicates: Int
    /// Messages kept unanalysed (no readable list, cut off).
    let unparsed: Int
    /// What the scanner said, `request N:line:column: …`.
    let notes: [String]

    init(_ totals: ReceivedTotals) {
      messages = totals.blocks
      stored = totals.stored
      duplicates = totals.duplicates
      unparsed = totals.unparsed
      notes = totals.notes
    }

    /// The answer as one line of JSON, its keys sorted.
    var json: String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
  }
#endif
