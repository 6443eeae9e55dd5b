import LCQStore

/// Rows of typed cells under named columns, rendered as a terminal table, JSON, CSV or Markdown.
public struct ResultTable: Sendable {
  /// One value.
  public enum Cell: Sendable, Hashable {
    case text(String?)
    case integer(Int)
    /// A unix time: ISO 8601 text everywhere.
    case time(Int64?)
    /// A number with a fixed count of decimals, given as its digits (`1.50`): a JSON number.
    case decimal(String)
    /// Several texts (owners, files): a JSON array, else joined by `, `; `nil` is null.
    case list([String]?)
  }

  /// Column names (snake_case: they are JSON keys and CSV headers too).
  public var columns: [String]
  /// The rows, each with one cell per column.
  public var rows: [[Cell]]
  /// How the table reads as JSON (docs/json.md): `{"schema": …, KEY: [rows]}`, or the one
  /// row's keys after `schema` when `key` is `nil`.
  public var json: JSONShape?

  /// The JSON of a command's table.
  public struct JSONShape: Sendable {
    /// The `schema` value, such as `lcq-top/1`.
    public var schema: String
    /// The key of the rows (`conflicts`, `points`), or `nil` for a one-row table shown as one
    /// object.
    public var key: String?

    /// Creates a shape.
    public init(schema: String, key: String?) {
      self.schema = schema
      self.key = key
    }
  }

  /// Creates a table.
  public init(columns: [String], rows: [[Cell]], json: JSONShape? = nil) {
    self.columns = columns
    self.rows = rows
    self.json = json
  }

  /// Whether column `index` holds numbers, aligned right: each cell a number or empty (a count
  /// not known), one at least a number.
  func isNumeric(column index: Int) -> Bool {
    rows.allSatisfy { $0[index].isNumber || $0[index].isEmpty } && rows.contains { $0[index].isNumber }
  }

  /// Columns a table for a terminal may leave out, in this order, rather than cut its text
  /// columns short (``TableFit``); every format but the table keeps them.
  public var leftOutWhenNarrow: [String] = []

  /// The formats every query prints.
  public enum Format: String, Sendable, CaseIterable {
    case table, json, csv, markdown
  }

  /// The table in `format`, ending with a line feed.
  public func rendered(as format: Format, width: Int? = nil) -> String {
    switch format {
    case .table: TableText.render(self, width: width)
    case .json: jsonValue.serialized + "\n"
    case .csv: CSVText.render(self)
    case .markdown: MarkdownText.table(self)
    }
  }

  /// The rows as JSON, in ``json``'s shape (a bare array without one).
  public var jsonValue: JSONValue {
    guard let json else { return .array(rows.map(jsonObject)) }
    guard let key = json.key else {
      guard case .object(let members) = rows.first.map(jsonObject) ?? .object([]) else { return .null }
      return .object([("schema", .string(json.schema))] + members)
    }
    return .object([("schema", .string(json.schema)), (key, .array(rows.map(jsonObject)))])
  }

  func jsonObject(_ row: [Cell]) -> JSONValue {
    .object(
      zip(columns, row).map { column, cell in
        switch cell {
        case .text(let text): (column, .string(text))
        case .integer(let value): (column, .int(value))
        case .time(let time): (column, .string(time.map(UnixTime.iso)))
        case .decimal(let digits): (column, .number(digits))
        case .list(let texts): (column, texts.map { .array($0.map { .string($0) }) } ?? .null)
        }
      })
  }
}

extension ResultTable.Cell {
  /// The cell as plain text (empty for null).
  var text: String {
    switch self {
    case .text(let text): text ?? ""
    case .integer(let value): String(value)
    case .time(let time): time.map(UnixTime.iso) ?? ""
    case .decimal(let digits): digits
    case .list(let texts): texts?.joined(separator: ", ") ?? ""
    }
  }

  var isNumber: Bool {
    switch self {
    case .integer, .decimal: true
    case .text, .time, .list: false
    }
  }

  /// Whether the cell holds nothing: a null, an empty text.
  var isEmpty: Bool {
    switch self {
    case .text(let text): text?.isEmpty ?? true
    case .time(let time): time == nil
    case .list(let list): list == nil
    case .integer, .decimal: false
    }
  }
}
