/// CSV as RFC 4180 writes it: a header line, CRLF line ends, fields quoted when they hold a
/// comma, a quote or a line break (quotes doubled). A field that a spreadsheet would read as a
/// formula is prefixed with `'`: one whose first character, or first after blanks, is `=`, `+`,
/// `-` or `@`, or that starts with a tab or a carriage return (OWASP's list of triggers).
/// Each field has its control and bidi characters spelled out (``TerminalText/clean(_:keepingLineBreaks:)``,
/// the rule of every output people read; line feeds and tabs are kept, a line feed quoted): a
/// CSV file is opened in a terminal or a spreadsheet as often as by a program, and a label's
/// escape sequence must reach neither.
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
    var value = TerminalText.clean(text, keepingLineBreaks: true)
    if isFormulaTrigger(value) { value = "'" + value }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Whether a spreadsheet could read `text` as a formula.
  static func isFormulaTrigger(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    if first == "\t" || first == "\r" { return true }
    let start = text.unicodeScalars.first { $0 != " " }
    return start.map { "=+-@".unicodeScalars.contains($0) } ?? false
  }
}
