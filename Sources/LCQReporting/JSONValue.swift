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
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the value as compact JSON text.
  public func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .number(let text): output += text
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        // C0 and C1 controls and DEL as escapes, so JSON shown on a terminal cannot drive it;
        // U+2028 and U+2029, which JavaScript reads as line ends.
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
          || scalar.value == 0x2029
        {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
