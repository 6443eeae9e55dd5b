import LCQParsing

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

  /// Whether `scalar` breaks a line or moves to a tab stop (``InputEcho/isLineBreak(_:)``).
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool { InputEcho.isLineBreak(scalar) }

  /// Whether `scalar` is spelled out (``InputEcho/isControl(_:)``, the rule every message keeps).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool { InputEcho.isControl(scalar) }
}
