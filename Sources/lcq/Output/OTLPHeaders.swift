import Foundation

/// The headers OpenTelemetry's exporters take from the environment
/// (`OTEL_EXPORTER_OTLP_HEADERS`): `key=value` pairs separated by commas, each value
/// percent-encoded (`Authorization=Bearer%20lcq_…`).
enum OTLPHeaders {
  /// The names lcq writes itself or that frame the request: a pair naming one is left out, so
  /// that the request has one `Content-Length`, one `Host` and no `Transfer-Encoding` beside
  /// them (security review 3, N3: the shape of a request-smuggling desync at a proxy).
  static let reserved: Set<String> = [
    "host", "content-length", "transfer-encoding", "connection", "content-type", "expect", "upgrade", "te",
    "trailer", "keep-alive", "proxy-connection",
  ]

  /// The pairs of `text`; a pair without `=`, an empty name, a name or value holding a line
  /// break or a character no header may hold, a ``reserved`` name, or a second copy of a name
  /// is left out. `leftOut` hears each reserved or repeated name left out (never a value).
  static func parse(_ text: String, leftOut: (String) -> Void = { _ in }) -> [(String, String)] {
    var seen: Set<String> = []
    return valid(text).filter { name, _ in
      let key = name.lowercased()
      guard !reserved.contains(key), seen.insert(key).inserted else {
        leftOut(name)
        return false
      }
      return true
    }
  }

  /// The well-formed pairs of `text`.
  private static func valid(_ text: String) -> [(String, String)] {
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
