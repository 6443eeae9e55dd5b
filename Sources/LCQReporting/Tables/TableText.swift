/// A table for a terminal: a header, a rule, and columns padded to their widest cell (numbers
/// aligned right). Given a `width` (a terminal's columns), it is narrowed to fit (``TableFit``).
enum TableText {
  static func render(_ table: ResultTable, width: Int? = nil) -> String {
    guard !table.rows.isEmpty else { return "(none)\n" }
    let texts = table.rows.map { $0.map { TerminalText.oneLine($0.text) } }
    let headers = table.columns.map { $0.replacingOccurrences(of: "_", with: " ") }
    let numeric = table.columns.indices.map(table.isNumeric)
    let optional = table.leftOutWhenNarrow.compactMap { table.columns.firstIndex(of: $0) }
    let fit = TableFit(texts: texts, headers: headers, numeric: numeric, width: width, optional: optional)
    func line(_ cells: [String]) -> String {
      fit.shown.map { index in
        let text = cells[index]
        let padding = String(repeating: " ", count: fit.widths[index] - text.count)
        return numeric[index] ? padding + text : text + padding
      }.joined(separator: "  ").trailingSpacesRemoved
    }
    var output = line(headers) + "\n"
    output += fit.shown.map { String(repeating: "─", count: fit.widths[$0]) }.joined(separator: "  ") + "\n"
    for row in texts { output += line(row.enumerated().map { fit.cell($1, column: $0) }) + "\n" }
    return output
  }
}

extension String {
  fileprivate var trailingSpacesRemoved: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
