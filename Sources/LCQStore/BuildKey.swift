/// A sort key that orders builds and versions the way people read them.
///
/// Every run of digits is padded with zeros to 12 places, so that comparing keys as text (in
/// Swift or in SQL) compares the numbers numerically: `2.10 (9)` comes after `2.9 (12)`, and
/// `1.0 (100)` after `1.0 (99)`. Other characters compare as they are.
public enum BuildKey {
  /// The key of `build`.
  public static func of(_ build: String) -> String {
    var key = ""
    var digits = ""
    func flush() {
      guard !digits.isEmpty else { return }
      let trimmed = digits.drop { $0 == "0" }
      let significant = trimmed.isEmpty ? "0" : String(trimmed)
      key += String(repeating: "0", count: max(0, 12 - significant.count)) + significant
      digits = ""
    }
    for character in build {
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else {
        flush()
        key.append(character)
      }
    }
    flush()
    return key
  }
}
