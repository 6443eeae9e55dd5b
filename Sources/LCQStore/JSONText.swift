/// JSON text for the few JSON columns the store writes (arrays of strings).
enum JSONText {
  /// `["a","b"]`, with every string escaped.
  static func array(_ strings: [String]) -> String {
    "[" + strings.map(string).joined(separator: ",") + "]"
  }

  /// A JSON string literal.
  static func string(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
