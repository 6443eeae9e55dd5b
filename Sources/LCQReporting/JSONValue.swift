/// A JSON value with ordered object keys, written compactly on one line.
///
/// lcq writes its own JSON so that key order is stable and numbers keep the digits the log
/// printed (`94.3333`, `2.22507e-308`).
public indirect enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number given as valid JSON number text.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// Values are equal when they serialize to the same text.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }
  /// Hashes the serialized text, consistent with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

  /// `value` as a string, or `null`.
  public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
  /// `value` as an integer, or `null`.
  public static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }

  /// The value as compact JSON text.
  public var serialized: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(512)
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact JSON text.
  public func write(to output: inout String) {
    output += serialized
  }

  /// Appends the value as compact JSON text, as UTF-8.
  func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): output.append(contentsOf: String(value).utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string. Runs of bytes that need no escape are copied whole; escaped are `"`, `\`,
  /// C0 and C1 controls and DEL (so JSON shown on a terminal cannot drive it), and U+2028 and
  /// U+2029, which JavaScript reads as line ends.
  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escaped: (scalar: UInt32, length: Int)
        if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
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
    }
    output.append(UInt8(ascii: "\""))
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
