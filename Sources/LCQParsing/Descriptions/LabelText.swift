/// Decodes label and identifier text as printed inside a description.
///
/// `NSArray` descriptions escape non-ASCII characters as `\Uxxxx` (UTF-16 code units), while
/// the "Will attempt to recover" line prints the characters themselves; decoding makes the two
/// agree.
enum LabelText {
  /// The UTF-8 text of `bytes` with `\Uxxxx` escapes (and surrogate pairs) decoded.
  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
    var result = ""
    var pendingUnits: [UInt16] = []
    var plainStart = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if let unit = escapedUnit(in: bytes, at: index) {
        result += String(decoding: bytes[plainStart..<index], as: UTF8.self)
        pendingUnits.append(unit)
        index += 6
        plainStart = index
        continue
      }
      if !pendingUnits.isEmpty {
        result += String(decoding: pendingUnits, as: UTF16.self)
        pendingUnits.removeAll()
      }
      index += 1
    }
    result += String(decoding: pendingUnits, as: UTF16.self)
    result += String(decoding: bytes[plainStart..<bytes.endIndex], as: UTF8.self)
    return result
  }

  /// The code unit of a `\Uxxxx` escape starting at `index`, if there is one.
  private static func escapedUnit(in bytes: ArraySlice<UInt8>, at index: Int) -> UInt16? {
    guard index + 6 <= bytes.endIndex, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u"),
      bytes[(index + 2)..<(index + 6)].allSatisfy(\.isHexDigit)
    else { return nil }
    return UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
  }
}
