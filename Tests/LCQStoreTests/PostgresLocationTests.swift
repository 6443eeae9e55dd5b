import Foundation
import LCQStore
import LCQTestSupport
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
    // Nothing given: localhost:5432, the login name as user and database, sslmode prefer (on
    // loopback only: see testTLSIsRequiredByDefaultOffThisMachine).
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
    XCTAssertEqual(try PostgresLocation(url: "postgres://h/d", environment: bare).connectTimeout, 5)
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://h/d?connect_timeout=30", environment: bare).connectTimeout, 30)
    var environment = bare
    environment["PGCONNECT_TIMEOUT"] = "5"
    XCTAssertEqual(try PostgresLocation(url: "postgres://h/d", environment: environment).connectTimeout, 5)
    // libpq reads 1 as 2 seconds, and 0 as "wait forever", which lcq bounds at its default.
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://h/d?connect_timeout=1", environment: bare).connectTimeout, 2)
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://h/d?connect_timeout=0", environment: bare).connectTimeout, 5)
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

  private let hint =
    "; if the password holds '/', '#', '?', '@' or ':', write them %2F, %23, %3F, %40 and %3A"

  func testBadURLsSayWhatIsWrongWithoutThePassword() {
    let cases: [(String, String)] = [
      ("mysql://u:hunter2@h/db", "not a postgres:// or postgresql:// URL"),
      ("postgres://u:hunter2@h1,h2/db", "several hosts in one URL are not supported; give one"),
      ("postgres://u:hunter2@h:port/db", "the port is not a number from 1 to 65535" + hint),
      ("postgres://u:hunter2@h:70000/db", "the port is not a number from 1 to 65535" + hint),
      (
        "postgres://u:hunter2@h/db?sslmode=sometimes",
        "sslmode is not one of disable, allow, prefer, require, verify-ca, verify-full"
      ),
      (
        "postgres://u:hunter2@h/db?target_session_attrs=any",
        "unknown URL parameter 'target_session_attrs' (lcq knows application_name, connect_timeout, dbname, host, password, port, sslmode, user)"
          + hint
      ),
    ]
    for (url, message) in cases {
      XCTAssertThrowsError(try PostgresLocation(url: url, environment: bare), url) { error in
        XCTAssertEqual(String(describing: error), message)
        XCTAssertFalse(String(describing: error).contains("hunter2"))
      }
    }
  }

  // MARK: Security review 2 (P3, P4, P7, P8)

  /// P3: a password with an unescaped `/`, `#` or `?` is in no message: the parser names no
  /// part of the URL it could not read, and says how to write the password.
  func testP3APasswordWithURLCharactersIsNeverInTheMessage() {
    let password = "Wr1ter/pw#x?y"
    for url in [
      "postgres://lcq_writer:\(password)@127.0.0.1:55439/lcq",
      "postgres://lcq_writer:Wr1ter/pw@127.0.0.1:55439/lcq", "postgres://lcq_writer:a?xy@127.0.0.1:55439/lcq",
      "postgres://lcq_writer:a#b@127.0.0.1:55439/lcq",
    ] {
      do {
        _ = try PostgresLocation(url: url, environment: bare)
      } catch {
        let message = String(describing: error) + " " + DatabaseLocation.redacted(url)
        for secret in ["Wr1ter", "pw#x", "xy@", "a#b", "a?xy"] {
          XCTAssertFalse(message.contains(secret), "\(url): \(message)")
        }
      }
    }
  }

  /// P3, P4: the redacted form of every URL shape the review tried, worked out by hand.
  func testP3P4TheRedactedFormOfEachShape() {
    let cases: [(String, String)] = [
      ("postgres://lcq_owner:Own3r-pw@127.0.0.1:55439/lcq", "postgres://lcq_owner:***@127.0.0.1:55439/lcq"),
      (
        "postgres://lcq_writer:Wr1ter/pw#x?y@127.0.0.1:55439/lcq",
        "postgres://lcq_writer:***@127.0.0.1:55439/lcq"
      ),
      ("postgres://u:p@h/lcq?pass%77ord=WRONGPW3", "postgres://u:***@h/lcq?password=***"),
      ("postgres://h/lcq?password=hunter2&sslmode=require", "postgres://h/lcq?password=***&sslmode=require"),
      ("postgres://h/lcq?sslmode=hunter2", "postgres://h/lcq?sslmode=***"),
      (
        "postgres://h/lcq?application_name=ci&connect_timeout=5",
        "postgres://h/lcq?application_name=***&connect_timeout=5"
      ),
      ("postgres://h/lcq?we%ird=1", "postgres://h/lcq?***"),
      ("postgres://h/lcq#fragment-secret", "postgres://h/lcq#***"),
      ("postgres://us/er:pw@h/lcq", "postgres://***@h/lcq"),
      ("postgres://u@h/lcq?application_name=a@b", "postgres://***@b"),
      ("/var/lib/lcq/lcq.sqlite", "/var/lib/lcq/lcq.sqlite"),
    ]
    for (url, shown) in cases {
      XCTAssertEqual(DatabaseLocation.redacted(url), shown, url)
    }
  }

  /// P3: random 32-character base64 passwords, written unescaped into a URL: none of their
  /// 8-character runs is in the redacted form or in the parser's message.
  func testP3RandomPasswordsNeverShow() {
    var random = SeededGenerator.forTest(#function)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=#?@:%&")
    for _ in 0..<2_000 {
      let password = String((0..<32).map { _ in alphabet.randomElement(using: &random)! })
      let url = "postgres://lcq_writer:\(password)@db.internal:5432/lcq?sslmode=require"
      var shown = DatabaseLocation.redacted(url)
      do {
        _ = try PostgresLocation(url: url, environment: bare)
      } catch {
        shown += " " + String(describing: error)
      }
      let characters = Array(password)
      for start in 0...(characters.count - 8) {
        let run = String(characters[start..<(start + 8)])
        XCTAssertFalse(shown.contains(run), "\(password): \(shown)")
      }
    }
  }

  /// P7, P8: a host that is not this machine gets `require` when nothing says otherwise, and a
  /// weaker mode given for it is warned of; loopback keeps libpq's `prefer` and no warning.
  func testP7P8TLSIsRequiredByDefaultOffThisMachine() throws {
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://u:p@db.example.com/lcq", environment: bare).sslMode, .require)
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://u:p@10.0.0.5/lcq", environment: bare).sslMode, .require)
    for host in ["127.0.0.1", "localhost", "[::1]", "127.3.2.1"] {
      let location = try PostgresLocation(url: "postgres://u:p@\(host)/lcq", environment: bare)
      XCTAssertEqual(location.sslMode, .prefer, host)
      XCTAssertNil(location.cleartextWarning, host)
    }
    for mode in ["disable", "allow", "prefer"] {
      let location = try PostgresLocation(
        url: "postgres://u:p@db.example.com/lcq?sslmode=\(mode)", environment: bare)
      XCTAssertEqual(
        location.cleartextWarning,
        "warning: sslmode=\(mode) to db.example.com: the password and every row may cross the network "
          + "unencrypted; use sslmode=require, or verify-full to check the server's certificate")
    }
    for mode in ["require", "verify-ca", "verify-full"] {
      XCTAssertNil(
        try PostgresLocation(url: "postgres://u:p@db.example.com/lcq?sslmode=\(mode)", environment: bare)
          .cleartextWarning)
    }
    // PGSSLMODE still speaks for the user.
    var environment = bare
    environment["PGSSLMODE"] = "disable"
    XCTAssertEqual(
      try PostgresLocation(url: "postgres://db.example.com/lcq", environment: environment).sslMode, .disable)
  }
}
