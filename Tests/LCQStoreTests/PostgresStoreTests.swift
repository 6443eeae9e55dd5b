// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQStore
  import LCQTestSupport
  import XCTest

  /// The team store's opening on a real PostgreSQL server (a throwaway cluster on 127.0.0.1):
  /// migrations under the advisory lock, a newer schema refused, login failures said clearly.
  final class PostgresStoreTests: XCTestCase {
    private func server() throws -> PostgresTestServer { try PostgresTestServer.shared() }

    /// The files in `Migrations/postgresql/`, counted from the folder.
    private var migrationFiles: Int {
      let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations/postgresql")
      return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasSuffix(".sql")
      }.count
    }

    func testEightRunnersOpeningANewDatabaseAtOnceMigrateItOnce() throws {
      let server = try server()
      let url = try server.makeDatabase()
      let errors = LockedErrors()
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        do {
          _ = try PostgresStore(url: url, mode: .createIfMissing, environment: [:])
        } catch {
          errors.append(error)
        }
      }
      XCTAssertEqual(errors.all.map(String.init(describing:)), [])
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM lcq_migrations"), "\(migrationFiles)\n")
      XCTAssertEqual(
        try server.psql(database, "SELECT count(*) FROM pg_tables WHERE tablename = 'occurrences'"), "1\n")
    }

    func testADatabaseWrittenByANewerLCQIsRefusedBeforeAnythingIsWritten() throws {
      let server = try server()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      _ = try PostgresStore(url: url, mode: .createIfMissing, environment: [:])
      try server.psql(database, "INSERT INTO lcq_migrations VALUES ('9999_from_the_future.sql')")
      XCTAssertThrowsError(try PostgresStore(url: url, mode: .createIfMissing, environment: [:])) { error in
        guard case StoreError.newerSchema(_, let unknown) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(unknown, ["9999_from_the_future.sql"])
        XCTAssertTrue("\(error)".contains("upgrade lcq"), "\(error)")
      }
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM runs"), "0\n")
    }

    func testReadingADatabaseLCQNeverWroteSaysThereIsNone() throws {
      let server = try server()
      let url = try server.makeDatabase()
      XCTAssertThrowsError(try PostgresStore(url: url, mode: .readOnly, environment: [:])) { error in
        guard case StoreError.missing = error else { return XCTFail("\(error)") }
      }
    }

    func testAWrongPasswordIsSaidWithoutShowingAnyPassword() throws {
      let server = try server()
      let name = "lcq_login"
      _ = try server.makeDatabase(name)
      let wrong = "n0t-the-Pw-4417"
      XCTAssertThrowsError(
        try PostgresStore(url: server.url(database: name, password: wrong), mode: .readOnly, environment: [:])
      ) { error in
        let message = "\(error)"
        XCTAssertTrue(message.contains("password authentication failed"), message)
        XCTAssertTrue(message.contains("SQLSTATE 28P01"), message)
        XCTAssertFalse(message.contains(wrong), message)
        XCTAssertTrue(message.contains("lcq:***@"), message)
      }
    }

    func testAServerThatIsNotThereIsSaidPlainly() throws {
      let server = try server()
      let url =
        "postgres://lcq@127.0.0.1:\(server.port == 65_535 ? 65_534 : server.port + 1)/none?sslmode=disable"
      XCTAssertThrowsError(try PostgresStore(url: url, mode: .readOnly, environment: [:])) { error in
        XCTAssertTrue("\(error)".contains("cannot reach the server"), "\(error)")
      }
    }
  }

  /// Errors collected from several threads.
  private final class LockedErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []
    func append(_ error: any Error) { lock.withLock { errors.append(error) } }
    var all: [any Error] { lock.withLock { errors } }
  }
#endif
