/// A raw block split into a template shared by many occurrences and the values of one.
///
/// The values are every hexadecimal address (`0x7f83b8171210`) and every other run of digits
/// (times, pids, sizes), in order; the template is the text with each value replaced by
/// U+0001. The same conflict logged again at another time, by another process or at other
/// addresses has the same template, so the store keeps its text once. Joining a template with
/// its values gives the raw text back, byte for byte.
public struct BlockTemplate: Sendable, Hashable {
  /// The text with each value replaced by ``placeholder``.
  public var template: String
  /// The values, in order, each separated from the next by one space.
  public var values: String

  /// The character that stands for a value in a template.
  public static let placeholder: UInt8 = 0x01
  /// The value that stands for a NUL byte of the log (a value is otherwise digits, a hex
  /// address or the placeholder byte, so it cannot be mistaken).
  static let nulValue: UInt8 = 0x02

  /// Splits `text`. A U+0001 already in the text becomes a value of its own, so nothing is lost.
  public init(splitting text: String) {
    let bytes = Array(text.utf8)
    var template: [UInt8] = []
    var values: [UInt8] = []
    template.reserveCapacity(bytes.count)
    var index = 0
    var valueCount = 0
    while index < bytes.count {
      let byte = bytes[index]
      var end = index
      if byte == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "x") {
        end = index + 2
        while end < bytes.count, bytes[end].isHexDigit { end += 1 }
      } else if byte.isDigit {
        while end < bytes.count, bytes[end].isDigit { end += 1 }
      } else if byte == Self.placeholder || byte == 0 {
        end = index + 1
      }
      if end > index {
        if valueCount > 0 { values.append(0x20) }
        // SQLite's C text stops at a NUL byte: a NUL from the log is kept as the value 0x02.
        if byte == 0 { values.append(Self.nulValue) } else { values.append(contentsOf: bytes[index..<end]) }
        template.append(Self.placeholder)
        valueCount += 1
        index = end
      } else {
        template.append(byte)
        index += 1
      }
    }
    self.template = String(decoding: template, as: UTF8.self)
    self.values = String(decoding: values, as: UTF8.self)
  }

  /// A template and values as stored.
  public init(template: String, values: String) {
    self.template = template
    self.values = values
  }

  /// The raw text: the template with each placeholder replaced by the next value.
  public var text: String {
    var output: [UInt8] = []
    let valueBytes = Array(values.utf8)
    var valueStart = 0
    for byte in template.utf8 {
      guard byte == Self.placeholder else {
        output.append(byte)
        continue
      }
      var valueEnd = valueStart
      while valueEnd < valueBytes.count, valueBytes[valueEnd] != 0x20 { valueEnd += 1 }
      let value = valueBytes[valueStart..<valueEnd]
      if value.count == 1, value.first == Self.nulValue {
        output.append(0)
      } else {
        output.append(contentsOf: value)
      }
      valueStart = min(valueEnd + 1, valueBytes.count)
    }
    return String(decoding: output, as: UTF8.self)
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= 48 && self <= 57 }
  fileprivate var isHexDigit: Bool { isDigit || (self >= 97 && self <= 102) || (self >= 65 && self <= 70) }
}
