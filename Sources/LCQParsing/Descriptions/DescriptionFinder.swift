/// Finds constraint descriptions (`<…Constraint:0x… …>`) inside a line of text.
///
/// A description starts at a `<` followed by a class name that contains `Constraint` and a
/// colon (`<NSLayoutConstraint:`, `<SnapKit.LayoutConstraint:`, early SnapKit's
/// `<<Module.LayoutConstraint:`). A quoted description ends at the first `>"` after it; an
/// unquoted one at the last `>` before the next description.
enum DescriptionFinder {
  /// Where a description lies in the line, and whether its closing `>` was found.
  struct Found {
    var range: Range<Int>
    var isComplete: Bool
  }

  static func hasDescription(_ line: [UInt8]) -> Bool {
    nextStart(in: line, from: 0) != nil
  }

  static func find(in line: [UInt8], from: Int = 0) -> [Found] {
    var starts: [Int] = []
    var index = from
    while let start = nextStart(in: line, from: index) {
      starts.append(start)
      index = start + 1
    }
    var found: [Found] = []
    for (position, start) in starts.enumerated() {
      let limit = position + 1 < starts.count ? starts[position + 1] : line.count
      let quoted = start > 0 && line[start - 1] == UInt8(ascii: "\"")
      var end: Int?
      if quoted {
        var cursor = start + 1
        while cursor + 1 < limit {
          if line[cursor] == UInt8(ascii: ">"), line[cursor + 1] == UInt8(ascii: "\"") {
            end = cursor + 1
            break
          }
          cursor += 1
        }
      }
      if end == nil {
        if quoted {
          // Without `>"`, a quoted description is whole only if the line ends with its `>`.
          var trimmed = limit
          while trimmed > start, line[trimmed - 1].isBlank || line[trimmed - 1] == UInt8(ascii: ",") {
            trimmed -= 1
          }
          if trimmed > start, line[trimmed - 1] == UInt8(ascii: ">") { end = trimmed }
        } else if let last = line[start..<limit].lastIndex(of: UInt8(ascii: ">")) {
          end = last + 1
        }
      }
      if let end {
        found.append(Found(range: start..<end, isComplete: true))
      } else {
        var trimmed = limit
        while trimmed > start,
          line[trimmed - 1].isBlank || line[trimmed - 1] == UInt8(ascii: ",")
            || line[trimmed - 1] == UInt8(ascii: "\"")
        {
          trimmed -= 1
        }
        found.append(Found(range: start..<trimmed, isComplete: false))
      }
    }
    return found
  }

  private static let constraintWord = Array("Constraint".utf8)

  /// Whether `line` starts with a description's class and address but no `<`
  /// (`NSLayoutConstraint:0x…`): a list item whose angle brackets were lost in pasting.
  static func startsWithBareDescription(_ line: [UInt8]) -> Bool {
    var cursor = 0
    while cursor < line.count, line[cursor].isClassNameByte { cursor += 1 }
    guard cursor >= 10, cursor + 2 < line.count, line[cursor] == UInt8(ascii: ":"),
      line[cursor + 1] == UInt8(ascii: "0"), line[cursor + 2] == UInt8(ascii: "x")
    else { return false }
    return line.firstRange(of: constraintWord, from: 0, to: cursor) != nil
  }

  /// The next index at or after `from` where a description starts.
  static func nextStart(in line: [UInt8], from: Int) -> Int? {
    var index = from
    while index + 1 < line.count {
      // The next '<' (a description needs at least one byte after it).
      guard
        let open = line.withUnsafeBytes({
          ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: $0, from: index, to: line.count - 1)
        })
      else { return nil }
      index = open
      if index > 0, line[index - 1] == UInt8(ascii: "<") {
        index += 1
        continue
      }
      var cursor = index + 1
      if cursor < line.count, line[cursor] == UInt8(ascii: "<") { cursor += 1 }
      if cursor < line.count, line[cursor] == .space { cursor += 1 }
      let classStart = cursor
      while cursor < line.count, line[cursor].isClassNameByte { cursor += 1 }
      if cursor < line.count, line[cursor] == UInt8(ascii: ":"), cursor - classStart >= 10,
        line.firstRange(of: Self.constraintWord, from: classStart, to: cursor) != nil
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
