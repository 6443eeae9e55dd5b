import Foundation
import LCQStore
import XCTest

/// `--db postgres://…` read as psql reads it; every expectation is libpq's documented rule.
final class PostgresLocationTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-pg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  /// An environment with no PG variables and a home without a password file.
  private var bare: [String: String] { ["HOME": folder.path, "USER": "ci"] }

  func testAWholeURL() throws {
    let location = try PostgresLocation(
      url:
        "postgresql://lcq:s%40cret@db.example.com:6543/conflicts?sslmode=verify-full&application_name=nightly",
      environment: bare)
    XCTAssertEqual(location.host, "db.example.com")
    XCTAssertEqual(location.port, 6543)
    XCTAssertEqual(location.user, "lcq")
    XCTAssertEqual(location.password, "s@cret", "percent escapes are decoded")
    XCTAssertEqual(location.database, "conflicts")
    XCTAssertEqual(location.sslMode, .verifyFull)
    XCTAssertEqual(location.applicationName, "nightly")
  }

  func testDefaultsAndTheEnvironmentFillWhatTheURLLeavesOut() throws {
    // Nothing given: localhost:5432, the login name as user and database, sslmode prefer.
    let bareLocation = try PostgresLocation(url: "postgres://", environment: bare)
    XCTAssertEqual(bareLocation.host, "localhost")
    XCTAssertEqual(bareLocation.port, 5432)
    XCTAssertEqual(bareLocation.user, "ci")
    XCTAssertEqual(bareLocation.database, "ci")
    XCTAssertEqual(bareLocation.sslMode, .prefer)
    XCTAssertNil(bareLocation.password)
    XCTAssertEqual(bareLocation.applicationName, "lcq")
    // PG variables fill the gaps; the URL wins where it speaks.
    var environment = bare
    environment.merge(
      [
        "PGHOST": "pg.internal", "PGPORT": "5433", "PGUSER": "runner", "PGPASSWORD": "from-env",
        "PGDATABASE": "fleet", "PGSSLMODE": "require", "PGAPPNAME": "ci-job",
      ], uniquingKeysWith: { $1 })
    let filled = try PostgresLocation(url: "postgres:///other", environment: environment)
    XCTAssertEqual(filled.host, "pg.internal")
    XCTAssertEqual(filled.port, 5433)
    XCTAssertEqual(filled.user, "runner")
    XCTAssertEqual(filled.password, "from-env")
    XCTAssertEqual(filled.database, "other", "the URL's database wins over PGDATABASE")
    XCTAssertEqual(filled.sslMode, .require)
    XCTAssertEqual(filled.applicationName, "ci-job")
    // Query parameters win over the URL's parts.
    let parameters = try PostgresLocation(
      url: "postgres://a@h1:1/d1?host=h2&port=2&user=b&dbname=d2&password=p", environment: environment)
    XCTAssertEqual(
      [parameters.host, String(parameters.port), parameters.user, parameters.database],
      ["h2", "2", "b", "d2"])
    XCTAssertEqual(parameters.password, "p")
  }

  func testConnectTimeoutFromTheURLOrTheEnvironment() throws {
    XCTAssertEqual(try PostgresLocation(url: "postgres://h/d", environment: bare).connectTimeout, 10)
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://h/d?connect_timeout=30", environment: bare).connectTimeout, 30)
    var environment = bare
    environment["PGCONNECT_TIMEOUT"] = "5"
    XCTAssertEqual(try PostgresLocation(url: "postgres://h/d", environment: environment).connectTimeout, 5)
    // libpq reads 1 as 2 seconds, and 0 as "wait forever", which lcq bounds at its default.
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://h/d?connect_timeout=1", environment: bare).connectTimeout, 2)
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://h/d?connect_timeout=0", environment: bare).connectTimeout, 10)
    XCTAssertThrowsError(try PostgresLocation(url: "postgres://h/d?connect_timeout=soon", environment: bare))
  }

  func testAnIPv6Host() throws {
    let location = try PostgresLocation(url: "postgres://u@[::1]:5440/db", environment: bare)
    XCTAssertEqual(location.host, "::1")
    XCTAssertEqual(location.port, 5440)
  }

  func testThePasswordFileAsLibpqReadsIt() throws {
    let file = folder.appendingPathComponent("pgpass")
    try """
    # comment line
    other.host:5432:*:lcq:wrong-host
    db.example.com:5432:conflicts:lcq:first\\:match
    db.example.com:*:*:lcq:second-match
    *:*:*:*:anything

    """.write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    var environment = bare
    environment["PGPASSFILE"] = file.path
    // The first line that matches host, port, database and user wins; `\:` is a colon.
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://lcq@db.example.com/conflicts", environment: environment).password,
      "first:match")
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://lcq@db.example.com:6000/x", environment: environment).password,
      "second-match")
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://someone@elsewhere/x", environment: environment).password,
      "anything")
    // A password in the URL or PGPASSWORD is used before the file.
    environment["PGPASSWORD"] = "env"
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://lcq@db.example.com/conflicts", environment: environment).password,
      "env")
    environment["PGPASSWORD"] = nil
    // A file others may read is ignored, as libpq ignores it.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    XCTAssertNil(
      try PostgresLocation(url: "postgres://lcq@db.example.com/conflicts", environment: environment).password)
    // ~/.pgpass when PGPASSFILE is not set.
    try "*:*:*:*:home-file\n".write(
      to: folder.appendingPathComponent(".pgpass"), atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: folder.appendingPathComponent(".pgpass").path)
    XCTAssertEqual(try PostgresLocation(url: "postgres://x@y/z", environment: bare).password, "home-file")
  }

  func testBadURLsSayWhatIsWrongWithoutThePassword() {
    let cases: [(String, String)] = [
      ("mysql://u:hunter2@h/db", "not a postgres:// or postgresql:// URL"),
      ("postgres://u:hunter2@h1,h2/db", "several hosts in one URL are not supported; give one"),
      ("postgres://u:hunter2@h:port/db", "port 'port' is not a number from 1 to 65535"),
      ("postgres://u:hunter2@h:70000/db", "port '70000' is not a number from 1 to 65535"),
      (
        "postgres://u:hunter2@h/db?sslmode=sometimes",
        "sslmode 'sometimes' is not one of disable, allow, prefer, require, verify-ca, verify-full"
      ),
      (
        "postgres://u:hunter2@h/db?target_session_attrs=any",
        "unknown URL parameter 'target_session_attrs' (lcq knows application_name, connect_timeout, dbname, host, password, port, sslmode, user)"
      ),
    ]
    for (url, message) in cases {
      XCTAssertThrowsError(try PostgresLocation(url: url, environment: bare), url) { error in
        XCTAssertEqual(String(describing: error), message)
        XCTAssertFalse(String(describing: error).contains("hunter2"))
      }
    }
  }
}
