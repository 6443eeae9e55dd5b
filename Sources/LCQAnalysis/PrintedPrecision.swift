import LCQSolver

/// What a printed number may stand for.
///
/// UIKit prints constants and multipliers with six significant digits (`%g`), so `41.6667`
/// stands for any value in [41.66665, 41.66675]: the half-width is half a unit of the sixth
/// significant digit, or of the last printed digit when more digits were printed.
enum PrintedPrecision {
  /// Half the width of the interval of values that print as `text`; zero for `0`.
  static func halfWidth(of text: String) -> Rational {
    var digitsBeforePoint = 0
    var fractionDigits = 0
    var firstSignificant: Int?  // position of the first non-zero digit, counted like an exponent
    var seenPoint = false
    var exponent = 0
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    var positions: [Int] = []  // for each digit, the power of ten it stands for (before exponent)
    var digitValues: [UInt8] = []
    while let byte = bytes.first {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if seenPoint { fractionDigits += 1 } else { digitsBeforePoint += 1 }
        digitValues.append(byte - UInt8(ascii: "0"))
      } else {
        break
      }
      bytes = bytes.dropFirst()
    }
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      exponent = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) ?? 0
    }
    for index in digitValues.indices {
      positions.append(digitsBeforePoint - 1 - index + exponent)
    }
    for (value, position) in zip(digitValues, positions) where value != 0 {
      firstSignificant = position
      break
    }
    guard let leading = firstSignificant, let last = positions.last else { return .zero }
    let place = min(leading - 5, last)
    return powerOfTen(place) * Rational(1, 2)
  }

  /// 10^exponent, exactly.
  static func powerOfTen(_ exponent: Int) -> Rational {
    Rational(decimal: "1e\(exponent)")!
  }
}
