import Foundation

/// JSON text for the store's JSON columns (arrays of strings), written by Foundation's encoder.
enum JSONText {
  /// `["a","b"]`.
  static func array(_ strings: [String]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: strings, options: [.withoutEscapingSlashes])
    else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }
}
