/// Where a conflict message starts: the header phrase UIKit and AppKit print (`Unable to
/// simultaneously satisfy constraints`, `Conflicting constraints detected`), as the scanner
/// recognises it.
public enum HeaderPhrase {
  /// The offset in `text` (UTF-8 bytes) of the first header phrase at or after `from`, if any.
  public static func start(in text: [UInt8], from: Int = 0) -> Int? {
    LineKind.headerPhrases.compactMap { text.firstRange(of: $0.0, from: from)?.lowerBound }.min()
  }
}
