import BigInt

extension Rational {
  /// The exact value of a decimal literal: `[-+]digits[.digits][e[-+]digits]` (also `.5`, `5.`).
  ///
  /// Returns `nil` for anything else. `2.22507e-308` is the fraction 222507/10^313, exactly.
  public init?(decimal text: some StringProtocol) {
    var text = String(text)  // no copy for a String; small numbers are stored inline
    guard let value = text.withUTF8({ Self.decimal($0[...]) }) else { return nil }
    self = value
  }

  /// Reads a decimal literal (see ``init(decimal:)``) from its UTF-8 bytes.
  private static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Rational? {
    var bytes = bytes
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    var digits = BigInt()
    var smallDigits: Int64 = 0
    var digitCount = 0
    var fractionDigits = 0
    var seenPoint = false
    while let byte = bytes.first {
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if digitCount < 18 {
          smallDigits = smallDigits * 10 + Int64(byte - UInt8(ascii: "0"))
        } else {
          if digitCount == 18 { digits = BigInt(smallDigits) }
          digits = digits * 10 + BigInt(Int(byte - UInt8(ascii: "0")))
        }
        digitCount += 1
        if seenPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else {
        break
      }
      bytes = bytes.dropFirst()
    }
    guard digitCount > 0 else { return nil }
    var exponent = 0
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      var exponentNegative = false
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        exponentNegative = sign == UInt8(ascii: "-")
        bytes = bytes.dropFirst()
      }
      guard !bytes.isEmpty, bytes.count <= 6, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
        return nil
      }
      exponent = Int(String(decoding: bytes, as: UTF8.self))!
      if exponentNegative { exponent = -exponent }
      bytes = bytes[bytes.endIndex...]
    }
    guard bytes.isEmpty else { return nil }
    exponent -= fractionDigits
    if digitCount <= 18, exponent <= 0, exponent >= -18 {
      var scale: Int64 = 1
      for _ in 0 ..< -exponent { scale *= 10 }
      return Rational(negative ? -smallDigits : smallDigits, scale)
    }
    if digitCount <= 18 { digits = BigInt(smallDigits) }
    if negative { digits.negate() }
    if exponent >= 0 {
      return Rational(numerator: digits * BigInt(10).power(exponent), denominator: 1)
    }
    return Rational(numerator: digits, denominator: BigInt(10).power(-exponent))
  }
}
