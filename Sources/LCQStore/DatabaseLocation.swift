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
    case "postgres", "postgresql": try PostgresStore(url: location, mode: mode, environment: environment)
    default: try Store(path: location, mode: mode)
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

  /// `location` as lcq prints it: a URL's password (`user:***@host`) and the values of query
  /// parameters that hold secrets (`password`, `sslpassword`, and any key naming a `secret`,
  /// `token` or `key`) masked as `***`. Every message, summary and table that shows where the
  /// database is uses this form; a file path is shown as it is.
  public static func redacted(_ location: String) -> String {
    guard let schemeEnd = location.range(of: "://") else { return location }
    var result = String(location[..<schemeEnd.upperBound])
    var rest = location[schemeEnd.upperBound...]
    // user:password@ before the host (the last @ of the authority, as libpq reads it).
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    if let at = rest[..<authorityEnd].lastIndex(of: "@") {
      let userInfo = rest[..<at]
      if let colon = userInfo.firstIndex(of: ":") {
        result += userInfo[..<colon] + ":***"
      } else {
        result += userInfo
      }
      rest = rest[at...]
    }
    guard let query = rest.firstIndex(of: "?") else { return result + rest }
    result += rest[...query]
    let parameters = rest[rest.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
    result += parameters.map { parameter -> String in
      guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
      let key = parameter[..<equals]
      let secret = ["password", "secret", "token", "key"].contains { key.lowercased().contains($0) }
      return secret ? key + "=***" : String(parameter)
    }.joined(separator: "&")
    return result
  }
}
