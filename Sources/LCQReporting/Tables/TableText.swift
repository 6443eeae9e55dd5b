/// A table for a terminal: a header, a rule, and columns padded to their widest cell (numbers
/// aligned right).
enum TableText {
  static func render(_ table: ResultTable) -> String {
    guard !table.rows.isEmpty else { return "(none)\n" }
    let texts = table.rows.map { $0.map { TerminalText.oneLine($0.text) } }
    let headers = table.columns.map { $0.replacingOccurrences(of: "_", with: " ") }
    var widths = headers.map(\.count)
    for row in texts {
      for (index, text) in row.enumerated() { widths[index] = max(widths[index], text.count) }
    }
    let numeric = table.columns.indices.map { index in table.rows.allSatisfy { $0[index].isNumber } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, text in
        let padding = String(repeating: " ", count: widths[index] - text.count)
        return numeric[index] ? padding + text : text + padding
      }.joined(separator: "  ").trailingSpacesRemoved
    }
    var output = line(headers) + "\n"
    output += widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ") + "\n"
    for row in texts { output += line(row) + "\n" }
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
