import Foundation

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`), read as libpq reads it.
extension PostgresLocation {
  /// The password for `host`, `port`, `database` and `user` in a libpq password file:
  /// `hostname:port:database:username:password` lines, `*` matching anything, `\:` and `\\`
  /// escaped, `#` starting a comment, the first matching line winning. Like libpq, a file that
  /// its group or others may read is ignored.
  static func passwordFileEntry(at path: String, host: String, port: Int, database: String, user: String)
    -> String?
  {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = attributes[.posixPermissions] as? Int, mode & 0o077 == 0,
      let text = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    let wanted = [host, String(port), database, user]
    for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
      let fields = passwordFileFields(line)
      guard fields.count == 5 else { continue }
      if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
    }
    return nil
  }

  /// One password file line split on its unescaped `:`s, escapes removed.
  static func passwordFileFields(_ line: Substring) -> [String] {
    var fields: [String] = [""]
    var escaped = false
    for character in line {
      if escaped {
        fields[fields.count - 1].append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ":", fields.count < 5 {
        fields.append("")
      } else {
        fields[fields.count - 1].append(character)
      }
    }
    return fields
  }
}
