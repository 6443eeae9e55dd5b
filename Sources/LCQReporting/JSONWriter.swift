/// Writes compact JSON straight into UTF-8 bytes, in the order it is called: the same text as
/// ``JSONValue/serialized`` for the same values, without building a tree of values first.
///
/// `lcq analyze --format json` writes one object per block this way (``BlockJSON``). Commas are
/// placed by the writer: call ``key(_:)`` before each member's value and nothing between the
/// elements of an array.
public struct JSONWriter {
  /// The JSON written so far.
  public private(set) var bytes: [UInt8] = []
  /// Whether the next member or element needs a comma before it.
  private var needsComma = false

  /// Creates an empty writer that reserves `capacity` bytes.
  public init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// Starts an object: members follow, each a ``key(_:)`` and a value, then ``endObject()``.
  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Ends the object begun last.
  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Starts an array: values follow, then ``endArray()``.
  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Ends the array begun last.
  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Names the next member of the object being written.
  public mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { name in
      // A name written in the code is plain text: nothing in it needs an escape.
      assert(name.allSatisfy { JSONString.isPlain($0) }, "a member name that needs an escape")
      bytes.append(contentsOf: name)
    }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Names the next member of the object being written, by a name known only at run time;
  /// returns where the name's text (inside its quotes) was written.
  @discardableResult
  public mutating func member(_ name: String) -> Range<Int> {
    separate()
    let start = bytes.count + 1
    var name = name
    name.withUTF8 { JSONString.write($0, to: &bytes) }
    let end = bytes.count - 1
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
    return start..<end
  }

  /// A string, or `null`.
  public mutating func string(_ value: String?) {
    separate()
    guard var value else { return appendNull() }
    value.withUTF8 { JSONString.write($0, to: &bytes) }
    needsComma = true
  }

  /// An integer, or `null`.
  public mutating func int(_ value: Int?) {
    separate()
    guard let value else { return appendNull() }
    appendDecimal(value)
    needsComma = true
  }

  /// `true` or `false`, or `null`.
  public mutating func bool(_ value: Bool?) {
    separate()
    guard let value else { return appendNull() }
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
    needsComma = true
  }

  /// `null`.
  public mutating func null() {
    separate()
    appendNull()
  }

  /// A value built as a tree (``JSONValue``), written as it serializes.
  public mutating func value(_ value: JSONValue) {
    separate()
    value.write(to: &bytes)
    needsComma = true
  }

  /// A member whose value is a string, or `null`.
  public mutating func string(_ key: StaticString, _ value: String?) {
    self.key(key)
    string(value)
  }

  /// A member whose value is an integer, or `null`.
  public mutating func int(_ key: StaticString, _ value: Int?) {
    self.key(key)
    int(value)
  }

  /// A member whose value is `true` or `false`, or `null`.
  public mutating func bool(_ key: StaticString, _ value: Bool?) {
    self.key(key)
    bool(value)
  }

  /// A member whose value is `null`.
  public mutating func null(_ key: StaticString) {
    self.key(key)
    null()
  }

  /// A member whose value is an array of integers.
  public mutating func ints(_ key: StaticString, _ values: [Int]) {
    self.key(key)
    ints(values)
  }

  /// Ends a line (of NDJSON: one value per line).
  public mutating func endLine() {
    bytes.append(10)
    needsComma = false
  }

  /// An array of integers.
  public mutating func ints(_ values: [Int]) {
    beginArray()
    for value in values { int(value) }
    endArray()
  }

  /// An array of strings.
  public mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// Forgets everything written, keeping the memory.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// Copies `text`, JSON written before (a ``BlockJSONTemplate``'s), as it is: it ends where a
  /// value follows or inside one, so no comma is added before what comes next.
  mutating func appendWritten(_ text: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: text)
    needsComma = false
  }

  /// Copies `text` as ``appendWritten(_:)-(UnsafeBufferPointer<UInt8>)`` does.
  mutating func appendWritten(_ text: StaticString) {
    text.withUTF8Buffer { appendWritten($0) }
  }

  /// Writes an address as the runtime prints it inside a string being copied: `0x` and `value`'s
  /// lower-case hexadecimal digits, without leading zeros.
  mutating func appendAddress(_ value: UInt64) {
    let digitCount = max(1, (67 - value.leadingZeroBitCount) / 4)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { text in
      text[0] = UInt8(ascii: "0")
      text[1] = UInt8(ascii: "x")
      for index in 0..<digitCount {
        let digit = UInt8((value >> UInt64(4 * (digitCount - 1 - index))) & 0xF)
        text[2 + index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<(2 + digitCount)]))
    }
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func appendNull() {
    bytes.append(contentsOf: "null".utf8)
    needsComma = true
  }

  /// The decimal digits of `value`, as `String(value)` writes them.
  private mutating func appendDecimal(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      bytes.append(contentsOf: buffer[(24 - count)...])
    }
  }
}

/// JSON's string escaping, written once for ``JSONValue`` and ``JSONWriter``.
enum JSONString {
  /// `text` as a JSON string. Runs of bytes that need no escape are copied whole; escaped are
  /// `"`, `\`, C0 and C1 controls and DEL (so JSON shown on a terminal cannot drive it), and
  /// U+2028 and U+2029, which JavaScript reads as line ends.
  static func write(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    let start = UnsafeRawPointer(bytes.baseAddress)
    while index < bytes.count {
      // Eight plain bytes at a time (most text is), then byte by byte.
      if index + 8 <= bytes.count, let start,
        isPlain(start.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = bytes[index]
      let escaped: (scalar: UInt32, length: Int)
      if isPlain(byte) {
        index += 1
        continue
      } else if byte < 0x80 {
        escaped = (UInt32(byte), 1)
      } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] <= 0x9F {
        escaped = (UInt32(bytes[index + 1]), 2)  // U+0080…U+009F
      } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        escaped = (0x2000 + UInt32(bytes[index + 2]) - 0x80, 3)  // U+2028, U+2029
      } else {
        index += 1
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      appendEscape(escaped.scalar, to: &output)
      index += escaped.length
      runStart = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    output.append(UInt8(ascii: "\""))
  }

  /// Whether `byte` is written as it is: printable ASCII other than `"` and `\`.
  static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// Whether all eight bytes of `word` are ``isPlain(_:)-(UInt8)``, asked of them at once: none
  /// has its top bit set, is below 0x20, or equals DEL, `"` or `\`.
  static func isPlain(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Whether some byte of `value` is zero.
    func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    if word & highs != 0 { return false }
    // With no top bit set, a byte below 0x20 is the one that borrows past it when 0x20 is taken away.
    if (word &- 0x20 &* ones) & highs != 0 { return false }
    return !hasZero(word ^ (0x7F &* ones)) && !hasZero(word ^ (0x22 &* ones))
      && !hasZero(word ^ (0x5C &* ones))
  }

  /// `\"`, `\\`, `\n`, `\r`, `\t`, or `\u` and four lower-case hex digits.
  private static func appendEscape(_ scalar: UInt32, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    switch scalar {
    case 0x22: output.append(UInt8(ascii: "\""))
    case 0x5C: output.append(UInt8(ascii: "\\"))
    case 0x0A: output.append(UInt8(ascii: "n"))
    case 0x0D: output.append(UInt8(ascii: "r"))
    case 0x09: output.append(UInt8(ascii: "t"))
    default:
      let hex = String(scalar, radix: 16)
      output.append(UInt8(ascii: "u"))
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.count))
      output.append(contentsOf: hex.utf8)
    }
  }
}
