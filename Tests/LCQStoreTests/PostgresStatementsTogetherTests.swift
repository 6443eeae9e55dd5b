// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQTestSupport
  import XCTest

  @testable import LCQStore

  /// A statement run for many values in an ingest batch (``PostgresLink/executeEach(_:_:)``), on
  /// a real PostgreSQL server: the runs are handed to the connection together, yet they run in
  /// order, their changes add up, and when one fails its own error is the one thrown (not that of
  /// the statements after it, which fail because the transaction has) and nothing is committed.
  final class PostgresStatementsTogetherTests: XCTestCase {
    private static let insert = "INSERT INTO block_templates (hash, template) VALUES (?, ?)"

    private func store() throws -> (PostgresStore, database: String, PostgresTestServer) {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      return (try PostgresStore(url: url, mode: .createIfMissing, environment: [:]), database, server)
    }

    func testStatementsHandedOverTogetherRunInOrderAndCountEveryChange() throws {
      let (store, database, server) = try store()
      let changed = try store.writeBatch { _, statements throws(StoreError) in
        try statements.executeEach(
          Self.insert, ["c", "a", "b"].map { [QueryValue.text($0), .text("template \($0)")] })
      }
      XCTAssertEqual(changed, 3)
      XCTAssertEqual(
        try server.psql(database, "SELECT string_agg(hash, ',' ORDER BY id) FROM block_templates"), "c,a,b\n")
    }

    func testTheFailingStatementsOwnErrorIsThrownAndNothingIsCommitted() throws {
      let (store, database, server) = try store()
      let values = ["a", "a", "b", "c"].map { [QueryValue.text($0), .text("template \($0)")] }
      XCTAssertThrowsError(
        try store.writeBatch { _, statements throws(StoreError) in
          try statements.executeEach(Self.insert, values)
        }
      ) { error in
        guard case StoreError.postgres(_, let message, let state) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(state, "23505", message)
        XCTAssertTrue(message.contains("duplicate key"), message)
      }
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM block_templates"), "0\n")
    }
  }
#endif
