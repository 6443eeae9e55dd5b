/// Text with every hexadecimal address (`0x7f83b8171210`) shortened to `0x`, so that two
/// descriptions that differ only in where objects happened to live compare equal.
enum AddressFreeText {
  static func of(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      guard let input = bytes.baseAddress else { return "" }
      let count = bytes.count
      return String(unsafeUninitializedCapacity: count) { output in
        guard let start = output.baseAddress else { return 0 }
        var written = 0
        var position = 0
        while position < count {
          // Copy up to and including the next "0x" (or to the end) in one run.
          var end = position
          while end < count {
            while end < count, input[end] != UInt8(ascii: "0") { end += 1 }
            if end + 1 >= count || input[end + 1] == UInt8(ascii: "x") { break }
            end += 1
          }
          let run = min(end + 2, count) - position
          (start + written).update(from: input + position, count: run)
          written += run
          position += run
          while position < count, input[position].isHexDigit { position += 1 }
        }
        return written
      }
    }
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (self >= 48 && self <= 57) || (self >= 97 && self <= 102) || (self >= 65 && self <= 70)
  }
}
