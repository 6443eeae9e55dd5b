import Foundation
import XCTest

/// No SQL in lcq's code is built by interpolating a value: every value is a bound argument.
///
/// The test reads every Swift file under `Sources/`, finds the string literals that hold SQL
/// (they contain an SQL keyword), and checks each `\(…)` inside them against a short list of
/// fragments that are fixed SQL text chosen by the code (column names from a literal list,
/// `ORDER BY` clauses picked by a `switch`, common table expressions whose values are bound).
/// A new interpolation fails the test until it is made a bound argument, or reviewed and added
/// here with the reason it cannot carry a value.
final class SQLInterpolationTests: XCTestCase {
  /// file name → the interpolated expressions allowed in its SQL, each fixed text.
  static let fixedFragments: [String: Set<String>] = [
    // `inScope`/`earlier` are SQL conditions picked by a switch over the check's scope kind.
    "BuildCheck.swift": ["inScope", "earlier"],
    // `counts.sql` is QueryFilter's CTE (values bound); `column` comes from a literal list;
    // `order` from the call sites' literals.
    "ConflictDetails.swift": ["counts.sql", "column", "order"],
    // Fixed conditions from the functions' literals; `having` is one of them.
    "Lifecycle.swift": [
      "run.sql", "counts.sql", "condition", "buildCondition", #"having.map { "HAVING " + $0 } ?? """#,
    ],
    // Column names from a literal list of four.
    "QueryFilter.swift": ["column"],
    // `orderColumn` is picked by a switch over TopOrder.
    "TopConflicts.swift": ["counts.sql", "orderColumn"],
    "Trend.swift": ["counts.sql"],
  ]

  static let keywords = try! NSRegularExpression(
    pattern:
      #"\b(SELECT|INSERT|UPDATE|DELETE|WHERE|FROM|ORDER BY|GROUP BY|HAVING|WITH|PRAGMA|CREATE|DROP|ALTER|VALUES|LIMIT)\b"#
  )
  static let literals = try! NSRegularExpression(
    pattern: #"\"\"\"(.*?)\"\"\"|\"((?:[^\"\\\n]|\\.)*)\""#, options: [.dotMatchesLineSeparators])

  func testNoValueIsInterpolatedIntoSQL() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
      .compactMap { $0 as? URL }.filter {
        $0.pathExtension == "swift" && $0.lastPathComponent != "EmbeddedSQL.swift"
      }
    XCTAssertGreaterThan(files.count, 50)
    var found = 0
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for literal in Self.sqlLiterals(in: text) {
        for expression in Self.interpolations(in: literal) {
          found += 1
          XCTAssertTrue(
            Self.fixedFragments[file.lastPathComponent]?.contains(expression) ?? false,
            "\(file.lastPathComponent): \\(\(expression)) is interpolated into SQL; bind it as an argument")
        }
      }
    }
    XCTAssertGreaterThan(found, 0, "the scan finds the reviewed fragments")
  }

  func testTheScanSeesAnInterpolatedValue() {
    let code = #"try db.execute(sql: "DELETE FROM runs WHERE id = \(runID)")"#
    XCTAssertEqual(Self.sqlLiterals(in: code).flatMap(Self.interpolations), ["runID"])
  }

  static func sqlLiterals(in text: String) -> [String] {
    let range = NSRange(text.startIndex..., in: text)
    return literals.matches(in: text, range: range).compactMap { match in
      let group = match.range(at: 1).location != NSNotFound ? 1 : 2
      guard let bodyRange = Range(match.range(at: group), in: text) else { return nil }
      let body = String(text[bodyRange])
      return keywords.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)) == nil ? nil : body
    }
  }

  /// The expressions of every `\(…)` in `literal`, parentheses balanced.
  static func interpolations(in literal: String) -> [String] {
    var expressions: [String] = []
    var rest = Substring(literal)
    while let start = rest.range(of: "\\(") {
      var depth = 1
      var index = start.upperBound
      while index < rest.endIndex, depth > 0 {
        if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
        index = rest.index(after: index)
      }
      expressions.append(String(rest[start.upperBound..<rest.index(before: index)]))
      rest = rest[index...]
    }
    return expressions
  }
}
