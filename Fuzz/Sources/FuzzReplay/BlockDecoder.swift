/// Turns fuzzer bytes into the text of one UIKit conflict message.
///
/// Each 8-byte record is one constraint:
/// `[first item lo, first item hi, first attribute, relation and shape, second item,
///   second attribute, multiplier, constant]`. The last record is also the broken constraint.
/// Bytes left over after the last record make the message AppKit's when the last of them is odd:
/// AppKit's header and views, and records whose name bit is set become two-item autoresizing
/// constraints (`NSView.minY == NSView.midY + c`), which AppKit reads with a superview flipped
/// and not.
enum BlockDecoder {
  static let classes = [
    "UIView", "UILabel", "UIImageView", "UIStackView", "UITableViewCellContentView", "UIButton",
    "_UIButtonBarStackView", "UIScrollView",
  ]
  static let attributes = [
    "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
    "lastBaseline", "firstBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
    "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
  ]
  static let numbers = [
    "0", "1", "-1", "8", "16", "0.5", "2", "-20", "41.6667", "0.384615", "1e308", "-1e308",
    "2.22507e-308", "4.94066e-324", "1e-300", "123456789012345678", "1000", "999.5", "-0",
    "0.333333", "3.40282e+38", "1.79769e+308", "44", "320", "nan", "inf", "1e+20", "0.1",
    // Beyond and at the exact limits (Rational.maximumDecimalDigits, maximumDecimalExponent).
    "1e-1000000", "1e999999", "1e401", "1e400", "-1e-400", "1111111111222222222233333333334444444444",
    "11111111112222222222333333333344444444445", "10e9223372036854775807",
  ]
  static let labels = ["", "'Title'", "'<script>alert(1)</script>'", "'a\\'b\"c&d'", "'\u{202E}rtl'"]
  static let appKitClasses = [
    "NSView", "NSTextField", "NSButton", "NSStackView", "NSScrollView", "NSImageView", "NSClipView",
    "_NSSplitViewItemViewWrapper",
  ]
  static let frameAttributes = ["minX", "midX", "maxX", "minY", "midY", "maxY", "width", "height"]

  /// The message for `bytes`; with `reversed`, its constraints listed in the opposite order
  /// (the broken constraint stays the same).
  static func text(_ bytes: UnsafeRawBufferPointer, reversed: Bool = false) -> String {
    let appKit = bytes.count % 8 != 0 && bytes[bytes.count - 1] & 1 == 1
    var lines: [String] = []
    var index = 0
    while index + 8 <= bytes.count {
      lines.append(constraint(bytes, at: index, number: lines.count, appKit: appKit))
      index += 8
    }
    let broken = lines.last ?? ""
    if reversed { lines.reverse() }
    var text = "Unable to simultaneously satisfy constraints\(appKit ? ":" : ".")\n(\n"
    text += lines.map { "    \"\($0)\"" }.joined(separator: ",\n")
    text += "\n)\n\nWill attempt to recover by breaking constraint \n\(broken)\n\n"
    return text
  }

  static func constraint(_ b: UnsafeRawBufferPointer, at i: Int, number: Int, appKit: Bool) -> String {
    let address = String(0x6000_0000_0000 + number * 16, radix: 16)
    if appKit, b[i + 1] & 0x10 != 0 {
      // A two-item autoresizing constraint between frames.
      let first = item(Int(b[i]) | (Int(b[i + 1] & 0x0F) << 8), appKit: true)
      let second = item(Int(b[i + 4]), appKit: true)
      let firstAttribute = frameAttributes[Int(b[i + 2]) % frameAttributes.count]
      let secondAttribute = frameAttributes[Int(b[i + 5]) % frameAttributes.count]
      let constant = numbers[Int(b[i + 7]) % numbers.count]
      return "<NSAutoresizingMaskLayoutConstraint:0x\(address) h=-&- v=-&- "
        + "\(first).\(firstAttribute) == \(second).\(secondAttribute) + \(constant)   (active)>"
    }
    let first = item(Int(b[i]) | (Int(b[i + 1] & 0x0F) << 8), appKit: appKit)
    let firstAttribute = attributes[Int(b[i + 2]) % attributes.count]
    let relation = ["==", "<=", ">="][Int(b[i + 3] & 0x03) % 3]
    let shape = (b[i + 3] >> 2) & 0x03
    let multiplier = numbers[Int(b[i + 6]) % numbers.count]
    let constant = numbers[Int(b[i + 7]) % numbers.count]
    let priority = b[i + 3] >> 4 == 0 ? "" : "@\(Int(b[i + 3] >> 4) * 62)"
    let name = b[i + 1] & 0x10 == 0 ? "" : "'UISV-spacing' "
    var body: String
    switch shape {
    case 0: body = "\(first).\(firstAttribute) \(relation) \(constant)"
    case 1:
      body =
        "\(first).\(firstAttribute) \(relation) \(item(Int(b[i + 4]), appKit: appKit)).\(attributes[Int(b[i + 5]) % attributes.count])"
    case 2:
      body =
        "\(first).\(firstAttribute) \(relation) \(multiplier)*\(item(Int(b[i + 4]), appKit: appKit)).\(attributes[Int(b[i + 5]) % attributes.count]) + \(constant)"
    default: body = "H:|-(\(constant))-[\(first)]"
    }
    let superview = appKit ? "NSView" : "UIView"
    let state = shape == 3 ? "(active, names: '|':\(superview):0x7f0000000000 )" : "(active)"
    return "<NSLayoutConstraint:0x\(address) \(name)\(body) \(priority)  \(state)>"
  }

  static func item(_ n: Int, appKit: Bool = false) -> String {
    let label = labels[n % labels.count]
    let names = appKit ? appKitClasses : classes
    return "\(names[n % names.count]):0x\(String(0x7f00_0000_1000 + n * 16, radix: 16))\(label)"
  }
}
