/// Text with every hexadecimal address (`0x7f83b8171210`) shortened to `0x`, so that two
/// descriptions that differ only in where objects happened to live compare equal.
enum AddressFreeText {
  static func of(_ text: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.first {
      output.append(byte)
      bytes = bytes.dropFirst()
      if byte == UInt8(ascii: "0"), bytes.first == UInt8(ascii: "x") {
        output.append(UInt8(ascii: "x"))
        bytes = bytes.dropFirst()
        while let next = bytes.first, next.isHexDigit { bytes = bytes.dropFirst() }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (self >= 48 && self <= 57) || (self >= 97 && self <= 102) || (self >= 65 && self <= 70)
  }
}
