// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  @testable import LCQStore
  import LCQTestSupport
  import XCTest

  /// Reads of one team store from two threads at once (the report's panels, one per core) run
  /// on two connections; where the server refuses a second one, they take turns on the first.
  ///
  /// Each test holds an advisory lock from another store, so that a read waiting for it stays
  /// in the server until the test lets it go; whether a second read answers meanwhile is then a
  /// fact, not a race.
  final class OverlappingReadsTests: XCTestCase {
    private static let lockKey = 4_242_001

    func testASecondReadAnswersWhileTheFirstWaitsInTheServer() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let store = try PostgresStore(url: url, mode: .createIfMissing, environment: [:])
      let held = try Self.holdLock(url: url)
      defer { held.release() }

      let first = Self.inBackground { () throws(StoreError) in
        try Self.readAfterTheLock(store)
      }
      try Self.waitUntilALockIsAwaited(server, database: Self.name(of: url))
      let second = Self.inBackground { () throws(StoreError) in
        try store.queries.rows("SELECT 41 + 1 AS answer").first?.integer("answer")
      }
      XCTAssertEqual(try second.value(within: 20), 42, "the second read waited for the first's connection")
      XCTAssertFalse(first.isDone, "the first read answered before its lock was let go")

      held.release()
      XCTAssertEqual(try first.value(within: 20), 7)
    }

    func testAServerThatRefusesASecondConnectionGetsTheReadsOneAfterTheOther() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = Self.name(of: url)
      _ = try PostgresStore(url: url, mode: .createIfMissing, environment: [:])
      let role = "one_\(database)"
      try server.psql(
        database,
        "CREATE ROLE \(role) LOGIN PASSWORD 'one-Pw' CONNECTION LIMIT 1; "
          + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)")
      let reader = try PostgresStore(
        url: url.replacingOccurrences(
          of: "\(PostgresTestServer.user):\(PostgresTestServer.password)", with: "\(role):one-Pw"),
        mode: .readOnly, environment: [:])
      let held = try Self.holdLock(url: url)
      defer { held.release() }

      let first = Self.inBackground { () throws(StoreError) in
        try Self.readAfterTheLock(reader)
      }
      try Self.waitUntilALockIsAwaited(server, database: database)
      let second = Self.inBackground { () throws(StoreError) in
        try reader.queries.rows("SELECT count(*) AS runs FROM runs").first?.integer("runs")
      }
      // The second read waits for the one connection the role may hold, not for the server.
      Thread.sleep(forTimeInterval: 0.5)
      XCTAssertFalse(second.isDone, "the second read answered on a connection the role may not hold")
      held.release()
      XCTAssertEqual(try first.value(within: 20), 7)
      XCTAssertEqual(try second.value(within: 20), 0, "the refused connection was waited for, or said")
      XCTAssertEqual(
        try server.psql(database, "SELECT count(*) FROM pg_stat_activity WHERE usename = '\(role)'"), "1\n")
    }

    // MARK: Helpers

    /// 7, read on `store` once the lock ``lockKey`` is free.
    private static func readAfterTheLock(_ store: PostgresStore) throws(StoreError) -> Int64? {
      try store.queries.rows(
        "SELECT 7 AS answer FROM (SELECT pg_advisory_xact_lock_shared(?)) AS waited",
        [.integer(Int64(lockKey))]
      ).first?.integer("answer")
    }

    /// The database named in `url`.
    private static func name(of url: String) -> String {
      String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    }

    /// Holds the advisory lock ``lockKey`` in a transaction of its own store until released.
    private static func holdLock(url: String) throws -> HeldLock {
      let holder = try PostgresStore(url: url, mode: .readOnly, environment: [:])
      let lock = HeldLock()
      let taken = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        try? holder.queries.transaction { queries throws(StoreError) in
          _ = try queries.rows("SELECT pg_advisory_xact_lock(?)", [.integer(Int64(lockKey))])
          taken.signal()
          lock.waitForRelease()
        }
        taken.signal()
      }
      guard taken.wait(timeout: .now() + 20) == .success else { throw HeldLock.NotTaken() }
      return lock
    }

    /// Waits (at most 20 s) until a connection to `database` waits for an advisory lock.
    private static func waitUntilALockIsAwaited(_ server: PostgresTestServer, database: String) throws {
      for _ in 0..<400 {
        let waiting = try server.psql(
          database, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
        if waiting != "0\n" { return }
        Thread.sleep(forTimeInterval: 0.05)
      }
      XCTFail("no read came to wait for the lock")
    }

    /// `body` run on a thread of its own.
    private static func inBackground(_ body: @escaping @Sendable () throws(StoreError) -> Int64?)
      -> Outcome
    {
      let outcome = Outcome()
      DispatchQueue.global().async { outcome.set(Result { () throws(StoreError) in try body() }) }
      return outcome
    }
  }

  /// A lock held by a test until it lets it go.
  private final class HeldLock: @unchecked Sendable {
    struct NotTaken: Error {}
    private let released = DispatchSemaphore(value: 0)
    private let once = NSLock()
    private var isReleased = false

    func waitForRelease() { released.wait() }

    func release() {
      once.withLock {
        guard !isReleased else { return }
        isReleased = true
        released.signal()
      }
    }
  }

  /// What a read on another thread answered, once it has.
  private final class Outcome: @unchecked Sendable {
    struct TimedOut: Error {}
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Int64?, StoreError>?

    var isDone: Bool { lock.withLock { result != nil } }

    func set(_ result: Result<Int64?, StoreError>) {
      lock.withLock { self.result = result }
      done.signal()
    }

    /// The read's answer, waiting at most `seconds` for it.
    func value(within seconds: Int) throws -> Int64? {
      guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { throw TimedOut() }
      done.signal()
      return try lock.withLock { result }?.get()
    }
  }
#endif
