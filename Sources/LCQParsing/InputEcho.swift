/// The one rule for repeating input back in a message: a value lcq rejects (a CODEOWNERS word,
/// a URL's port, a parameter's name) is shown as a short excerpt, on one line, with control and
/// bidi characters spelled out, so that a message can neither carry a secret that happened to
/// sit in the value (a file that is really `/proc/self/environ`, a password with a `/`) nor
/// drive the terminal it is printed on.
public enum InputEcho {
  /// The most characters of a rejected value a message repeats.
  public static let longest = 40

  /// `text` as a message may repeat it: at most ``longest`` characters, then `…`; line breaks
  /// and tabs as spaces; control and bidi characters spelled out (`\u{1B}`).
  public static func excerpt(_ text: some StringProtocol) -> String {
    var result = ""
    var kept = 0
    for character in text {
      guard kept < longest else {
        result += "…"
        break
      }
      kept += 1
      for scalar in character.unicodeScalars {
        if isLineBreak(scalar) {
          result += " "
        } else if isControl(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Whether `scalar` breaks a line or moves to a tab stop (LF, CR, VT, FF, tab, NEL, U+2028,
  /// U+2029).
  public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028
      || scalar.value == 0x2029
  }

  /// Whether `scalar` is never sent as it is to a person: C0 controls but tab, DEL, C1
  /// controls, the line and paragraph separators, and the bidi controls (U+061C, U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
