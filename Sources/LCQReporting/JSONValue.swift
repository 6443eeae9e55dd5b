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
  /// JSON text written already, by a ``JSONWriter``: written as it is.
  case json(String)

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
    case .string(var value): value.withUTF8 { JSONString.write($0, to: &output) }
    case .json(let text): output.append(contentsOf: text.utf8)
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
        var key = key
        key.withUTF8 { JSONString.write($0, to: &output) }
        output.append(UInt8(ascii: ":"))
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }
}
