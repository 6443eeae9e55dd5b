import LCQParsing

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
  /// The ``ByteHash`` of the template's bytes.
  private var digest: UInt64

  /// The character that stands for a value in a template.
  public static let placeholder: UInt8 = 0x01
  /// The value that stands for a NUL byte of the log (a value is otherwise digits, a hex
  /// address or the placeholder byte, so it cannot be mistaken).
  static let nulValue: UInt8 = 0x02

  /// Splits `text`. A U+0001 already in the text becomes a value of its own, so nothing is lost.
  public init(splitting text: String) {
    var text = text
    let count = text.utf8.count
    // The template is at most as long as the text; the values at most twice (a run of
    // one-byte values, each with its separator). Both are written in scratch memory, then
    // copied into strings of their own size (they are kept until the next commit).
    (template, values, digest) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * count) {
      scratch in
      let template = UnsafeMutableBufferPointer(rebasing: scratch[..<count])
      let values = UnsafeMutableBufferPointer(rebasing: scratch[count...])
      var templateCount = 0
      var valuesCount = 0
      text.withUTF8 { bytes in
        Self.split(
          bytes, template: template, templateCount: &templateCount, values: values, valuesCount: &valuesCount)
      }
      let templateBytes = UnsafeBufferPointer(rebasing: template[..<templateCount])
      return (
        String(decoding: templateBytes, as: UTF8.self),
        String(decoding: UnsafeBufferPointer(rebasing: values[..<valuesCount]), as: UTF8.self),
        ByteHash.hash(UnsafeRawBufferPointer(templateBytes))
      )
    }
  }

  /// The template as a dictionary key that does not hash its text again.
  var key: Key { Key(template: template, digest: digest) }

  /// A template with its ``ByteHash``, worked out when it was split.
  struct Key: Hashable {
    let template: String
    let digest: UInt64

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.digest == rhs.digest && lhs.template == rhs.template
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(digest)
    }
  }

  private static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, template: UnsafeMutableBufferPointer<UInt8>,
    templateCount: inout Int,
    values: UnsafeMutableBufferPointer<UInt8>, valuesCount: inout Int
  ) {
    // A text with bytes has scratch memory for both, so every address is there.
    guard let input = bytes.baseAddress, let templateBase = template.baseAddress,
      let valuesBase = values.baseAddress
    else { return }
    var index = 0
    var valueCount = 0
    while index < bytes.count {
      // Bytes that start no value are copied to the template as a run.
      var runEnd = index
      while runEnd < bytes.count, !bytes[runEnd].startsValue { runEnd += 1 }
      if runEnd > index {
        (templateBase + templateCount).update(from: input + index, count: runEnd - index)
        templateCount += runEnd - index
        index = runEnd
        if index == bytes.count { break }
      }
      let byte = bytes[index]
      var end = index + 1
      if byte == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "x") {
        end = index + 2
        while end < bytes.count, bytes[end].isHexDigit { end += 1 }
      } else if byte.isDigit {
        while end < bytes.count, bytes[end].isDigit { end += 1 }
      }
      if valueCount > 0 {
        values[valuesCount] = 0x20
        valuesCount += 1
      }
      // SQLite's C text stops at a NUL byte: a NUL from the log is kept as the value 0x02.
      if byte == 0 {
        values[valuesCount] = Self.nulValue
        valuesCount += 1
      } else {
        (valuesBase + valuesCount).update(from: input + index, count: end - index)
        valuesCount += end - index
      }
      template[templateCount] = Self.placeholder
      templateCount += 1
      valueCount += 1
      index = end
    }
  }

  /// A template and values as stored.
  public init(template: String, values: String) {
    self.template = template
    self.values = values
    var text = template
    digest = text.withUTF8 { ByteHash.hash(UnsafeRawBufferPointer($0)) }
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
  /// A digit (which also starts a `0x` address), the placeholder byte or NUL.
  fileprivate var startsValue: Bool { isDigit || self == BlockTemplate.placeholder || self == 0 }
  fileprivate var isDigit: Bool { self >= 48 && self <= 57 }
  fileprivate var isHexDigit: Bool { isDigit || (self >= 97 && self <= 102) || (self >= 65 && self <= 70) }
}
