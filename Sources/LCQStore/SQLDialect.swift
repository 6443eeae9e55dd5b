/// What differs between the engines' SQL in the statements both run: the names of the
/// two-argument maximum and minimum (SQLite's scalar `max(a, b)` is PostgreSQL's `GREATEST`),
/// how a comparison that treats NULL as a value is written, how a table's existence is asked,
/// what holds writers back while counts are taken again, how a standby is told, and whether
/// occurrences live in monthly partitions.
struct SQLDialect: Sendable {
  /// The larger of two values.
  var greatest: String
  /// The smaller of two values.
  var least: String
  /// "Differs from, NULL included" (SQLite's `IS NOT`, which PostgreSQL takes only before NULL).
  var isDistinctFrom: String
  /// The position of a text in another, 0 when absent (`instr` and `strpos` take the same
  /// arguments: the text searched, then the text sought).
  var position: String
  /// Whether the table named by the one value exists, as a column `present` (0 or 1, or a
  /// boolean).
  var tableExists: String
  /// The number of lcq's tables in the database, as a column `n` (partitions not counted).
  var tableCount: String
  /// What keeps writers out while counts are rebuilt (`nil`: SQLite's write transaction
  /// already does).
  var lockForCounting: String?
  /// What a `SELECT` of conflicts ends with to hold their rows as an `UPDATE` of their counters
  /// would, so that the statements after it see what writers before it committed (`nil`: SQLite
  /// has one writer at a time). `NO KEY`: nothing that inserts occurrences waits for them.
  var lockRows: String?
  /// What a batch of ingest takes before it checks the ids it will store occurrences with, so
  /// that no prune or reanalysis deletes a conflict, run or template until it commits: those
  /// take ``lockForCounting``, which waits for it (`nil`: SQLite has one writer at a time).
  var lockOccurrencesForWriting: String?
  /// Whether the server is a standby replaying another's changes, as a column `present`
  /// (`nil`: an SQLite file is always the one written).
  var isStandby: String?
  /// What makes the monthly partitions of `occurrences` that the times in the one value (an
  /// array literal, `{t1,t2,…}`) fall in, where missing (`nil`: the engine keeps one table).
  var makeOccurrenceMonths: String?

  /// Whether `occurrences` is partitioned by month (``OccurrenceInsert``).
  var partitionsOccurrences: Bool { makeOccurrenceMonths != nil }

  /// The embedded SQLite file's.
  static let sqlite = SQLDialect(
    greatest: "max", least: "min", isDistinctFrom: "IS NOT", position: "instr",
    tableExists: "SELECT count(*) AS present FROM sqlite_master WHERE type = 'table' AND name = ?",
    tableCount:
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    lockForCounting: nil, lockRows: nil, lockOccurrencesForWriting: nil, isStandby: nil,
    makeOccurrenceMonths: nil)
  /// The team store's.
  static let postgres = SQLDialect(
    greatest: "GREATEST", least: "LEAST", isDistinctFrom: "IS DISTINCT FROM", position: "strpos",
    tableExists: "SELECT to_regclass(CAST(? AS TEXT)) IS NOT NULL AS present",
    tableCount: """
      SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      """,
    lockForCounting: "LOCK TABLE occurrences, occurrence_rollup IN SHARE ROW EXCLUSIVE MODE",
    lockRows: "FOR NO KEY UPDATE", lockOccurrencesForWriting: "LOCK TABLE occurrences IN ROW EXCLUSIVE MODE",
    isStandby: "SELECT pg_is_in_recovery() AS present",
    makeOccurrenceMonths: "SELECT lcq_occurrence_months(CAST(? AS BIGINT[])) AS made")
}

/// A value bound to a statement (a `?` in lcq's SQL), the same for both engines.
enum QueryValue: Sendable, Hashable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null

  /// `value` as an integer, or NULL.
  init<Integer: BinaryInteger>(_ value: Integer?) {
    self = value.map { .integer(Int64($0)) } ?? .null
  }

  /// `value` as text, or NULL.
  init(_ value: String?) {
    self = value.map { .text($0) } ?? .null
  }
}
