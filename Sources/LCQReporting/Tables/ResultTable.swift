import LCQStore

/// Rows of typed cells under named columns, rendered as a terminal table, JSON, CSV or Markdown.
public struct ResultTable: Sendable {
  /// One value.
  public enum Cell: Sendable, Hashable {
    case text(String?)
    case integer(Int)
    /// A unix time: ISO 8601 text everywhere.
    case time(Int64?)
  }

  /// Column names (snake_case: they are JSON keys and CSV headers too).
  public var columns: [String]
  /// The rows, each with one cell per column.
  public var rows: [[Cell]]

  /// Creates a table.
  public init(columns: [String], rows: [[Cell]]) {
    self.columns = columns
    self.rows = rows
  }

  /// The formats every query prints.
  public enum Format: String, Sendable, CaseIterable {
    case table, json, csv, markdown
  }

  /// The table in `format`, ending with a line feed.
  public func rendered(as format: Format) -> String {
    switch format {
    case .table: TableText.render(self)
    case .json: JSONValue.array(rows.map(jsonObject)).serialized + "\n"
    case .csv: CSVText.render(self)
    case .markdown: MarkdownText.table(self)
    }
  }

  func jsonObject(_ row: [Cell]) -> JSONValue {
    .object(
      zip(columns, row).map { column, cell in
        switch cell {
        case .text(let text): (column, .string(text))
        case .integer(let value): (column, .int(value))
        case .time(let time): (column, .string(time.map(UnixTime.iso)))
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
    }
  }

  var isNumber: Bool {
    if case .integer = self { return true }
    return false
  }
}
