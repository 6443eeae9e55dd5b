/// How `failed_blocks.raw_text` holds a block: as read, except that NUL bytes (where SQLite's C
/// text would end) are written as U+2400 SYMBOL FOR NULL.
enum FailedBlockText {
  /// The text to store.
  static func stored(_ raw: String) -> String {
    raw.utf8.contains(0) ? raw.replacingOccurrences(of: "\u{0}", with: "\u{2400}") : raw
  }
}
