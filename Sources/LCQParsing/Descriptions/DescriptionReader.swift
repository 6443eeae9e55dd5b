/// Reads the frame of one description: class, address, source location, mask, identifier and
/// state, and hands the body to ``EquationReader`` or ``VisualFormatReader``.
struct DescriptionReader {
  let bytes: [UInt8]

  private static let stateMarkers = ["(active", "(inactive", "(Names:", "(names:"].map { Array($0.utf8) }
  private static let huggingMarker = Array(" Hug:".utf8)
  private static let horizontalMaskMarker = Array("h=".utf8)
  private static let verticalMaskMarker = Array(" v=".utf8)

  func read() throws -> LayoutConstraint {
    guard let open = bytes.firstIndex(where: { !$0.isBlank }), bytes[open] == UInt8(ascii: "<") else {
      throw ConstraintParseFailure(column: 1, reason: "expected '<' at the start of a constraint")
    }
    let lastByte = bytes.lastIndex(where: { !$0.isBlank })
    guard let close = lastByte, bytes[close] == UInt8(ascii: ">"), close > open else {
      throw ConstraintParseFailure(
        column: bytes.count + 1, reason: "the description is cut off (no closing '>')")
    }
    var index = open + 1
    while index < close, bytes[index].isBlank { index += 1 }  // lldb prints `< NSLayoutConstraint:…`

    let classStart = index
    while index < close, bytes[index] != UInt8(ascii: ":"), !bytes[index].isBlank { index += 1 }
    guard index < close, bytes[index] == UInt8(ascii: ":"), index > classStart else {
      throw failure(at: index, "expected 'Class:address' after '<'")
    }
    let className = string(classStart, index)
    index += 1
    index = Self.skipBlankBeforeAddress(bytes, from: index, close)

    let addressStart = index
    while index < close, !bytes[index].isBlank, bytes[index] != UInt8(ascii: "@") { index += 1 }
    let address = string(addressStart, index)
    try validateAddress(address, at: addressStart, className: className)

    var sourceLocation: SourceLocation?
    if index < close, bytes[index] == UInt8(ascii: "@") {
      let locationStart = index + 1
      while index < close, !bytes[index].isBlank { index += 1 }
      sourceLocation = parseSourceLocation(string(locationStart, index))
      if sourceLocation == nil {
        throw failure(at: locationStart, "expected 'File.swift#line' after '@'")
      }
    }
    index = skipBlanks(index, close)

    var mask: AutoresizingMask?
    if let parsed = readMask(at: index, close) {
      mask = parsed
      index = skipBlanks(index + 11, close)
    }

    var identifier: String?
    if index < close, bytes[index] == UInt8(ascii: "'") {
      guard let end = identifierEnd(from: index + 1, close) else {
        throw failure(at: index, "unterminated identifier (no closing quote followed by a space)")
      }
      identifier = LabelText.decode(bytes[(index + 1)..<end])
      index = skipBlanks(end + 1, close)
    }

    let stateStart = findStateStart(from: index, close) ?? close
    var state = StateSuffix()
    if stateStart < close {
      state = try StateSuffixReader(bytes: bytes, start: stateStart, end: close).read()
    }
    var bodyEnd = trimTrailingBlanks(index, stateStart)
    var priority: LoggedNumber?
    if let (number, start) = trailingKeyword("priority:", index, bodyEnd) {
      priority = number
      bodyEnd = trimTrailingBlanks(index, start)
    }
    if let hugStart = lastRange(of: Self.huggingMarker, from: index, to: bodyEnd)?.lowerBound {
      bodyEnd = trimTrailingBlanks(index, hugStart)
    }
    guard bodyEnd > index else { throw failure(at: index, "expected a constraint body") }

    let origin = ConstraintOrigin(
      className: className, mask: mask, hasSourceLocation: sourceLocation != nil)
    var body: ConstraintBody
    if bodyEnd - index >= 2, bytes[index + 1] == UInt8(ascii: ":"),
      bytes[index] == UInt8(ascii: "H") || bytes[index] == UInt8(ascii: "V")
    {
      body = try VisualFormatReader(bytes: bytes, start: index, end: bodyEnd).read()
    } else {
      body = try EquationReader(bytes: bytes, start: index, end: bodyEnd).read()
    }
    if let vflPriority = body.priority { priority = priority ?? vflPriority }
    body.resolve(through: state.names)

    return LayoutConstraint(
      className: className, origin: origin, address: address.isEmpty ? nil : address,
      sourceLocation: sourceLocation, identifier: identifier,
      firstItem: body.firstItem, firstAttribute: body.firstAttribute, relation: body.relation,
      multiplier: body.multiplier, secondItem: body.secondItem,
      secondAttribute: body.secondAttribute, constant: body.constant,
      systemSpacing: body.systemSpacing, priority: priority, isActive: state.isActive,
      names: state.names, notation: body.notation, direction: body.direction)
  }

  // MARK: - Pieces of the frame

  /// OS X 10.7 printed a blank after the class's colon (`<NSLayoutConstraint: 0x10012b9a0
  /// H:[NSButton:0x100129db0(100)]>`): the index of the address after it, or `index` when no
  /// `0x` address follows the blanks.
  private static func skipBlankBeforeAddress(_ bytes: [UInt8], from index: Int, _ close: Int) -> Int {
    var next = index
    while next < close, bytes[next].isBlank { next += 1 }
    guard next > index, next + 2 < close, bytes[next] == UInt8(ascii: "0"),
      bytes[next + 1] == UInt8(ascii: "x"),
      bytes[next + 2].isHexDigit
    else { return index }
    return next
  }

  private func validateAddress(_ address: String, at column: Int, className: String) throws {
    guard !address.isEmpty else { throw failure(at: column, "expected an address after ':'") }
    let utf8 = Array(address.utf8)
    if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") {
      if let bad = utf8[2...].firstIndex(where: { !$0.isHexDigit }) {
        throw failure(at: column + bad, "invalid hex digit in address '\(address)'")
      }
      return
    }
    // Masonry prints its key (`ConstantConstraint`, `ConflictingConstraint[0]`) instead.
    guard utf8.allSatisfy({ $0.isClassNameByte || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") })
    else { throw failure(at: column, "invalid address '\(address)'") }
  }

  private func parseSourceLocation(_ text: String) -> SourceLocation? {
    guard let hash = text.lastIndex(of: "#"), let line = Int(text[text.index(after: hash)...]),
      hash > text.startIndex
    else { return nil }
    return SourceLocation(file: String(text[..<hash]), line: line)
  }

  /// `h=--& v=&--`: two three-character patterns of `-` and `&`.
  private func readMask(at index: Int, _ end: Int) -> AutoresizingMask? {
    guard index + 11 <= end, bytes.matches(Self.horizontalMaskMarker, at: index),
      bytes.matches(Self.verticalMaskMarker, at: index + 5)
    else { return nil }
    let isMaskByte = { (byte: UInt8) in byte == UInt8(ascii: "-") || byte == UInt8(ascii: "&") }
    let horizontal = bytes[(index + 2)..<(index + 5)]
    let vertical = bytes[(index + 8)..<(index + 11)]
    guard horizontal.allSatisfy(isMaskByte), vertical.allSatisfy(isMaskByte) else { return nil }
    return AutoresizingMask(
      horizontal: String(decoding: horizontal, as: UTF8.self),
      vertical: String(decoding: vertical, as: UTF8.self))
  }

  /// An identifier ends at the first quote followed by a blank.
  private func identifierEnd(from start: Int, _ end: Int) -> Int? {
    var index = start
    while index + 1 < end {
      if bytes[index] == UInt8(ascii: "'"), bytes[index + 1].isBlank { return index }
      index += 1
    }
    return nil
  }

  /// The state suffix starts at the last `(active`, `(inactive`, `(Names:` or `(names:`.
  /// One walk back from the end: every marker starts with `(`, so the last place any of them
  /// starts is the last `(` that starts one.
  private func findStateStart(from start: Int, _ end: Int) -> Int? {
    assert(Self.stateMarkers.allSatisfy { $0.first == UInt8(ascii: "(") }, "a state marker without its `(`")
    var index = end - 1
    while index >= start {
      if bytes[index] == UInt8(ascii: "("),
        Self.stateMarkers.contains(where: { index + $0.count <= end && bytes.matches($0, at: index) })
      {
        return index
      }
      index -= 1
    }
    return nil
  }

  /// `… priority:251` at the end of the body.
  private func trailingKeyword(_ keyword: String, _ start: Int, _ end: Int) -> (LoggedNumber, Int)? {
    guard let range = lastRange(of: Array(keyword.utf8), from: start, to: end) else { return nil }
    let text = string(range.upperBound, end).trimmingCharacters(in: " \t")
    guard let number = LoggedNumber(text: text) else { return nil }
    return (number, range.lowerBound)
  }

  private func lastRange(of needle: [UInt8], from start: Int, to end: Int) -> Range<Int>? {
    var index = end - needle.count
    while index >= start {
      if bytes.matches(needle, at: index) { return index..<(index + needle.count) }
      index -= 1
    }
    return nil
  }

  private func skipBlanks(_ index: Int, _ end: Int) -> Int {
    var index = index
    while index < end, bytes[index].isBlank { index += 1 }
    return index
  }

  private func trimTrailingBlanks(_ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start, bytes[end - 1].isBlank { end -= 1 }
    return end
  }

  private func string(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  private func failure(at index: Int, _ reason: String) -> ConstraintParseFailure {
    ConstraintParseFailure(column: index + 1, reason: reason)
  }
}

extension String {
  /// The string without leading and trailing characters from `set`.
  func trimmingCharacters(in set: String) -> String {
    let members = Set(set)
    var slice = Substring(self)
    while let first = slice.first, members.contains(first) { slice.removeFirst() }
    while let last = slice.last, members.contains(last) { slice.removeLast() }
    return String(slice)
  }
}
