/// Which bytes of JSON text are inside a string: the one rule lcq's hand-written JSON readers
/// share (a quote opens and closes a string; inside one, a backslash escapes the next byte), so
/// that a brace or bracket in a string is never taken for structure.
public struct JSONStringTracker: Sendable {
  private var inString = false
  private var escaped = false

  /// A tracker at the start of a text, outside any string.
  public init() {}

  /// Reads `byte`; whether it is structure: outside every string, and not a string's quote.
  public mutating func isStructure(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return false
    }
    if byte == UInt8(ascii: "\"") {
      inString = true
      return false
    }
    return true
  }
}
