import Foundation

/// A hot standby of a ``PostgresTestServer``, as a team sets up a read replica for its nightly
/// report and dashboards (docs/team.md): a copy of the primary taken with `pg_basebackup` that
/// streams the primary's changes and answers queries, never writes. It listens on 127.0.0.1 at
/// a free port, keeps its files in a temporary folder, and is stopped and deleted by ``stop()``.
public final class PostgresTestStandby: @unchecked Sendable {
  /// The port it listens on (127.0.0.1).
  public let port: Int
  private let folder: URL

  /// Copies `primary` and starts streaming its changes from it.
  public init(of primary: PostgresTestServer) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pg-standby-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if getuid() == 0 { try PostgresTestServer.run("/bin/chown", ["-R", "postgres", folder.path]) }
    port = try PostgresTestServer.freePort()
    let data = folder.appendingPathComponent("data").path
    // A checkpoint at once, not spread over minutes. `-R` leaves the standby's signal file and
    // the primary's address in the copy; the password for streaming is written beside it, as an
    // operator's would be.
    try PostgresTestServer.runServerTool(
      "pg_basebackup",
      [
        "-h", "127.0.0.1", "-p", "\(primary.port)", "-U", PostgresTestServer.user, "-D", data, "-X", "stream",
        "-R", "--no-sync", "--checkpoint=fast",
      ], environment: ["PGPASSWORD": PostgresTestServer.password])
    let settings = folder.appendingPathComponent("data/postgresql.auto.conf")
    let streaming =
      "primary_conninfo = 'host=127.0.0.1 port=\(primary.port) user=\(PostgresTestServer.user) "
      + "password=\(PostgresTestServer.password)'\nhot_standby = on\n"
    let handle = try FileHandle(forWritingTo: settings)
    handle.seekToEndOfFile()
    handle.write(Data(streaming.utf8))
    try handle.close()
    try PostgresTestServer.runServerTool(
      "pg_ctl",
      [
        "-D", data, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o",
        "-h 127.0.0.1 -p \(port) -k \(folder.path) -c fsync=off -c max_connections=60", "start",
      ])
  }

  /// The `postgres://` URL of `database` on the standby, with the password in it.
  public func url(database: String) -> String {
    "postgres://\(PostgresTestServer.user):\(PostgresTestServer.password)@127.0.0.1:\(port)/\(database)?sslmode=disable"
  }

  /// Waits (at most a minute) until the standby has replayed everything `primary` had written
  /// when this was called.
  public func waitForReplay(of primary: PostgresTestServer) throws {
    let written = try primary.psql("postgres", "SELECT pg_current_wal_lsn()").trimmingCharacters(
      in: .whitespacesAndNewlines)
    let deadline = Date().addingTimeInterval(60)
    while try query("SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn") != "t\n" {
      guard Date() < deadline else {
        throw PostgresTestServer.Failure(description: "the standby did not replay \(written) within a minute")
      }
      usleep(50_000)
    }
  }

  /// Runs `sql` on the standby's `postgres` database with psql; returns what it printed.
  public func query(_ sql: String) throws -> String {
    try PostgresTestServer.run(
      "/usr/bin/psql",
      [
        "-h", "127.0.0.1", "-p", "\(port)", "-U", PostgresTestServer.user, "-d", "postgres", "-At", "-c", sql,
      ],
      environment: ["PGPASSWORD": PostgresTestServer.password])
  }

  /// Stops the standby and deletes its folder.
  public func stop() {
    _ = try? PostgresTestServer.runServerTool(
      "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "stop"])
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }
}
