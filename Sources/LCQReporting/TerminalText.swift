/// Log text made safe for a terminal: control characters (escape sequences included) are shown
/// as `\u{1B}` instead of being sent, so a view label cannot recolour or rewrite the screen.
public enum TerminalText {
  /// `text` with every C0 and C1 control character except tab (and line feed, when
  /// `keepingLineBreaks`), and DEL, spelled out.
  public static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
    let spelled = { (scalar: Unicode.Scalar) in isControl(scalar) && !(keepingLineBreaks && scalar == "\n") }
    guard text.unicodeScalars.contains(where: spelled) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if spelled(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }
}
