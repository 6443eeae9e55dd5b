/// How `failed_blocks.raw_text` holds a block: as read, except that NUL bytes (where SQLite's C
/// text would end) are written as U+2400 SYMBOL FOR NULL.
public enum FailedBlockText {
  /// The issue of a message the input ended inside (`ConflictBlock.endsCutOff`): kept in
  /// `failed_blocks`, unanalysed and uncounted, until an ingest reads it whole.
  public static let cutOffReason =
    "the input ends inside this message (cut off, or still being written); kept unanalysed until an ingest reads it whole"

  /// The text to store.
  static func stored(_ raw: String) -> String {
    raw.utf8.contains(0) ? raw.replacingOccurrences(of: "\u{0}", with: "\u{2400}") : raw
  }
}
