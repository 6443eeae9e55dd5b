/// Where lcq keeps its database when `--db` is not given, and how a location is shown.
public enum DatabaseLocation {
  /// `$LCQ_DB`; else on macOS `~/Library/Application Support/lcq/lcq.sqlite`, elsewhere
  /// `$XDG_DATA_HOME/lcq/lcq.sqlite` or `~/.local/share/lcq/lcq.sqlite`.
  public static func defaultPath(environment: [String: String]) -> (path: String, isDefault: Bool) {
    if let path = environment["LCQ_DB"], !path.isEmpty { return (path, false) }
    let home = environment["HOME"] ?? "."
    #if os(macOS)
      return (home + "/Library/Application Support/lcq/lcq.sqlite", true)
    #else
      if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
        return (data + "/lcq/lcq.sqlite", true)
      }
      return (home + "/.local/share/lcq/lcq.sqlite", true)
    #endif
  }

  /// Opens the store at `location`: a `postgres://` or `postgresql://` URL is the team store
  /// on PostgreSQL (``PostgresStore``, with `environment`'s `PG*` variables and password file),
  /// anything else an SQLite file (``Store``).
  public static func open(_ location: String, mode: Store.OpenMode, environment: [String: String])
    throws(StoreError) -> any ConflictStore
  {
    switch scheme(of: location)?.lowercased() {
    case "postgres", "postgresql":
      #if TeamStore
        try PostgresStore(url: location, mode: mode, environment: environment)
      #else
        throw .teamStoreNotBuilt(path: location)
      #endif
    default: try Store(path: location, mode: mode)
    }
  }

  /// What lcq warns of before opening `location`: a team store reached without TLS over a
  /// network (``PostgresLocation/cleartextWarning``). Empty for a file, and for a URL that
  /// cannot be read (opening it says why).
  public static func warnings(_ location: String, environment: [String: String]) -> [String] {
    switch scheme(of: location)?.lowercased() {
    case "postgres", "postgresql":
      guard let parsed = try? PostgresLocation(url: location, environment: environment) else { return [] }
      return parsed.cleartextWarning.map { [$0] } ?? []
    default: return []
    }
  }

  /// The URL scheme of `location` (`postgres` in `postgres://…`), or `nil` for a file path.
  public static func scheme(of location: String) -> String? {
    guard let range = location.range(of: "://") else { return nil }
    let scheme = location[..<range.lowerBound]
    guard let first = scheme.first, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return String(scheme)
  }

  /// `location` as lcq prints it, whatever its shape (a password holding `/`, `#`, `?` or
  /// `@` unescaped, a `%`-encoded parameter name): for a URL, nothing between `://` and the
  /// **last** `@` but a plain user name (`user:***@host`, else `***@host`), no fragment, and
  /// no query value but a valid `sslmode` or `connect_timeout` (`password=***`). Every message,
  /// summary, table and MCP answer that shows where the database is uses this form; a file
  /// path is shown as it is.
  public static func redacted(_ location: String) -> String {
    guard let schemeEnd = location.range(of: "://") else { return location }
    var result = String(location[..<schemeEnd.upperBound])
    var rest = location[schemeEnd.upperBound...]
    if let at = rest.lastIndex(of: "@") {
      let userInfo = rest[..<at]
      let user = userInfo.prefix { $0 != ":" }
      let plainUser =
        !user.isEmpty && user.count <= 63
        && user.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
      result += plainUser ? user + (user.count < userInfo.count ? ":***" : "") : "***"
      rest = rest[at...]
    }
    var fragment = ""
    if let hash = rest.firstIndex(of: "#") {
      fragment = "#***"
      rest = rest[..<hash]
    }
    guard let query = rest.firstIndex(of: "?") else { return result + rest + fragment }
    result += rest[...query]
    let parameters = rest[rest.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
    result += parameters.map { parameter -> String in
      let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(parts[0]).removingPercentEncoding ?? ""
      guard isPlainWord(key) else { return "***" }
      guard parts.count == 2 else { return key }
      let value = String(parts[1])
      let shown =
        switch key {
        case "sslmode": PostgresLocation.SSLMode(rawValue: value) != nil
        case "connect_timeout":
          !value.isEmpty && value.count <= 6 && value.allSatisfy(\.isASCII) && Int(value) != nil
        default: false
        }
      return key + "=" + (shown ? value : "***")
    }.joined(separator: "&")
    return result + fragment
  }

  /// Whether `text` is a name a message may show as it is: 1 to 40 ASCII letters, digits and
  /// `_`. Anything else in a URL may be part of a password that was not percent-encoded.
  static func isPlainWord(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }
}
