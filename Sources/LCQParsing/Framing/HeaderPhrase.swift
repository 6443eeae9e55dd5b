/// Where a conflict message starts: the header phrase UIKit and AppKit print (`Unable to
/// simultaneously satisfy constraints`, `Conflicting constraints detected`), as the scanner
/// recognises it.
public enum HeaderPhrase {
  /// The offset in `text` (UTF-8 bytes) of the first header phrase at or after `from`, if any.
  public static func start(in text: [UInt8], from: Int = 0) -> Int? {
    LineKind.headerPhrases.compactMap { text.firstRange(of: $0.0, from: from)?.lowerBound }.min()
  }

  /// Every header phrase of a text, in order, found in one pass per phrase: each phrase's next
  /// offset is kept and only the one that was taken is searched again, so walking a text of
  /// any number of headers costs time linear in its length (a text that holds one phrase
  /// thousands of times and another never is not searched to its end for the other each time).
  public struct Offsets: IteratorProtocol {
    private let text: [UInt8]
    /// The next offset of each phrase at or after the last one taken; `nil` once it has none.
    private var upcoming: [Int?]

    /// The header phrases of `text`.
    public init(in text: [UInt8]) {
      self.text = text
      upcoming = LineKind.headerPhrases.map { text.firstRange(of: $0.0, from: 0)?.lowerBound }
    }

    /// The offset of the next header phrase, if any.
    public mutating func next() -> Int? {
      guard let offset = upcoming.compactMap({ $0 }).min() else { return nil }
      // Every phrase found at that offset moves on past it.
      for phrase in upcoming.indices where upcoming[phrase] == offset {
        upcoming[phrase] = text.firstRange(of: LineKind.headerPhrases[phrase].0, from: offset + 1)?.lowerBound
      }
      return offset
    }
  }
}
