import GRDB
import GRDBSQLite

/// Binds a prepared statement's parameters in order, straight through SQLite's C interface.
///
/// GRDB's `StatementArguments` box each value in an existential and convert it to a
/// `DatabaseValue` before binding; for the one insert `lcq ingest` runs per block that costs
/// more than SQLite's own work on the row. This writes each value as it is (text is copied by
/// SQLite), and then runs the statement through GRDB, which still resets it, tracks the
/// transaction and reports errors.
struct ParameterBinding {
  private let statement: Statement
  private let database: Database
  private var index: Int32 = 1
  /// The first binding SQLite refused (too long, out of memory), reported by ``execute()``.
  private var failure: Int32 = SQLITE_OK

  /// Starts binding the parameters of `statement`, a statement of `database`, from the first.
  init(_ statement: Statement, of database: Database) {
    // Tells GRDB the parameters are bound, so that `execute()` keeps what is bound below
    // (resetting a statement keeps its bindings); this also clears the previous values.
    statement.setUncheckedArguments(StatementArguments())
    self.statement = statement
    self.database = database
  }

  /// Binds the next parameter to an integer.
  mutating func bind(_ value: Int64) {
    record(sqlite3_bind_int64(statement.sqliteStatement, index, value))
  }

  /// Binds the next parameter to an integer, or leaves it NULL.
  mutating func bind(_ value: Int?) {
    guard let value else { return record(SQLITE_OK) }  // unbound parameters are NULL
    bind(Int64(value))
  }

  /// Binds the next parameter to 1 or 0, or leaves it NULL.
  mutating func bind(_ value: Bool?) {
    bind(value.map { $0 ? 1 : 0 })
  }

  /// Binds the next parameter to text (SQLite copies it), or leaves it NULL.
  mutating func bind(_ value: String?) {
    guard var value else { return record(SQLITE_OK) }
    let statement = statement.sqliteStatement
    let index = index
    let code = value.withUTF8 { text in
      // An empty string still needs a non-null pointer, or SQLite binds NULL.
      let pointer =
        text.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(("" as StaticString).utf8Start)
      return sqlite3_bind_text(
        statement, index, pointer.assumingMemoryBound(to: CChar.self), Int32(text.count), sqliteTransient)
    }
    record(code)
  }

  private mutating func record(_ code: Int32) {
    if failure == SQLITE_OK { failure = code }
    index += 1
  }

  /// Runs the statement with the values bound; returns whether it changed a row.
  func execute() throws -> Bool {
    precondition(index - 1 == Int32(sqlite3_bind_parameter_count(statement.sqliteStatement)))
    guard failure == SQLITE_OK else {
      throw DatabaseError(resultCode: ResultCode(rawValue: failure), message: "a value could not be bound")
    }
    try statement.execute()
    return database.changesCount > 0
  }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
