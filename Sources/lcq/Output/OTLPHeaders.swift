import Foundation

/// The headers OpenTelemetry's exporters take from the environment
/// (`OTEL_EXPORTER_OTLP_HEADERS`): `key=value` pairs separated by commas, each value
/// percent-encoded (`Authorization=Bearer%20lcq_…`).
enum OTLPHeaders {
  /// The pairs of `text`; a pair without `=`, an empty name, or a name or value holding a line
  /// break or a character no header may hold is left out.
  static func parse(_ text: String) -> [(String, String)] {
    text.split(separator: ",").compactMap { pair in
      guard let equals = pair.firstIndex(of: "=") else { return nil }
      let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
      let raw = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      let value = raw.removingPercentEncoding ?? raw
      let allowedName = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$%&'*+-.^_`|~"))
      guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && allowedName.contains($0) }),
        !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
      else { return nil }
      return (name, value)
    }
  }
}
