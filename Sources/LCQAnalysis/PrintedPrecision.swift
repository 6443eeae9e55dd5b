import LCQSolver

/// What a printed number may stand for.
///
/// UIKit prints constants and multipliers with six significant digits (`%g`), so `41.6667`
/// stands for any value in [41.66665, 41.66675]: the half-width is half a unit of the sixth
/// significant digit, or of the last printed digit when more digits were printed.
enum PrintedPrecision {
  /// Half the width of the interval of values that print as `text`; zero for `0`.
  static func halfWidth(of text: String) -> Rational {
    var bytes = Array(text.utf8)[...]
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
      exponent = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) ?? 0
    }
    guard let firstNonZero else { return .zero }
    // The power of ten of the digit at index i is digitsBeforePoint - 1 - i + exponent.
    let leading = digitsBeforePoint - 1 - firstNonZero + exponent
    let last = digitsBeforePoint - digitCount + exponent
    return powerOfTen(min(leading - 5, last)) * Rational(1, 2)
  }

  /// 10^exponent, exactly.
  static func powerOfTen(_ exponent: Int) -> Rational {
    guard abs(exponent) <= 18 else { return Rational(decimal: "1e\(exponent)")! }
    var power: Int64 = 1
    for _ in 0..<abs(exponent) { power *= 10 }
    return exponent < 0 ? Rational(1, power) : Rational(power, 1)
  }
}
