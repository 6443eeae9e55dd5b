/// Where lcq keeps its database when `--db` is not given.
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
}
