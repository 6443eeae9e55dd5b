import Foundation

/// PgBouncer (Debian's `pgbouncer`) in transaction mode in front of a ``PostgresTestServer``:
/// what a fleet of CI runners puts between itself and the team store, so that hundreds of
/// clients share a few server connections and each transaction may run on another one. It
/// listens on 127.0.0.1 at a free port, keeps its files in a temporary folder, runs as the
/// `postgres` user when the tests run as root (PgBouncer refuses root), and is stopped by
/// ``stop()``.
public final class PgBouncerTestProxy: @unchecked Sendable {
  /// Where Debian installs it.
  public static let binary = "/usr/sbin/pgbouncer"
  /// Whether it is installed (`scripts/test` installs it).
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: binary) }

  /// The port it listens on (127.0.0.1).
  public let port: Int
  private let folder: URL

  /// Starts PgBouncer for every database of `server`, with at most `serverConnections` server
  /// connections per database and `clients` client connections at a time, with room for a
  /// fleet's connections in its listen queue (PgBouncer's default holds 128 not yet accepted).
  public init(server: PostgresTestServer, serverConnections: Int, clients: Int) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pgbouncer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    port = try PostgresTestServer.freePort()
    let settings = """
      [databases]
      * = host=127.0.0.1 port=\(server.port)

      [pgbouncer]
      listen_addr = 127.0.0.1
      listen_port = \(port)
      unix_socket_dir =
      auth_type = scram-sha-256
      auth_file = \(folder.path)/userlist.txt
      pool_mode = transaction
      default_pool_size = \(serverConnections)
      max_db_connections = \(serverConnections)
      max_client_conn = \(clients)
      listen_backlog = 1024
      logfile = \(folder.path)/pgbouncer.log
      pidfile = \(folder.path)/pgbouncer.pid

      """
    try Data(settings.utf8).write(to: folder.appendingPathComponent("pgbouncer.ini"))
    try Data("\"\(PostgresTestServer.user)\" \"\(PostgresTestServer.password)\"\n".utf8)
      .write(to: folder.appendingPathComponent("userlist.txt"))
    let ini = folder.appendingPathComponent("pgbouncer.ini").path
    if getuid() == 0 {
      try PostgresTestServer.run("/bin/chown", ["-R", "postgres", folder.path])
      try PostgresTestServer.run("/usr/sbin/runuser", ["-u", "postgres", "--", Self.binary, "-d", ini])
    } else {
      try PostgresTestServer.run(Self.binary, ["-d", ini])
    }
    // `-d` returns once it has forked; it listens a moment later.
    let deadline = Date().addingTimeInterval(15)
    while !Self.accepts(port) {
      guard Date() < deadline else {
        throw PostgresTestServer.Failure(description: "pgbouncer did not listen on 127.0.0.1:\(port): \(log)")
      }
      usleep(50_000)
    }
  }

  /// The `postgres://` URL of `database` through PgBouncer, with the password in it.
  public func url(database: String) -> String {
    "postgres://\(PostgresTestServer.user):\(PostgresTestServer.password)@127.0.0.1:\(port)/\(database)?sslmode=disable"
  }

  /// What PgBouncer logged.
  public var log: String {
    (try? String(contentsOf: folder.appendingPathComponent("pgbouncer.log"), encoding: .utf8)) ?? ""
  }

  /// Stops PgBouncer (SIGTERM, then waits for its process to end) and deletes its folder.
  public func stop() {
    let pidFile = folder.appendingPathComponent("pgbouncer.pid")
    if let text = try? String(contentsOf: pidFile, encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      kill(pid, SIGTERM)
      let deadline = Date().addingTimeInterval(10)
      while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
    }
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }

  /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
  private static func accepts(_ port: Int) -> Bool {
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return connected == 0
  }
}
