import BigInt

extension Rational {
  /// The most digits a decimal literal may have for ``init(decimal:)`` to read it.
  ///
  /// A `CGFloat` printed by `%g` has 6 significant digits and by `%.17g` at most 17, plus any
  /// leading zeros; 40 leaves room for both and keeps the arithmetic on it small.
  public static let maximumDecimalDigits = 40
  /// The largest exponent, in magnitude, of a decimal literal ``init(decimal:)`` reads.
  ///
  /// A `Double` spans about 1e-324 to 1e308, so no number a log printed from one needs more.
  public static let maximumDecimalExponent = 400

  /// Whether `text` is within ``maximumDecimalDigits`` and ``maximumDecimalExponent``: read
  /// in one pass over the bytes, whatever their count. Text that is not a decimal literal at
  /// all is within the limits (``init(decimal:)`` rejects it for its form).
  public static func isWithinDecimalLimits(_ text: String) -> Bool {
    var text = text  // no copy: `withUTF8` needs a variable
    return text.withUTF8(isWithinDecimalLimits(bytes:))
  }

  /// ``isWithinDecimalLimits(_:)`` on UTF-8 bytes (one concrete function: a generic one was
  /// not specialised across modules and walked the text through protocol witnesses).
  static func isWithinDecimalLimits(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var digits = 0
    var exponent = 0  // its magnitude; leading zeros add nothing
    var inExponent = false
    for byte in bytes {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        inExponent = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if inExponent {
          exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
          if exponent > maximumDecimalExponent { return false }
        } else {
          digits += 1
          if digits > maximumDecimalDigits { return false }
        }
      }
    }
    return true
  }

  /// The exact value of a decimal literal: `[-+]digits[.digits][e[-+]digits]` (also `.5`, `5.`).
  ///
  /// Returns `nil` for anything else, and for a literal beyond ``maximumDecimalDigits`` or
  /// ``maximumDecimalExponent`` (see ``isWithinDecimalLimits(_:)``): reading stays linear in
  /// the text and the value small enough to compute with. `2.22507e-308` is the fraction
  /// 222507/10^313, exactly.
  public init?(decimal text: String) {
    var text = text  // no copy: `withUTF8` needs a variable
    let value = text.withUTF8 { bytes in
      Self.isWithinDecimalLimits(bytes: bytes) ? Self.decimal(bytes[...]) : nil
    }
    guard let value else { return nil }
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
      guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
      // The limits checked above keep the exponent to three significant digits.
      for byte in bytes { exponent = exponent * 10 + Int(byte - 48) }
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
