import Foundation

/// A throwaway PostgreSQL server for tests: a cluster initialised in a temporary folder with
/// Debian's `postgresql` binaries, listening on 127.0.0.1 at a free port (never on a public
/// address), with a password login, stopped and deleted by ``stop()``. As root it runs as the
/// `postgres` user, which PostgreSQL requires.
public final class PostgresTestServer: @unchecked Sendable {
  /// The role the tests log in as.
  public static let user = "lcq"
  /// Its password.
  public static let password = "t3st-secret-Pw"

  /// One server for the whole test process, started when first asked for and stopped when
  /// the process exits.
  public static func shared() throws -> PostgresTestServer {
    try sharedServer.get()
  }

  private static let sharedServer: Result<PostgresTestServer, any Error> = {
    let result = Result { try PostgresTestServer() }
    atexit { try? PostgresTestServer.sharedServer.get().stop() }
    return result
  }()

  /// The port it listens on (127.0.0.1).
  public let port: Int
  private let folder: URL
  private let binaries: URL
  private let asPostgres: Bool

  /// Why the server could not start.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the tool's output.
    public var description: String
  }

  /// Initialises and starts a cluster that takes at most `maxConnections` connections (the
  /// login role, a superuser, may use them all).
  public init(maxConnections: Int = 60) throws {
    guard let binaries = Self.binaries() else {
      throw Failure(
        description:
          "PostgreSQL's server binaries are not installed (Debian's postgresql package; scripts/test installs it)"
      )
    }
    self.binaries = binaries
    asPostgres = getuid() == 0
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-pg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let passwordFile = folder.appendingPathComponent("pwfile")
    try Data((Self.password + "\n").utf8).write(to: passwordFile)
    if asPostgres { try Self.run("/bin/chown", ["-R", "postgres", folder.path]) }
    port = try Self.freePort()
    let data = folder.appendingPathComponent("data").path
    try runServerTool(
      "initdb",
      [
        "-D", data, "-U", Self.user, "--auth=scram-sha-256", "--pwfile=\(passwordFile.path)", "-E", "UTF8",
        "--no-sync",
      ])
    try runServerTool(
      "pg_ctl",
      [
        "-D", data, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o",
        "-h 127.0.0.1 -p \(port) -k \(folder.path) -c fsync=off -c max_connections=\(maxConnections) -c superuser_reserved_connections=0",
        "start",
      ])
  }

  /// A `postgres://` URL of a new, empty database on this server, with the password in it.
  public func makeDatabase(_ name: String = "lcq_\(UUID().uuidString.prefix(8).lowercased())") throws
    -> String
  {
    try Self.run(
      binaries.appendingPathComponent("createdb").path,
      ["-h", "127.0.0.1", "-p", "\(port)", "-U", Self.user, name], environment: ["PGPASSWORD": Self.password])
    return url(database: name)
  }

  /// The URL of `database` on this server (password included unless `password` says otherwise).
  public func url(database: String, password: String? = PostgresTestServer.password) -> String {
    let login = password.map { "\(Self.user):\($0)" } ?? Self.user
    return "postgres://\(login)@127.0.0.1:\(port)/\(database)?sslmode=disable"
  }

  /// Runs `sql` in `database` with psql; returns what it printed (unaligned, tuples only).
  @discardableResult
  public func psql(_ database: String, _ sql: String) throws -> String {
    try Self.run(
      "/usr/bin/psql",
      [
        "-h", "127.0.0.1", "-p", "\(port)", "-U", Self.user, "-d", database, "-At", "-v", "ON_ERROR_STOP=1",
        "-c", sql,
      ],
      environment: ["PGPASSWORD": Self.password])
  }

  /// Restarts the server as an operator would (`pg_ctl restart -m fast`): every connection is
  /// cut, and the server is back on the same port when this returns.
  public func restart() throws {
    try runServerTool(
      "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "fast", "-w", "-t", "60", "restart"])
  }

  /// Ends every other connection to `database` (`pg_terminate_backend`), as a proxy or a
  /// failover cuts them.
  public func cutConnections(to database: String) throws {
    try psql(
      "postgres",
      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()"
    )
  }

  /// A port on 127.0.0.1 that nothing listens on.
  public static func closedPort() throws -> Int { try freePort() }

  /// Stops the server and deletes its folder.
  public func stop() {
    _ = try? runServerTool(
      "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "stop"])
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }

  private func runServerTool(_ name: String, _ arguments: [String]) throws {
    try Self.runServerTool(name, arguments)
  }

  /// Runs one of PostgreSQL's server tools (as the `postgres` user when the tests run as root,
  /// which PostgreSQL requires), with `environment` added to this process's.
  static func runServerTool(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws
  {
    guard let binaries = binaries() else { throw Failure(description: "PostgreSQL is not installed") }
    let tool = binaries.appendingPathComponent(name).path
    if getuid() == 0 {
      try run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + arguments, environment: environment)
    } else {
      try run(tool, arguments, environment: environment)
    }
  }

  /// Whether Debian's PostgreSQL server binaries are installed.
  public static var isInstalled: Bool { binaries() != nil }

  /// Debian's server binaries (`/usr/lib/postgresql/N/bin`, the newest N).
  private static func binaries() -> URL? {
    let root = "/usr/lib/postgresql"
    let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init)
      .sorted()
    for version in versions.reversed() {
      let bin = URL(fileURLWithPath: "\(root)/\(version)/bin")
      if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) {
        return bin
      }
    }
    return nil
  }

  /// A TCP port nothing listens on at this moment.
  static func freePort() throws -> Int {
    let socket = streamSocket()
    guard socket >= 0 else { throw Failure(description: "no socket") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
    }
    guard bound == 0 else { throw Failure(description: "cannot bind a port") }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Runs `program`; returns its output. posix_spawn, not Foundation's Process: Process learns
  /// that a child ended when a descriptor it gave the child closes, and `pg_ctl start` leaves
  /// the server holding it. Output goes to a file for the same reason.
  @discardableResult
  static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:])
    throws
    -> String
  {
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pg-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
    guard spawned == 0 else { throw Failure(description: "\(program): cannot start (errno \(spawned))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure(description: "\(program) \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
  }
}

#if canImport(Glibc)
  import Glibc
  private func streamSocket() -> Int32 { socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
#else
  import Darwin
  private func streamSocket() -> Int32 { socket(AF_INET, SOCK_STREAM, 0) }
#endif
