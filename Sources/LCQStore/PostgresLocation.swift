import Foundation
import LCQParsing

/// Where a PostgreSQL database is and how to reach it, read as psql reads it: a
/// `postgres://` or `postgresql://` URL in libpq's URI form, with the standard environment
/// variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`,
/// `PGAPPNAME`) and the password file (`PGPASSFILE`, else `~/.pgpass`) filling what the URL
/// leaves out.
///
/// The team store's location (`--db postgres://…`, `LCQ_DB`).
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
  /// Whether the URL or `PGSSLMODE` gave ``sslMode`` (else it is the default for the host).
  public var sslModeIsGiven: Bool
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
    let parts = try PostgresURLParts(url)
    // The first of the URL's parameter `name`, the URL's own part and the environment's
    // `variables` that is given and not empty.
    func setting(_ name: String, url part: String? = nil, _ variables: String...) -> String? {
      ([parts.parameters[name], part] + variables.map { environment[$0] }).lazy.compactMap { $0 }
        .first { !$0.isEmpty }
    }
    host = setting("host", url: parts.host, "PGHOST") ?? "localhost"
    guard let port = Int(setting("port", url: parts.port, "PGPORT") ?? "5432"), (1...65_535).contains(port)
    else {
      // Not repeated: in a URL whose password holds an unescaped `/`, the "port" is part of it.
      throw Problem(description: "the port is not a number from 1 to 65535" + Self.escapingHint)
    }
    self.port = port
    user = setting("user", url: parts.user, "PGUSER", "USER") ?? "postgres"
    database = setting("dbname", url: try Self.decoded(parts.path), "PGDATABASE") ?? user
    let givenSSLMode = setting("sslmode", "PGSSLMODE")
    sslModeIsGiven = givenSSLMode != nil
    guard
      let sslMode = SSLMode(rawValue: givenSSLMode ?? Self.defaultSSLMode(host: host).rawValue)
    else {
      throw Problem(
        description: "sslmode is not one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    self.sslMode = sslMode
    applicationName = setting("application_name", "PGAPPNAME") ?? "lcq"
    guard let timeout = Int(setting("connect_timeout", "PGCONNECT_TIMEOUT") ?? "5"), timeout >= 0 else {
      throw Problem(description: "connect_timeout is not a whole number of seconds")
    }
    connectTimeout = timeout == 0 ? 5 : max(timeout, 2)
    // An empty password is a password.
    password = parts.parameters["password"] ?? parts.password ?? environment["PGPASSWORD"]
    if password == nil {
      let given = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
      let file = given ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass")
      password = Self.passwordFileEntry(at: file, host: host, port: port, database: database, user: user)
    }
  }

  /// `text` with its `%XX` escapes decoded.
  static func decoded(_ text: Substring) throws(Problem) -> String {
    guard let decoded = String(text).removingPercentEncoding else {
      throw Problem(description: "a malformed %-escape in the URL")
    }
    return decoded
  }
}
