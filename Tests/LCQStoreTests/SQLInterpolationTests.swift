import Foundation
import XCTest

/// No SQL in lcq's code is built from a value: every value is a bound argument.
///
/// The test reads every Swift file under `Sources/` and finds the string literals that hold
/// SQL: those with an upper-case SQL keyword, those that start with a lower-case statement
/// keyword (`select …`), and those written into something named SQL (`sql: "…"`, `sql = "…"`,
/// `sql += "…"`, `SQL("…")`). It flags each interpolation inside them
/// (`\(…)`, and `\#(…)` in raw strings) and each concatenation of such a literal with
/// something that is not a literal (`"… = '" + value`), then checks each against a short list
/// of fragments that are fixed SQL text chosen by the code (column names from a literal list,
/// `ORDER BY` clauses picked by a `switch`, common table expressions whose values are bound).
/// A new one fails the test until it is made a bound argument, or reviewed and added here
/// with the reason it cannot carry a value. An entry of the list that the scan no longer finds
/// fails the test too, so the list cannot go stale.
final class SQLInterpolationTests: XCTestCase {
  /// file name → the interpolated or concatenated expressions allowed in its SQL, each fixed text.
  static let fixedFragments: [String: Set<String>] = [
    // `inScope`/`earlier`/`previousScope` are SQL conditions picked by a switch over the check's
    // scope kind, `previousColumn`/`previousOrder` a column and an order picked by it, `forApp`
    // a constant condition on a bound parameter; CodeOwnerColumns' fixed column list and
    // condition, with literal aliases and parameters; TestQueries' subquery of the same
    // conditions and TieOrder's constant order.
    // `counted` counts the runs less ReadAgainRun's constant condition on a literal alias.
    "BuildCheck.swift": [
      "inScope", "earlier", "previousScope", "previousColumn", "previousOrder", "forApp", "counted",
      #"TestQueries.first(of: "c.id", " AND \(inScope) AND \(forApp)", TieOrder.earliestFirst)"#,
      #"CodeOwnerColumns.selectWithLine("c")"#,
      #"CodeOwnerColumns.ownedBy("c.id", "CAST(:team AS TEXT)")"#, #"DamageColumns.select("c")"#,
    ],
    // The table alias and the column and parameter names that the callers above pass as literals;
    // `select(alias)` is the fixed column list above it.
    "CodeOwnerColumns.swift": ["alias", "column", "parameter", "select(alias)"],
    // `codeOwnerRuns` and `testsShown` are constants.
    // `TieOrder.latestFirst` and `TieOrder.earliestFirst` are constant ORDER BY lists;
    // TestQueries' statements with `inside`, `occurrencesInside`'s fixed time bounds and
    // `run.sql` (QueryFilter.runCondition: fixed column names, values bound).
    // `counts` is QueryFilter's CTE (values bound).
    "ConflictCounts.swift": ["counts"],
    "ConflictDetails.swift": [
      "codeOwnerRuns", "TieOrder.latestFirst", "run.sql", "testsShown",
      #"TestQueries.logged(by: "?", inside)"#, #"TestQueries.first(of: "?", inside, TieOrder.earliestFirst)"#,
      #"DamageColumns.select("conflicts")"#,
    ],
    // The dialect's function names (`max`/`GREATEST`, `min`/`LEAST`), from SQLDialect's constants.
    // `differs` is the dialect's `IS NOT` or `IS DISTINCT FROM`; ManyRows' rows of `?`
    // placeholders (literal rows, or `row`, a literal of casts of `?`), as many as the batch has;
    // TieOrder's subqueries of literal columns and its constant orders; `table` and `key`,
    // DaySum's literal names of the two sums per day.
    "OccurrenceCounts.swift": [
      "dialect.least", "dialect.greatest", "differs", "table", "key",
      #"ManyRows.values("(?, ?, ?, ?, ?, ?)", count: rows)"#,
      "ManyRows.values(row, count: rows)", #"ManyRows.values("(?, ?, ?)", count: rows)"#,
      #"TieOrder.first("r.build", of: "conflicts.id", at: "conflicts.first_seen", TieOrder.earliestFirst)"#,
      #"TieOrder.first("r.build", of: "conflicts.id", at: "conflicts.last_seen", TieOrder.latestFirst)"#,
    ],
    // Its callers' literal column names and constant orders.
    "TieOrder.swift": ["column", "conflict", "time", "order"],
    // The rollup's sums per day: `table` from its literal list of the count tables, `sum.table`
    // and `sum.key` DaySum's literal names, `onDay` a literal condition on a bound day.
    "OccurrenceRollup.swift": ["table", "sum.table", "sum.key", "onDay"],
    // The conflicts' recount: `condition` is one of its two callers' literal conditions (none,
    // or a bound time), and TieOrder's subqueries of literal columns with its constant orders;
    // `differs`, the dialect's `IS NOT` or `IS DISTINCT FROM`.
    // The token's columns, a literal list; `runs`, a literal subquery on the bound token name.
    "AccessTokens.swift": ["AccessToken.columns", "runs"],
    "Maintenance.swift": [
      "condition", "differs",
      #"TieOrder.first("r.build", of: "conflicts.id", at: "s.first_time", TieOrder.earliestFirst)"#,
      #"TieOrder.first("r.build", of: "conflicts.id", at: "s.last_time", TieOrder.latestFirst)"#,
    ],
    // Column names and (`valueRows`) `CAST(? AS type)` or `?` lists from `Occurrence.Columns`,
    // as many rows as the batch has; `source` is one of its callers' literal row sources (a `VALUES` list
    // of those, or `unnest` of an array parameter per column).
    "OccurrenceInsert.swift": [
      "StoredRows.columnList(StoredRows.Occurrence.Columns.self)",
      "valueRows", "source", "names",
    ],
    // The grown message's literal assignments, and one of two literal row sources.
    "StoredRows+OpenMessages.swift": ["set", "occurrence"],
    // `?` placeholder lists sized by the batch.
    "IngestBatch.swift": [
      "placeholders(rows: 1, width: chunk.count)", "placeholders(rows: chunk.count, width: 2)",
      // The dialect's row lock (`FOR NO KEY UPDATE`), from SQLDialect's constants.
      "lock",
      // `lookups(of:in:then:)`'s table, one of the literal names its callers pass, and its
      // tail: nothing, or a literal order and the dialect's row lock.
      "table", "tail",
    ],
    // Column names, `name = ?` assignments and `?` lists, each from the cases of
    // `RunStart.Columns`, `RunTotals.Columns` or `FailedBlock.Columns`; `values` is rows of
    // those placeholders, as many as the batch has.
    "StoredRows+Runs.swift": [
      "StoredRows.columnList(Columns.self)", "StoredRows.placeholders(Columns.self)",
      "StoredRows.assignments(Columns.self)",
    ],
    "StoredRows+FailedBlocks.swift": ["StoredRows.columnList(Columns.self)", "values"],
    // The dialect's `instr` or `strpos`, from SQLDialect's constants.
    "IngestWriter.swift": ["queries.dialect.position"],
    // The table of applied migrations: one of the two engines' literal names.
    "Migrator.swift": ["table"],
    // Fixed conditions from the functions' literals; `having` is one of them, and `runs.sql`
    // the filter's run conditions (QueryFilter.runsBeforeUntil: fixed columns, values bound).
    // `finally` is one of the functions' literal conditions (TestRuns', of literal aliases);
    // `chosen` wraps NewConflicts' query (below) in a CTE, and `chosenCondition` is literal.
    "Lifecycle.swift": [
      "runs.sql", "counts.sql", "condition", "buildCondition", #"having.map { "HAVING " + $0 } ?? """#,
      #"CodeOwnerColumns.select("c")"#, #"finally.map { "WHERE " + $0.sql } ?? """#, "chosen",
      "chosenCondition",
    ],
    // `row` is one of the literal aliases `x` and `old`; `new.sql` and `old.sql` the literal
    // conditions of its two callers, and `counted.sql`/`countedOld.sql` CountedRows' condition.
    "NewConflicts.swift": ["row", "new.sql", "old.sql", "counted.sql", "countedOld.sql"],
    // A literal alias, and the filter's run conditions (QueryFilter.runCondition: fixed
    // columns, values bound).
    "CountedRows.swift": ["row", "run.sql"],
    // `recent` is one of its two callers' literal conditions (values bound), `counted.sql`
    // CountedRows' condition.
    "QuietConflicts.swift": ["recent", "counted.sql"],
    // The filter's run conditions (QueryFilter.runsBeforeUntil), alone or after a literal
    // condition on build keys (`lifetime`, `newest`: values bound), in TestRuns' subqueries of
    // literal aliases; TestRuns' constant guard.
    "QuietRuns.swift": [
      "runs.sql", "lifetimeRuns.sql", "TestRuns.anyRecorded",
      #"TestRuns.logged("c.id", " AND \(lifetime.sql)")"#, #"TestRuns.ranOneOf("c.id", lifetime.sql)"#,
      #"TestRuns.ranOneOf("c.id", newest.sql)"#,
    ],
    // Its callers' literal aliases and parameter names, and check's scope conditions (fixed
    // text, values bound); its own constant guard and subqueries, and TestQueries' occurrences.
    "TestRuns.swift": [
      "anyRecorded", "condition", "conflict", "since", "test", "TestRuns.anyRecorded", "testsOf(conflict)",
      "TestQueries.occurrences(of: conflict, condition)",
      #"TestRuns.logged("c.id", " AND o.test = :test AND \(inScope)")"#, #"TestRuns.ran(":test", inScope)"#,
      #"TestRuns.logged("c.id", " AND o.test = :test AND \(previousScope)")"#,
      #"TestRuns.ran(":test", previousScope)"#,
    ],
    // CodeOwnerColumns' fixed column list and condition, with literal aliases and parameters;
    // TestQueries' subqueries with literal aliases and TieOrder's constant orders.
    "Notifications.swift": [
      #"CodeOwnerColumns.select("c")"#, #"CodeOwnerColumns.ownedBy("c.id", "CAST(:team AS TEXT)")"#,
      #"TestQueries.first(of: "c.id", "", TieOrder.earliestFirst)"#,
      #"TestQueries.first(of: "c.id", "", TieOrder.latestFirst)"#, #"DamageColumns.select("c")"#,
    ],
    // Column and table names from StoreCopy's literal lists and its callers' literals; `?`
    // placeholder lists sized by the batch; `conflict` is one of two literal clauses.
    "StoreCopy.swift": ["list", "table", "values", "conflict", "placeholders", "column", "conditions"],
    // Column names from a literal list of four.
    // CodeOwnerColumns' condition on the literal column `x.conflict_id` (its value bound).
    // `Self.windowCounts(dialect)` is the embedded dashboards/_window_counts.sql.
    // `run.sql` is runCondition's fixed columns, to which runsBeforeUntil adds a fixed condition.
    // DamageColumns.atLeast is a constant statement (its value bound).
    "QueryFilter.swift": [
      "column", "Self.windowCounts(dialect)", "CodeOwnerColumns.ownedBy", "run.sql", "DamageColumns.atLeast",
    ],
    // The occurrence insert's column names and `?` placeholders, from the cases of
    // `Occurrence.Columns`.
    // `differs` is the dialect's `IS NOT` or `IS DISTINCT FROM`, from SQLDialect's constants.
    // TieOrder's subquery of literal columns and a constant order.
    // ManyRows' rows of `row`, a literal of casts of `?`, as many as the batch has.
    "StoredRows.swift": [
      "differs", "ManyRows.values(row, count: rows)",
      #"TieOrder.first("o.identity", of: "conflicts.id", at: "conflicts.first_seen", TieOrder.earliestFirst)"#,
    ],
    // `orderColumn` is picked by a switch over TopOrder; `inside.sql` is
    // DetailsStatements.occurrencesInside (fixed conditions, values bound).
    "TopConflicts.swift": [
      "counts.sql", "orderColumn", #"CodeOwnerColumns.select("c")"#, #"DamageColumns.select("c")"#,
      #"TestQueries.count(of: "t.conflict_id", inside.sql)"#,
    ],
    // Its callers' literal aliases, conditions of fixed text (values bound) and constant
    // orders; its own constant condition.
    "TestQueries.swift": [
      "conflict", "condition", "anyTestLogged", "occurrences(of: conflict, condition)", "order",
    ],
    // The filter's run conditions (QueryFilter.runCondition) and its owner and team conditions
    // on a literal column (QueryFilter.conflictConditions: values bound).
    "TestTrend.swift": ["run.sql", "conflicts.sql"],
    // `totals` is a fixed list of aggregate columns written in the same function; `run.sql` the
    // filter's run conditions (QueryFilter.runCondition: fixed column names, values bound).
    "Trend.swift": ["counts.sql", "totals", "run.sql", #"ReadAgainRun.condition("r")"#],
    // The caller's literal alias of `runs`.
    "ReadAgainRun.swift": ["alias"],
    // The embedded dashboards/_day_spans.sql and _window_counts.sql (their values bound).
    "DayTrend.swift": ["QueryFilter.daySpans(dialect)", "QueryFilter.windowCounts(dialect)"],
  ]

  /// SQL words, as lcq writes them (upper case).
  static let keywords = try! NSRegularExpression(
    pattern:
      #"\b(SELECT|INSERT|UPDATE|DELETE|WHERE|FROM|ORDER BY|GROUP BY|HAVING|WITH|PRAGMA|CREATE|DROP|ALTER|VALUES|LIMIT|AND|OR|SET|JOIN|ON|IN|LIKE|INTO|COALESCE)\b"#
  )
  /// A literal that starts a statement in lower case (upper case is a keyword above).
  static let statementStart = try! NSRegularExpression(
    pattern: #"^\s*(select|insert|update|delete|pragma|create|drop|alter)\s"#)
  /// Code that writes the literal after it into SQL: `sql:`, `sql =`, `sql +=`, `SQL(`.
  static let sqlTarget = try! NSRegularExpression(
    pattern: #"sql\s*(:|\+?=|\()\s*$"#, options: [.caseInsensitive])
  /// String literals: raw multi-line, multi-line, raw, plain (the body is group 2, 3, 5 or 6).
  static let literals = try! NSRegularExpression(
    pattern: #"(#+)\"\"\"(.*?)\"\"\"\1|\"\"\"(.*?)\"\"\"|(#+)\"(.*?)\"\4|\"((?:[^\"\\\n]|\\.)*)\""#,
    options: [.dotMatchesLineSeparators])

  /// One place where SQL text meets an expression.
  struct Finding: Hashable {
    var file: String
    var expression: String
  }

  func testNoValueIsInterpolatedIntoSQL() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
      .compactMap { $0 as? URL }.filter {
        $0.pathExtension == "swift" && $0.lastPathComponent != "EmbeddedSQL.swift"
      }
    XCTAssertGreaterThan(files.count, 50)
    var seen = Set<Finding>()
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for expression in Self.findings(in: text) {
        seen.insert(Finding(file: file.lastPathComponent, expression: expression))
        XCTAssertTrue(
          Self.fixedFragments[file.lastPathComponent]?.contains(expression) ?? false,
          "\(file.lastPathComponent): \(expression) is built into SQL; bind it as an argument")
      }
    }
    for (file, expressions) in Self.fixedFragments {
      for expression in expressions {
        XCTAssertTrue(
          seen.contains(Finding(file: file, expression: expression)),
          "\(file): the allowed fragment \(expression) is no longer found; remove it from the list")
      }
    }
  }

  func testTheScanSeesEveryWayOfBuildingSQLFromAValue() {
    for (code, expected) in [
      (#"try db.execute(sql: "DELETE FROM runs WHERE id = \(runID)")"#, ["runID"]),
      (#"let sql = " and r.\(column) = ?""#, ["column"]),
      (##"let sql = #"SELECT * FROM runs WHERE id = \#(runID)"#"##, ["runID"]),
      (#"let sql = "SELECT * FROM runs WHERE name = '" + name + "'""#, ["name"]),
      (#"let sql = prefix + " WHERE id = ?""#, ["prefix"]),
      (#"let sql = "SELECT 1 " + "FROM runs""#, []),
      (#"try db.execute(sql: "select * from runs where id = " + id)"#, ["id"]),
      (#"query += "where name = '\(name)'""#, []),
      (#"sql += "where name = '\(name)'""#, ["name"]),
      (#"let message = "no conflict with \(prefix) in it""#, []),
    ] {
      XCTAssertEqual(Self.findings(in: code), expected, code)
    }
  }

  /// The expressions built into SQL literals in `text`: interpolations, then concatenated
  /// operands that are not literals themselves.
  static func findings(in text: String) -> [String] {
    let range = NSRange(text.startIndex..., in: text)
    var result: [String] = []
    for match in literals.matches(in: text, range: range) {
      guard let group = [2, 3, 5, 6].first(where: { match.range(at: $0).location != NSNotFound }),
        let bodyRange = Range(match.range(at: group), in: text), let whole = Range(match.range, in: text)
      else { continue }
      let body = String(text[bodyRange])
      let searched = NSRange(body.startIndex..., in: body)
      let before = String(text[..<whole.lowerBound].suffix(40))
      let isSQL =
        keywords.firstMatch(in: body, range: searched) != nil
        || statementStart.firstMatch(in: body, range: searched) != nil
        || sqlTarget.firstMatch(in: before, range: NSRange(before.startIndex..., in: before)) != nil
      guard isSQL else { continue }
      result += interpolations(in: body)
      if let operand = operand(after: text[whole.upperBound...]) { result.append(operand) }
      if let operand = operand(before: text[..<whole.lowerBound]) { result.append(operand) }
    }
    return result
  }

  /// `+ name` after a literal, when `name` is not a literal.
  static func operand(after text: Substring) -> String? {
    let rest = text.drop { $0 == " " }
    guard rest.first == "+", rest.dropFirst().first != "=" else { return nil }
    let operand = rest.dropFirst().drop { $0 == " " }
    guard let first = operand.first, first != "\"", first != "#", first != "\n" else { return nil }
    return String(operand.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
  }

  /// `name +` before a literal, when `name` is not a literal (`(…)` for a call or a group).
  static func operand(before text: Substring) -> String? {
    let rest = text.reversed().drop { $0 == " " }
    guard rest.first == "+" else { return nil }
    let operand = rest.dropFirst().drop { $0 == " " }
    guard let last = operand.first, last != "\"", last != "#", last != "\n", last != "(" else { return nil }
    if last == ")" { return "(…)" }
    let name = String(operand.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.reversed())
    return name.isEmpty ? nil : name
  }

  /// The expressions of every `\(…)` and `\#(…)` in `literal`, parentheses balanced (an
  /// escaped backslash starts none).
  static func interpolations(in literal: String) -> [String] {
    let characters = Array(literal)
    var expressions: [String] = []
    var index = 0
    while index < characters.count {
      guard characters[index] == "\\" else {
        index += 1
        continue
      }
      var open = index + 1
      while open < characters.count, characters[open] == "#" { open += 1 }
      guard open < characters.count, characters[open] == "(" else {
        index += characters.indices.contains(index + 1) && characters[index + 1] == "\\" ? 2 : 1
        continue
      }
      var depth = 1
      var end = open + 1
      while end < characters.count, depth > 0 {
        if characters[end] == "(" { depth += 1 } else if characters[end] == ")" { depth -= 1 }
        end += 1
      }
      expressions.append(String(characters[(open + 1)..<max(open + 1, end - 1)]))
      index = end
    }
    return expressions
  }
}
