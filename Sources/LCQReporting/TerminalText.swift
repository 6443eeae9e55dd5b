/// Text from logs and databases made safe for people to read: the one rule every human-readable
/// output of lcq follows (terminal text and tables, `show`, `check`, stderr, Markdown, HTML).
///
/// Control characters (escape sequences included) and the invisible characters that reorder
/// text (bidi overrides, embeddings, isolates and marks) are spelled out as `\u{1B}` instead of
/// being sent, so a view label can neither drive the terminal (recolour, retitle, clear the
/// screen, write the clipboard, make links) nor show one name while it holds another.
public enum TerminalText {
  /// `text` with every character ``isControl(_:)`` spelled out, line feeds kept when
  /// `keepingLineBreaks`.
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

  /// `text` on one line: line breaks and tabs (LF, CR, VT, FF, NEL, U+2028, U+2029) become
  /// spaces, then the rest is ``clean(_:keepingLineBreaks:)``. For table cells, titles and
  /// anything that must stay one line (a baseline entry).
  public static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isLineBreak($0) || isControl($0) }) else { return text }
    var joined = ""
    joined.unicodeScalars.append(contentsOf: text.unicodeScalars.map { isLineBreak($0) ? " " : $0 })
    return clean(joined)
  }

  /// Whether `scalar` breaks a line or moves to a tab stop.
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028
      || scalar.value == 0x2029
  }

  /// Whether `scalar` is spelled out: C0 controls but tab, DEL, C1 controls, the line and
  /// paragraph separators, and the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
