// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQTestSupport
  import XCTest

  @testable import LCQStore

  /// Statements an ingest batch hands over together (``PostgresLink/tables(_:)``), on a real
  /// PostgreSQL server: they are handed to the connection together, yet they run in order, each
  /// answers with its own rows, and when one fails its own error is the one thrown (not that of
  /// the statements after it, which fail because the transaction has) and nothing is committed.
  final class PostgresStatementsTogetherTests: XCTestCase {
    private static let insert = "INSERT INTO block_templates (hash, template) VALUES (?, ?) RETURNING id"

    private func store() throws -> (PostgresStore, database: String, PostgresTestServer) {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      return (try PostgresStore(url: url, mode: .createIfMissing, environment: [:]), database, server)
    }

    func testStatementsHandedOverTogetherRunInOrderAndAnswerEachItsOwnRows() throws {
      let (store, database, server) = try store()
      let answers = try store.writeBatch { _, statements throws(StoreError) in
        try statements.fetchEach(
          ["c", "a", "b"].map {
            SQLStatement(sql: Self.insert, values: [.text($0), .text("template \($0)")])
          }
            + [SQLStatement(sql: "SELECT hash FROM block_templates ORDER BY hash")])
      }
      XCTAssertEqual(answers.map(\.count), [1, 1, 1, 3])
      XCTAssertEqual(answers.last?.map { $0.text("hash") ?? "" }, ["a", "b", "c"])
      XCTAssertEqual(
        try server.psql(database, "SELECT string_agg(hash, ',' ORDER BY id) FROM block_templates"), "c,a,b\n")
    }

    func testTheFailingStatementsOwnErrorIsThrownAndNothingIsCommitted() throws {
      let (store, database, server) = try store()
      let values = ["a", "a", "b", "c"].map { [QueryValue.text($0), .text("template \($0)")] }
      XCTAssertThrowsError(
        try store.writeBatch { _, statements throws(StoreError) in
          try statements.fetchEach(values.map { SQLStatement(sql: Self.insert, values: $0) })
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
