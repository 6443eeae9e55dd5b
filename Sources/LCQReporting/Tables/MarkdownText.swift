/// Markdown for chat messages and pull-request comments.
public enum MarkdownText {
  /// A pipe table; `|`, backslashes, backticks and markup characters in cells are escaped, line
  /// breaks become spaces.
  static func table(_ table: ResultTable) -> String {
    guard !table.rows.isEmpty else { return "_None._\n" }
    let numeric = table.columns.indices.map { index in table.rows.allSatisfy { $0[index].isNumber } }
    var output =
      "| "
      + table.columns.map { escape($0.replacingOccurrences(of: "_", with: " ")) }.joined(separator: " | ")
      + " |\n"
    output += "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
    for row in table.rows {
      output += "| " + row.map { escape($0.text) }.joined(separator: " | ") + " |\n"
    }
    return output
  }

  /// `text` safe inside a Markdown paragraph or table cell.
  public static func escape(_ text: String) -> String {
    var output = ""
    for character in TableText.oneLine(text) {
      if "\\`*_{}[]()<>#+!|~".contains(character) { output.append("\\") }
      output.append(character)
    }
    return output
  }

  /// `text` as a fenced code block, with a fence longer than any backtick run inside it.
  public static func codeBlock(_ text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return fence + "\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
  }
}
