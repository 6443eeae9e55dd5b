/// An old print style of a description: `<NSLayoutConstraint: 0x8a5b3c0> H:[UIView:0x8a5a8f0]-(0)-|
/// ((null), (null))`, with a blank after the class's colon, `>` straight after the address, the
/// body after it, and a tail of parenthesised `(null)`s (percent-escaped as `%28null%29` by some
/// pastes) or a `names:` list.
///
/// ``rewritten(_:)`` turns it into the usual form (`<NSLayoutConstraint:0x8a5b3c0 H:[…]-(0)-|>`)
/// so that the ordinary grammar reads it.
enum OldPrintStyle {
  /// The description in the usual form and the column its body started at, or `nil` when it is
  /// not in the old style.
  static func rewritten(_ bytes: [UInt8]) -> (bytes: [UInt8], bodyColumn: Int)? {
    guard let open = bytes.firstIndex(where: { !$0.isBlank }), bytes[open] == UInt8(ascii: "<"),
      let colon = bytes[open...].firstIndex(of: UInt8(ascii: ":")),
      bytes[(open + 1)..<colon].allSatisfy(\.isClassNameByte), colon > open + 1,
      colon + 1 < bytes.count, bytes[colon + 1].isBlank
    else { return nil }
    var addressStart = colon + 1
    while addressStart < bytes.count, bytes[addressStart].isBlank { addressStart += 1 }
    guard let close = bytes[addressStart...].firstIndex(of: UInt8(ascii: ">")), close > addressStart,
      bytes[addressStart..<close].allSatisfy({ !$0.isBlank })
    else { return nil }
    var bodyStart = close + 1
    while bodyStart < bytes.count, bytes[bodyStart].isBlank { bodyStart += 1 }
    guard bodyStart < bytes.count else { return nil }
    var bodyEnd = bytes.lastIndex(where: { !$0.isBlank }).map { $0 + 1 } ?? bytes.count
    if let tail = nullTailStart(bytes, bodyStart, bodyEnd) {
      bodyEnd = tail
      while bodyEnd > bodyStart, bytes[bodyEnd - 1].isBlank { bodyEnd -= 1 }
    }
    guard bodyEnd > bodyStart else { return nil }
    let rewritten =
      Array(bytes[open...colon]) + Array(bytes[addressStart..<close]) + [UInt8(ascii: " ")]
      + Array(bytes[bodyStart..<bodyEnd]) + [UInt8(ascii: ">")]
    return (rewritten, bodyStart + 1)
  }

  private static let null = Array("(null)".utf8)
  private static let escapedNull = Array("%28null%29".utf8)

  /// Where a final `((null), (null))` or `(%28null%29, %28null%29)` group starts, if the text
  /// ends with one.
  private static func nullTailStart(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
    guard end > start, bytes[end - 1] == UInt8(ascii: ")") else { return nil }
    var depth = 0
    var index = end - 1
    while index >= start {
      if bytes[index] == UInt8(ascii: ")") { depth += 1 }
      if bytes[index] == UInt8(ascii: "(") {
        depth -= 1
        if depth == 0 { break }
      }
      index -= 1
    }
    guard index >= start else { return nil }
    var inner = index + 1
    let innerEnd = end - 1
    var sawNull = false
    while inner < innerEnd {
      if bytes[inner].isBlank || bytes[inner] == UInt8(ascii: ",") {
        inner += 1
      } else if bytes.matches(null, at: inner) {
        inner += null.count
        sawNull = true
      } else if bytes.matches(escapedNull, at: inner) {
        inner += escapedNull.count
        sawNull = true
      } else {
        return nil
      }
    }
    return sawNull ? index : nil
  }
}
