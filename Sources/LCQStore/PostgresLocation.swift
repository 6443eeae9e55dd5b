import Foundation
import LCQParsing

/// Where a PostgreSQL database is and how to reach it, read as psql reads it: a
/// `postgres://` or `postgresql://` URL in libpq's URI form, with the standard environment
/// variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`,
/// `PGAPPNAME`) and the password file (`PGPASSFILE`, else `~/.pgpass`) filling what the URL
/// leaves out.
///
/// For the team store (issue "The team store on PostgreSQL"); `lcq` still refuses such a
/// location until that engine exists.
public struct PostgresLocation: Sendable, Hashable {
  /// The server's host name or address (TCP only: lcq does not use Unix sockets).
  public var host: String
  /// The server's port.
  public var port: Int
  /// The role to connect as.
  public var user: String
  /// The password, when the URL, `PGPASSWORD` or the password file gives one.
  public var password: String?
  /// The database's name.
  public var database: String
  /// libpq's `sslmode`: `disable`, `allow`, `prefer`, `require`, `verify-ca` or `verify-full`.
  public var sslMode: SSLMode
  /// The name the server shows for the connection.
  public var applicationName: String
  /// How long one attempt to connect may take, in seconds (`connect_timeout`, else
  /// `PGCONNECT_TIMEOUT`, else 5; libpq waits forever for 0, lcq for 5).
  public var connectTimeout: Int

  /// libpq's `sslmode` values, from never to always with the server's identity checked.
  public enum SSLMode: String, Sendable, Hashable, CaseIterable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  /// Why a location cannot be used; the message never holds the password.
  public struct Problem: Error, Hashable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var description: String
  }

  /// What a message about the URL's shape adds: the usual cause is a password that was not
  /// percent-encoded.
  static let escapingHint =
    "; if the password holds '/', '#', '?', '@' or ':', write them %2F, %23, %3F, %40 and %3A"

  /// The `sslmode` when neither the URL nor `PGSSLMODE` gives one: `prefer` on this machine
  /// (loopback traffic never leaves it), `require` for any other host, so that a password is
  /// never sent in clear over a network because a URL left the mode out (libpq's default is
  /// `prefer` everywhere).
  public static func defaultSSLMode(host: String) -> SSLMode {
    isLoopback(host) ? .prefer : .require
  }

  /// Whether `host` is this machine: `localhost`, an address in 127.0.0.0/8, or `::1`.
  public static func isLoopback(_ host: String) -> Bool {
    let name = host.lowercased()
    if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name == "0:0:0:0:0:0:0:1" {
      return true
    }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
  }

  /// A warning for a connection whose password may cross a network in clear (`sslmode`
  /// `disable`, `allow` or `prefer` to a host that is not this machine), `nil` otherwise. It
  /// names the host, never the password.
  public var cleartextWarning: String? {
    guard !Self.isLoopback(host), [.disable, .allow, .prefer].contains(sslMode) else { return nil }
    return
      "warning: sslmode=\(sslMode.rawValue) to \(InputEcho.excerpt(host)): the password and every row may cross the "
      + "network unencrypted; use sslmode=require, or verify-full to check the server's certificate"
  }

  /// libpq's other connection parameters (PostgreSQL 16's list), which lcq does not take:
  /// the only unknown names a message repeats.
  static let libpqParameters: Set<String> = [
    "hostaddr", "passfile", "channel_binding", "client_encoding", "options", "fallback_application_name",
    "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
    "replication", "gssencmode", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslcertmode",
    "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "require_auth", "ssl_min_protocol_version",
    "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation", "service", "target_session_attrs",
    "load_balance_hosts", "sslnegotiation",
  ]

  /// The URL parameters lcq understands (libpq's names).
  static let knownParameters: Set<String> = [
    "host", "port", "user", "password", "dbname", "sslmode", "application_name", "connect_timeout",
  ]

  /// Reads `url` with `environment` and the password file filling what it leaves out.
  ///
  /// - Throws: ``Problem`` for a URL that is not `postgres://` or `postgresql://`, names
  ///   several hosts, has a port that is not a number, a parameter lcq does not know, or an
  ///   `sslmode` libpq does not know.
  public init(url: String, environment: [String: String]) throws(Problem) {
    let scheme = DatabaseLocation.scheme(of: url)?.lowercased()
    guard scheme == "postgres" || scheme == "postgresql", let schemeEnd = url.range(of: "://") else {
      throw Problem(description: "not a postgres:// or postgresql:// URL")
    }
    var rest = Substring(url[schemeEnd.upperBound...])
    if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
    var parameters: [String: String] = [:]
    if let question = rest.firstIndex(of: "?") {
      for pair in rest[rest.index(after: question)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let key = try Self.decoded(parts[0])
        guard Self.knownParameters.contains(key) else {
          // Named only when it is one of libpq's: any other "name" may be part of a password.
          let named = Self.libpqParameters.contains(key) ? " '\(key)'" : ""
          throw Problem(
            description:
              "unknown URL parameter\(named) (lcq knows \(Self.knownParameters.sorted().joined(separator: ", ")))"
              + Self.escapingHint
          )
        }
        parameters[key] = try Self.decoded(parts.count > 1 ? parts[1] : "")
      }
      rest = rest[..<question]
    }
    var path: Substring = ""
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var urlUser: String?
    var urlPassword: String?
    if let at = rest.lastIndex(of: "@") {
      let userInfo = rest[..<at]
      if let colon = userInfo.firstIndex(of: ":") {
        urlUser = try Self.decoded(userInfo[..<colon])
        urlPassword = try Self.decoded(userInfo[userInfo.index(after: colon)...])
      } else {
        urlUser = try Self.decoded(userInfo)
      }
      rest = rest[rest.index(after: at)...]
    }
    guard !rest.contains(",") else {
      throw Problem(description: "several hosts in one URL are not supported; give one")
    }
    var urlHost: String?
    var urlPort: String?
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else {
        throw Problem(description: "an IPv6 host without its ']'")
      }
      urlHost = String(rest[rest.index(after: rest.startIndex)..<close])
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":") { urlPort = String(after.dropFirst()) }
    } else if let colon = rest.lastIndex(of: ":") {
      urlHost = String(rest[..<colon])
      urlPort = String(rest[rest.index(after: colon)...])
    } else if !rest.isEmpty {
      urlHost = try Self.decoded(rest)
    }
    func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }

    host = nonEmpty(parameters["host"]) ?? nonEmpty(urlHost) ?? nonEmpty(environment["PGHOST"]) ?? "localhost"
    let portText =
      nonEmpty(parameters["port"]) ?? nonEmpty(urlPort) ?? nonEmpty(environment["PGPORT"]) ?? "5432"
    guard let port = Int(portText), (1...65_535).contains(port) else {
      // Not repeated: in a URL whose password holds an unescaped `/`, the "port" is part of it.
      throw Problem(description: "the port is not a number from 1 to 65535" + Self.escapingHint)
    }
    self.port = port
    user =
      nonEmpty(parameters["user"]) ?? nonEmpty(urlUser) ?? nonEmpty(environment["PGUSER"])
      ?? nonEmpty(environment["USER"]) ?? "postgres"
    let pathName = try Self.decoded(path)
    database =
      nonEmpty(parameters["dbname"]) ?? nonEmpty(pathName) ?? nonEmpty(environment["PGDATABASE"]) ?? user
    let modeText =
      nonEmpty(parameters["sslmode"]) ?? nonEmpty(environment["PGSSLMODE"])
      ?? Self.defaultSSLMode(host: host).rawValue
    guard let sslMode = SSLMode(rawValue: modeText) else {
      throw Problem(
        description: "sslmode is not one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    self.sslMode = sslMode
    applicationName = nonEmpty(parameters["application_name"]) ?? nonEmpty(environment["PGAPPNAME"]) ?? "lcq"
    let timeoutText =
      nonEmpty(parameters["connect_timeout"]) ?? nonEmpty(environment["PGCONNECT_TIMEOUT"]) ?? "5"
    guard let timeout = Int(timeoutText), timeout >= 0 else {
      throw Problem(description: "connect_timeout is not a whole number of seconds")
    }
    connectTimeout = timeout == 0 ? 5 : max(timeout, 2)
    password = parameters["password"] ?? urlPassword ?? environment["PGPASSWORD"]
    if password == nil {
      let file =
        nonEmpty(environment["PGPASSFILE"]) ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass")
      password = Self.passwordFileEntry(
        at: file, host: host, port: port, database: database, user: user)
    }
  }

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

  /// `text` with its `%XX` escapes decoded.
  static func decoded(_ text: Substring) throws(Problem) -> String {
    guard let decoded = String(text).removingPercentEncoding else {
      throw Problem(description: "a malformed %-escape in the URL")
    }
    return decoded
  }
}
