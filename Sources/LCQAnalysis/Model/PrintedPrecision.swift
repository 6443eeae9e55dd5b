import LCQSolver

/// What a printed number may stand for.
///
/// UIKit prints constants and multipliers with six significant digits (`%g`), so `41.6667`
/// stands for any value in [41.66665, 41.66675]: the half-width is half a unit of the sixth
/// significant digit, or of the last printed digit when more digits were printed.
enum PrintedPrecision {
  /// Half the width of the interval of values that print as `text`; zero for `0`.
  ///
  /// `text` is a number within ``Rational/isWithinDecimalLimits(_:)`` (the model builder leaves
  /// out constraints with others). For anything longer the exponent is clamped, so the work
  /// stays bounded whatever the text holds.
  static func halfWidth(of text: String) -> Rational {
    var text = text  // no copy: `withUTF8` needs a variable
    return text.withUTF8 { halfWidth(of: $0[...]) }
  }

  /// ``halfWidth(of:)`` on the text's UTF-8 bytes.
  private static func halfWidth(of text: Slice<UnsafeBufferPointer<UInt8>>) -> Rational {
    var bytes = text
    while let byte = bytes.first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    var digitsBeforePoint = 0
    var digitCount = 0
    var firstNonZero: Int?  // index among the digits
    var seenPoint = false
    while let byte = bytes.first {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if !seenPoint { digitsBeforePoint += 1 }
        if byte != UInt8(ascii: "0"), firstNonZero == nil { firstNonZero = digitCount }
        digitCount += 1
      } else {
        break
      }
      bytes = bytes.dropFirst()
    }
    var exponent = 0
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      exponent = clampedExponent(bytes.dropFirst())
    }
    guard let firstNonZero else { return .zero }
    // The power of ten of the digit at index i is digitsBeforePoint - 1 - i + exponent.
    let leading = digitsBeforePoint - 1 - firstNonZero + exponent
    let last = digitsBeforePoint - digitCount + exponent
    return powerOfTen(clamp(min(leading - 5, last))) * Rational(1, 2)
  }

  /// The furthest power of ten worked out: beyond the decimal limits, with room for digits.
  static let exponentBound = Rational.maximumDecimalExponent + 2 * Rational.maximumDecimalDigits

  /// A signed exponent read from `[-+]digits`, clamped to ±``exponentBound`` (0 when unreadable).
  private static func clampedExponent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
    var bytes = bytes
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return 0 }
      value = min(value * 10 + Int(byte - UInt8(ascii: "0")), exponentBound)
    }
    return negative ? -value : value
  }

  private static func clamp(_ exponent: Int) -> Int {
    min(max(exponent, -exponentBound), exponentBound)
  }

  /// 10^exponent, exactly.
  static func powerOfTen(_ exponent: Int) -> Rational {
    guard exponent.magnitude > 18 else {  // the common case: one 64-bit fraction
      var power: Int64 = 1
      for _ in 0..<exponent.magnitude { power *= 10 }
      return exponent < 0 ? Rational(1, power) : Rational(power, 1)
    }
    var remaining = Int(exponent.magnitude)
    var power = Rational.one
    while remaining > 0 {  // at most ``exponentBound`` / 18 steps
      let step = min(remaining, 18)
      var factor: Int64 = 1
      for _ in 0..<step { factor *= 10 }
      power = power * Rational(factor, 1)
      remaining -= step
    }
    return exponent < 0 ? Rational.one / power : power
  }
}
