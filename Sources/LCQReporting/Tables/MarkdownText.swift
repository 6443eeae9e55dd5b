/// Markdown for chat messages and pull-request comments.
public enum MarkdownText {
  /// A pipe table; `|`, backslashes, backticks and markup characters in cells are escaped, line
  /// breaks become spaces.
  static func table(_ table: ResultTable) -> String {
    guard !table.rows.isEmpty else { return "_None._\n" }
    let numeric = table.columns.indices.map(table.isNumeric)
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

  /// `text` safe inside a Markdown paragraph or table cell of a pull request or chat message:
  /// on one line and cleaned (``TerminalText/oneLine(_:)``), markup characters escaped (so no
  /// link, image, HTML or table cell can form), and a word joiner (U+2060) after every `@`,
  /// in every `://` and after `www`, so that no `@team` mention pings anyone and no bare URL
  /// becomes a link.
  public static func escape(_ text: String) -> String {
    var output = ""
    var previous: [Character] = []  // the last three characters of the text, lower-cased
    for character in TerminalText.oneLine(text) {
      if "\\`*_{}[]()<>#+!|~".contains(character) { output.append("\\") }
      let joinsBefore =
        (character == "/" && previous.suffix(2) == [":", "/"])
        || (character == "." && previous.suffix(3) == ["w", "w", "w"])
      if joinsBefore { output.append(wordJoiner) }
      output.append(character)
      if character == "@" { output.append(wordJoiner) }
      previous.append(Character(character.lowercased()))
      if previous.count > 3 { previous.removeFirst() }
    }
    return output
  }

  /// U+2060, an invisible character that joins words: it breaks what an autolinker matches.
  static let wordJoiner: Character = "\u{2060}"

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
