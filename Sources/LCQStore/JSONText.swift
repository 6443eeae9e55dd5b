import Foundation

/// JSON text for the store's JSON columns (arrays of strings), written by Foundation's encoder.
enum JSONText {
  /// `["a","b"]`.
  static func array(_ strings: [String]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: strings, options: [.withoutEscapingSlashes])
    else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The strings of a JSON array held as text; `nil` when it is not one.
  static func strings(_ text: String) -> [String]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String]
  }
}
