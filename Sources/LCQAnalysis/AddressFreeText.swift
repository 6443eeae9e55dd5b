/// Text with every hexadecimal address (`0x7f83b8171210`) shortened to `0x`, so that two
/// descriptions that differ only in where objects happened to live compare equal.
enum AddressFreeText {
  static func of(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { output in
        var written = 0
        var position = 0
        while position < bytes.count {
          let byte = bytes[position]
          output[written] = byte
          written += 1
          position += 1
          if byte == UInt8(ascii: "0"), position < bytes.count, bytes[position] == UInt8(ascii: "x") {
            output[written] = UInt8(ascii: "x")
            written += 1
            position += 1
            while position < bytes.count, bytes[position].isHexDigit { position += 1 }
          }
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
