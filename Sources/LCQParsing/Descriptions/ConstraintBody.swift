/// The equation a body normalises to, before the frame adds class, identifier and state.
struct ConstraintBody {
  var firstItem: LayoutItem
  var firstAttribute: LayoutAttribute
  var relation: LayoutRelation
  var multiplier: LoggedNumber = .one
  var secondItem: LayoutItem?
  var secondAttribute: LayoutAttribute?
  var constant: LoggedNumber = .zero
  var systemSpacing: LoggedNumber?
  var priority: LoggedNumber?
  var notation: LayoutConstraint.Notation = .equation
  var direction: LayoutConstraint.LayoutDirection?

  /// Fills in class and address of names-only items (and `|`) from the `names:` list.
  ///
  /// When one key names several items (two views whose names were cut to the same `Name...`),
  /// the first use of the key takes the first entry and the second use the second, so that the
  /// two stay distinct.
  mutating func resolve(through names: [NamedItem]) {
    guard !names.isEmpty else { return }
    firstItem = Self.resolved(firstItem, names, occurrence: 0)
    if let second = secondItem {
      let occurrence = second.name != nil && second.name == firstItem.name ? 1 : 0
      secondItem = Self.resolved(second, names, occurrence: occurrence)
    }
  }

  private static func resolved(_ item: LayoutItem, _ names: [NamedItem], occurrence: Int) -> LayoutItem {
    guard item.address == nil, let name = item.name else { return item }
    let entries = names.filter { $0.key == name }
    guard let entry = entries.indices.contains(occurrence) ? entries[occurrence] : entries.first
    else { return item }
    var resolved = item
    resolved.className = entry.item.className
    resolved.address = entry.item.address
    return resolved
  }
}

/// Reads items and attributes, shared by the equation and visual-format readers.
struct ItemReader {
  let bytes: [UInt8]

  private static let hexPrefix = Array("0x".utf8)

  /// Reads `Class:0xADDR['label']` (or Masonry's `Class:key`) at `start`.
  ///
  /// - Parameter labelEnds: whether a quote at the given index closes the label.
  /// - Returns: the item and the index after it, or `nil` when the bytes do not have this shape.
  func readAddressed(at start: Int, end: Int, labelEnds: (Int) -> Bool) -> (LayoutItem, Int)? {
    var index = start
    while index < end, bytes[index].isClassNameByte { index += 1 }
    guard index > start, index + 1 < end, bytes[index] == UInt8(ascii: ":") else { return nil }
    let className = String(decoding: bytes[start..<index], as: UTF8.self)
    var cursor = index + 1
    let addressStart = cursor
    if bytes.matches(Self.hexPrefix, at: cursor) {
      cursor += 2
      while cursor < end, bytes[cursor].isHexDigit { cursor += 1 }
      guard cursor > addressStart + 2 else { return nil }
    } else {
      while cursor < end,
        bytes[cursor].isASCIILetter || bytes[cursor].isASCIIDigit || bytes[cursor] == UInt8(ascii: "_")
      {
        cursor += 1
      }
      guard cursor > addressStart else { return nil }
    }
    var item = LayoutItem(
      className: className, address: String(decoding: bytes[addressStart..<cursor], as: UTF8.self))
    if cursor < end, bytes[cursor] == UInt8(ascii: "'") {
      var close = cursor + 1
      while close < end, !(bytes[close] == UInt8(ascii: "'") && labelEnds(close)) { close += 1 }
      guard close < end else { return nil }
      item.label = LabelText.decode(bytes[(cursor + 1)..<close])
      cursor = close + 1
    }
    return (item, cursor)
  }

  /// The attribute spelled at `index` and the index after it, when it is followed by a
  /// terminator (a blank, the end, a sign, `*`, `)` or `]`).
  func attribute(at index: Int, end: Int) -> (LayoutAttribute, Int)? {
    for (name, attribute) in LayoutAttribute.named where bytes.matches(name, at: index) {
      let after = index + name.count
      if after > end { continue }
      if after == end || isTerminator(bytes[after]) { return (attribute, after) }
    }
    return engineVariable(at: index, end: end)
  }

  /// `contentHeight{id: 178}`.
  private func engineVariable(at index: Int, end: Int) -> (LayoutAttribute, Int)? {
    var cursor = index
    while cursor < end, bytes[cursor].isASCIILetter || bytes[cursor].isASCIIDigit { cursor += 1 }
    guard cursor > index, cursor < end, bytes[cursor] == UInt8(ascii: "{"),
      let close = bytes[cursor..<end].firstIndex(of: UInt8(ascii: "}"))
    else { return nil }
    return (.engineVariable(String(decoding: bytes[index...close], as: UTF8.self)), close + 1)
  }

  private func isTerminator(_ byte: UInt8) -> Bool {
    byte.isBlank || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*")
      || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",")
  }

  /// Reads `item.attribute` at `start`: an addressed item, or a names-only item whose name runs
  /// up to the first `.attribute` followed by a terminator.
  func readItemAttribute(at start: Int, end: Int) throws -> (LayoutItem, LayoutAttribute, Int) {
    let labelEnds = { (quote: Int) -> Bool in
      quote + 1 < end && bytes[quote + 1] == UInt8(ascii: ".") && attribute(at: quote + 2, end: end) != nil
    }
    if let (item, after) = readAddressed(at: start, end: end, labelEnds: labelEnds),
      after < end, bytes[after] == UInt8(ascii: "."),
      let (attribute, next) = attribute(at: after + 1, end: end)
    {
      return (item, attribute, next)
    }
    var dot = start + 1
    while dot < end {
      if bytes[dot] == UInt8(ascii: "."), let (attribute, next) = attribute(at: dot + 1, end: end) {
        if let blank = blankBeforeAddress(start, dot) {
          throw ConstraintParseFailure(
            column: blank + 1, reason: "a blank between an item's class and its address (pasting damage?)")
        }
        let name = String(decoding: bytes[start..<dot], as: UTF8.self)
        return (LayoutItem(name: name), attribute, next)
      }
      dot += 1
    }
    throw ConstraintParseFailure(column: start + 1, reason: "expected 'item.attribute'")
  }

  /// The index of the blank in a name shaped `Class: 0xADDR` (a paste that put blanks after
  /// colons), which is no names-only item: a name never holds an address.
  private func blankBeforeAddress(_ start: Int, _ end: Int) -> Int? {
    var index = start
    while index + 3 < end {
      if bytes[index] == UInt8(ascii: ":"), bytes[index + 1].isBlank {
        var next = index + 1
        while next < end, bytes[next].isBlank { next += 1 }
        if next + 1 < end, bytes[next] == UInt8(ascii: "0"), bytes[next + 1] == UInt8(ascii: "x") {
          return index + 1
        }
      }
      index += 1
    }
    return nil
  }

  /// Reads a number at `start`, allowing a sign separated by blanks (`- 16`, `+ 39`).
  func readNumber(at start: Int, end: Int) -> (LoggedNumber, Int)? {
    var index = start
    var negative = false
    if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
      while index < end, bytes[index].isBlank { index += 1 }
    }
    let digitsStart = index
    while index < end, bytes[index].isASCIIDigit || bytes[index] == UInt8(ascii: ".") { index += 1 }
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      var exponent = index + 1
      if exponent < end, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") {
        exponent += 1
      }
      if exponent < end, bytes[exponent].isASCIIDigit {
        index = exponent
        while index < end, bytes[index].isASCIIDigit { index += 1 }
      }
    }
    guard index > digitsStart,
      let number = LoggedNumber(text: String(decoding: bytes[digitsStart..<index], as: UTF8.self))
    else { return nil }
    return (negative ? number.negated : number, index)
  }

  /// Whether a number (possibly signed, possibly with blanks after the sign) starts at `index`.
  func isNumberStart(at index: Int, end: Int) -> Bool {
    var cursor = index
    if cursor < end, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
      cursor += 1
      while cursor < end, bytes[cursor].isBlank { cursor += 1 }
    }
    return cursor < end && (bytes[cursor].isASCIIDigit || bytes[cursor] == UInt8(ascii: "."))
  }

  /// `NSSpace(8)` or `NSLayoutAnchorConstraintSpace(8)` at `index`.
  func readSystemSpacing(at index: Int, end: Int) -> (LoggedNumber, Int)? {
    for keyword in ["NSSpace(", "NSLayoutAnchorConstraintSpace("] {
      let utf8 = Array(keyword.utf8)
      guard bytes.matches(utf8, at: index) else { continue }
      guard let (number, after) = readNumber(at: index + utf8.count, end: end), after < end,
        bytes[after] == UInt8(ascii: ")")
      else { return nil }
      return (number, after + 1)
    }
    return nil
  }

  /// Reads `==`, `>=` or `<=` at `index`.
  func readRelation(at index: Int, end: Int) -> (LayoutRelation, Int)? {
    guard index + 1 < end, bytes[index + 1] == UInt8(ascii: "=") else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "="): return (.equal, index + 2)
    case UInt8(ascii: ">"): return (.greaterThanOrEqual, index + 2)
    case UInt8(ascii: "<"): return (.lessThanOrEqual, index + 2)
    default: return nil
    }
  }

  func skipBlanks(_ index: Int, _ end: Int) -> Int {
    var index = index
    while index < end, bytes[index].isBlank { index += 1 }
    return index
  }
}
