/// The parts of a `postgres://` or `postgresql://` URL in libpq's URI form
/// (`postgresql://user:password@host:port/database?name=value`), each percent-decoded, before
/// the environment and the password file fill what it leaves out (``PostgresLocation``).
///
/// Split here rather than by Foundation's `URLComponents`, which returns nothing at all for the
/// commonest mistake (a password holding an unescaped `/` or `#`) where this says which part is
/// wrong without repeating it, and keeps an IPv6 host's brackets.
struct PostgresURLParts {
  /// The URL's parameters by name; only names lcq knows (``PostgresLocation/knownParameters``).
  var parameters: [String: String] = [:]
  var user: String?
  var password: String?
  var host: String?
  /// The port as written, checked by ``PostgresLocation``.
  var port: String?
  /// The path after the host's `/`, still escaped: the database's name.
  var path: Substring = ""

  typealias Problem = PostgresLocation.Problem

  /// Splits `url`.
  ///
  /// - Throws: ``PostgresLocation/Problem`` for a URL that is not `postgres://` or
  ///   `postgresql://`, names several hosts, has a parameter lcq does not know or a malformed
  ///   `%`-escape.
  init(_ url: String) throws(Problem) {
    let scheme = DatabaseLocation.scheme(of: url)?.lowercased()
    guard scheme == "postgres" || scheme == "postgresql", let schemeEnd = url.range(of: "://") else {
      throw Problem(description: "not a postgres:// or postgresql:// URL")
    }
    var rest = Substring(url[schemeEnd.upperBound...])
    if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
    if let question = rest.firstIndex(of: "?") {
      parameters = try Self.parameters(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    if let at = rest.lastIndex(of: "@") {
      try readUserInfo(rest[..<at])
      rest = rest[rest.index(after: at)...]
    }
    try readHostAndPort(rest)
  }

  /// The query's `name=value` pairs, decoded.
  private static func parameters(_ query: Substring) throws(Problem) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = try PostgresLocation.decoded(parts[0])
      guard PostgresLocation.knownParameters.contains(key) else {
        // Named only when it is one of libpq's: any other "name" may be part of a password.
        let named = PostgresLocation.libpqParameters.contains(key) ? " '\(key)'" : ""
        let known = PostgresLocation.knownParameters.sorted().joined(separator: ", ")
        throw Problem(
          description: "unknown URL parameter\(named) (lcq knows \(known))" + PostgresLocation.escapingHint)
      }
      parameters[key] = try PostgresLocation.decoded(parts.count > 1 ? parts[1] : "")
    }
    return parameters
  }

  /// `user` or `user:password`, before the host's `@`.
  private mutating func readUserInfo(_ userInfo: Substring) throws(Problem) {
    if let colon = userInfo.firstIndex(of: ":") {
      user = try PostgresLocation.decoded(userInfo[..<colon])
      password = try PostgresLocation.decoded(userInfo[userInfo.index(after: colon)...])
    } else {
      user = try PostgresLocation.decoded(userInfo)
    }
  }

  /// `host`, `host:port`, `[ipv6]` or `[ipv6]:port`.
  private mutating func readHostAndPort(_ rest: Substring) throws(Problem) {
    guard !rest.contains(",") else {
      throw Problem(description: "several hosts in one URL are not supported; give one")
    }
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else {
        throw Problem(description: "an IPv6 host without its ']'")
      }
      host = String(rest[rest.index(after: rest.startIndex)..<close])
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":") { port = String(after.dropFirst()) }
    } else if let colon = rest.lastIndex(of: ":") {
      host = String(rest[..<colon])
      port = String(rest[rest.index(after: colon)...])
    } else if !rest.isEmpty {
      host = try PostgresLocation.decoded(rest)
    }
  }
}
