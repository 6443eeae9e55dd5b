import XCTest

@testable import LCQStore

/// The rewrites of lcq's SQL text before an engine runs it: named parameters to `?`, and `?`
/// to PostgreSQL's `$n`, never inside a quoted string, a quoted name or a comment.
final class SQLTextTests: XCTestCase {
  func testNamedParametersBecomePlaceholdersInOrderOfUse() {
    let sql = """
      -- Parameters: :since, :until (a comment's words are not parameters)
      SELECT strftime('%Y-%m-%dT%H:%M:%SZ', t, 'unixepoch') AS "a:b", :since AS s, :app AS a
      FROM x WHERE y = :since AND z = :missing
      """
    let rewritten = SQLText.positional(sql, named: ["since": .text("2024-01-01"), "app": .text("")])
    XCTAssertEqual(
      rewritten.sql,
      """

      SELECT strftime('%Y-%m-%dT%H:%M:%SZ', t, 'unixepoch') AS "a:b", ? AS s, ? AS a
      FROM x WHERE y = ? AND z = ?
      """)
    XCTAssertEqual(rewritten.values, [.text("2024-01-01"), .text(""), .text("2024-01-01"), .null])
  }

  func testACastIsNotAParameter() {
    XCTAssertEqual(
      SQLText.positional("SELECT a::text, :b", named: ["b": .integer(1)]).sql, "SELECT a::text, ?")
  }

  func testQuestionMarksAreNumberedOutsideQuotesAndComments() {
    XCTAssertEqual(
      SQLText.numbered("SELECT ?, '?', \"?\", 'it''s ?' -- why?\nFROM t WHERE a = ? AND b = ?"),
      "SELECT $1, '?', \"?\", 'it''s ?' -- why?\nFROM t WHERE a = $2 AND b = $3")
  }

  func testAnUnclosedStringRunsToTheEnd() {
    XCTAssertEqual(SQLText.numbered("SELECT ? , 'a ?"), "SELECT $1 , 'a ?")
  }
}
