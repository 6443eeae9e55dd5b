/// How lcq writes a count in words in its messages and text: `1 conflict`, `2 conflicts` (the
/// plural adds an s). The report groups thousands besides (``ReportNumbers``).
public enum Wording {
  /// `count` and `noun`, the noun in the plural unless the count is one.
  public static func counted(_ count: some BinaryInteger, _ noun: String) -> String {
    "\(count) " + (count == 1 ? noun : noun + "s")
  }
}
