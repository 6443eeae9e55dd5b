/// A number exactly as a log printed it, with its nearest `Double`.
///
/// UIKit prints constants and multipliers with six significant digits (`41.6667`,
/// `2.22507e-308`), so the text is the fact and the `Double` only a convenience.
/// Later stages derive exact rationals from `text`.
public struct LoggedNumber: Sendable, Hashable, CustomStringConvertible {
  /// The digits as written, with a leading `-` for negative values and no `+`.
  public var text: String
  /// The nearest `Double` to `text`.
  public var value: Double

  /// Creates a number from its printed form; returns `nil` when `text` is not a decimal number.
  public init?(text: String) {
    var normalized = text
    if normalized.hasPrefix("+") { normalized.removeFirst() }
    guard Self.isDecimal(normalized), let value = Double(normalized) else { return nil }
    self.text = normalized
    self.value = value
  }

  /// Creates a whole number.
  public init(_ integer: Int) {
    text = String(integer)
    value = Double(integer)
  }

  /// The number with its sign flipped, keeping the printed digits.
  public var negated: LoggedNumber {
    var copy = self
    if copy.text.hasPrefix("-") {
      copy.text.removeFirst()
    } else if value != 0 || text != "0" {
      copy.text = "-" + copy.text
    }
    copy.value = -value
    return copy
  }

  /// Zero, as `0`.
  public static let zero = LoggedNumber(0)
  /// One, as `1`.
  public static let one = LoggedNumber(1)

  /// The value as lcq prints it.
  public var description: String { text }

  /// Whether `text` is `[-]digits[.digits][e[+-]digits]` (also `.5` and `5.`).
  static func isDecimal(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    var digits = 0
    while let byte = bytes.first, byte.isASCIIDigit {
      digits += 1
      bytes = bytes.dropFirst()
    }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      while let byte = bytes.first, byte.isASCIIDigit {
        digits += 1
        bytes = bytes.dropFirst()
      }
    }
    guard digits > 0 else { return false }
    if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      var exponentDigits = 0
      while let byte = bytes.first, byte.isASCIIDigit {
        exponentDigits += 1
        bytes = bytes.dropFirst()
      }
      guard exponentDigits > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
