/// Removes what pasting added around a log line, so that the framer sees the message text.
///
/// Handles CR line ends, trailing blanks, markdown quotes (`> `), comment leaders (`//`, `/*`,
/// `*`, `*/`), code fences and backticks, `N. ` numbering, and markdown escapes (`\<`, `\[`,
/// `\*`). `\Uxxxx` escapes are kept: they belong to labels.
enum LineCleaner {
  /// A cleaned line: its content and the byte offset of the content in the original line.
  struct Cleaned {
    var content: [UInt8]
    var offset: Int
  }

  static func clean(_ line: ArraySlice<UInt8>) -> Cleaned {
    var start = line.startIndex
    var end = line.endIndex
    while end > start, line[end - 1] == 13 || line[end - 1].isBlank { end -= 1 }
    while start < end, line[start].isBlank { start += 1 }
    // Most lines have nothing to remove: neither end can start a leader, numbering or trailer.
    if start == end || (!line[start].mayStartLeader && !line[end - 1].mayEndTrailer) {
      return Cleaned(content: contentUnescaped(line[start..<end]), offset: start - line.startIndex)
    }
    var changed = true
    while changed {
      changed = false
      while start < end, line[start].isBlank { start += 1 }
      for leader in leaders where hasPrefix(line, leader, start, end) {
        start += leader.count
        changed = true
        break
      }
      if !changed, let numbered = numberingEnd(line, start, end) {
        start = numbered
        changed = true
      }
    }
    changed = true
    while changed {
      changed = false
      while end > start, line[end - 1].isBlank { end -= 1 }
      for trailer in trailers
      where end - start >= trailer.count && hasPrefix(line, trailer, end - trailer.count, end) {
        end -= trailer.count
        changed = true
        break
      }
    }
    return Cleaned(content: contentUnescaped(line[start..<end]), offset: start - line.startIndex)
  }

  private static func contentUnescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    let content = Array(bytes)
    return content.contains(UInt8(ascii: "\\")) ? unescapeMarkdown(content) : content
  }

  private static let leaders: [[UInt8]] =
    ["```", "``", "`", "> ", "//", "/*", "*/", "* "].map { Array($0.utf8) }
    + [[UInt8(ascii: ">")]]
  private static let trailers: [[UInt8]] = ["```", "`", "*/"].map { Array($0.utf8) }

  private static func hasPrefix(_ line: ArraySlice<UInt8>, _ prefix: [UInt8], _ start: Int, _ end: Int)
    -> Bool
  {
    guard end - start >= prefix.count else { return false }
    if prefix.count == 1, prefix[0] == UInt8(ascii: ">") {
      // A lone '>' is a markdown quote only when the line is nothing else or a blank follows.
      return line[start] == UInt8(ascii: ">") && (end - start == 1 || line[start + 1].isBlank)
    }
    for offset in 0..<prefix.count where line[start + offset] != prefix[offset] { return false }
    return true
  }

  /// `12. ` at the start, as markdown-numbered lines have.
  private static func numberingEnd(_ line: ArraySlice<UInt8>, _ start: Int, _ end: Int) -> Int? {
    var index = start
    while index < end, line[index].isASCIIDigit { index += 1 }
    guard index > start, index - start <= 3, index + 1 < end, line[index] == UInt8(ascii: "."),
      line[index + 1].isBlank
    else { return nil }
    return index + 2
  }

  /// Drops the backslash of `\<`, `\>`, `\[`, `\]`, `\*` and `\_`.
  private static func unescapeMarkdown(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
        "<>[]*_".utf8.contains(bytes[index + 1])
      {
        index += 1
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }
}

extension UInt8 {
  /// Whether a cleaned line may start here: the first byte of a leader (`` ` ``, `>`, `/`, `*`)
  /// or of `N. ` numbering.
  fileprivate var mayStartLeader: Bool {
    self == UInt8(ascii: "`") || self == UInt8(ascii: ">") || self == UInt8(ascii: "/")
      || self == UInt8(ascii: "*") || isASCIIDigit
  }

  /// Whether this last byte may end a trailer (`` ` ``, `*/`).
  fileprivate var mayEndTrailer: Bool { self == UInt8(ascii: "`") || self == UInt8(ascii: "/") }
}
