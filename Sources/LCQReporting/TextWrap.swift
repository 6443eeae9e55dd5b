/// Lines for a terminal's width: each longer line is broken at spaces, its continuation lines
/// indented under the text they continue. A line that holds a logged description (`<…>`) is
/// kept whole, so that it can be searched and copied as the log printed it; so is a word longer
/// than the width. Colour codes take no width.
public enum TextWrap {
  /// `text` with each line no wider than `width` where it can be broken.
  public static func wrap(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .flatMap { lines(of: $0, width: width) }.joined(separator: "\n")
  }

  /// The lines `line` becomes.
  static func lines(of line: Substring, width: Int) -> [String] {
    guard visibleCount(line) > width else { return [String(line)] }
    // Colour codes the line opens with, then its indentation, then its text.
    let codes = leadingCodes(of: line)
    let leading = line.dropFirst(codes.count).prefix { $0 == " " }
    let body = line.dropFirst(codes.count + leading.count)
    guard !body.hasPrefix("<") else { return [String(line)] }
    let indent = String(repeating: " ", count: continuationIndent(of: line.dropFirst(codes.count)))
    var lines: [String] = []
    var current = String(codes + leading)
    var currentWidth = leading.count
    var holdsAWord = false
    for word in body.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = visibleCount(word)
      if holdsAWord, currentWidth + 1 + wordWidth > width {
        lines.append(current)
        (current, currentWidth) = (indent + word, indent.count + wordWidth)
      } else {
        current += (holdsAWord ? " " : "") + word
        currentWidth += (holdsAWord ? 1 : 0) + wordWidth
      }
      holdsAWord = true
    }
    lines.append(current)
    return lines
  }

  /// The colour codes (`ESC [ … m`) `line` starts with.
  static func leadingCodes(of line: Substring) -> Substring {
    var end = line.startIndex
    while line[end...].hasPrefix("\u{1B}["), let close = line[end...].firstIndex(of: "m") {
      end = line.index(after: close)
    }
    return line[..<end]
  }

  /// Where a continuation line starts: under the text after a numbered item's marker
  /// (`    [12] * `: the number, then a space, a mark and a space), else two columns further
  /// in than the line.
  static func continuationIndent(of line: Substring) -> Int {
    let leading = line.prefix { $0 == " " }.count
    let rest = line.dropFirst(leading)
    guard rest.first == "[", let close = rest.firstIndex(of: "]"),
      rest[rest.index(after: rest.startIndex)..<close].allSatisfy({ $0 == " " || $0.isNumber }),
      rest[close...].count > 3
    else { return leading + 2 }
    return leading + rest.distance(from: rest.startIndex, to: close) + 4
  }

  /// The columns `text` takes on a terminal: its characters less colour codes (`ESC [ … m`).
  static func visibleCount(_ text: Substring) -> Int {
    var count = 0
    var inCode = false
    for character in text {
      if inCode {
        if character == "m" { inCode = false }
      } else if character == "\u{1B}" {
        inCode = true
      } else {
        count += 1
      }
    }
    return count
  }
}
