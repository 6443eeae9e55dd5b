/// Where a conflict message starts on a line: the header phrase UIKit and AppKit print
/// (`Unable to simultaneously satisfy constraints`, `Conflicting constraints detected`), as
/// the scanner recognises it.
public enum HeaderPhrase {
  /// The offset in `line` (UTF-8 bytes) where its header phrase starts, if it holds one.
  public static func start(in line: [UInt8]) -> Int? {
    LineKind.headerPhrases.compactMap { line.firstRange(of: $0.0, from: 0)?.lowerBound }.min()
  }
}
