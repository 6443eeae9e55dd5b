/// CSV as RFC 4180 writes it: a header line, CRLF line ends, fields quoted when they hold a
/// comma, a quote or a line break (quotes doubled). A field that a spreadsheet would read as a
/// formula (`=`, `+`, `-`, `@` first) is prefixed with `'`.
enum CSVText {
  static func render(_ table: ResultTable) -> String {
    var output = table.columns.map(field).joined(separator: ",") + "\r\n"
    for row in table.rows {
      output +=
        row.map { cell in cell.isNumber ? cell.text : field(cell.text) }.joined(separator: ",") + "\r\n"
    }
    return output
  }

  static func field(_ text: String) -> String {
    var value = text
    if let first = value.first, "=+-@".contains(first) { value = "'" + value }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
