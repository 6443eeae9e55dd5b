/// Reads a visual-format body (`H:|-(8)-[A]`, `V:[A]-(>=8)-[B]`, `H:[A(44)]`, with `(LTR)`)
/// and normalises it to the equivalent equation.
///
/// `|-(c)-[X]` is `X.leading REL |.leading + c`; `[X]-(c)-|` is `|.trailing REL X.trailing + c`;
/// `[A]-(c)-[B]` is `B.leading REL A.trailing + c`; `[X(c)]` is `X.width REL c`
/// (top, bottom and height for `V:`). A bare `-` is the standard spacing (8, kept as system
/// spacing) and adjacent elements are flush (0).
struct VisualFormatReader {
  let bytes: [UInt8]
  let start: Int
  let end: Int

  private enum Element {
    case superview
    case view(LayoutItem, size: Predicate?)
  }

  private struct Predicate {
    var relation: LayoutRelation = .equal
    var constant: LoggedNumber = .zero
    var systemSpacing: LoggedNumber?
    var item: LayoutItem?
    var priority: LoggedNumber?
  }

  func read() throws -> ConstraintBody {
    let horizontal = bytes[start] == UInt8(ascii: "H")
    var index = start + 2
    var elements: [Element] = []
    var connections: [Predicate] = []
    var bodyEnd = end
    var direction: LayoutConstraint.LayoutDirection?
    for (suffix, value) in [("(LTR)", LayoutConstraint.LayoutDirection.leftToRight), ("(RTL)", .rightToLeft)]
    {
      let utf8 = Array(suffix.utf8)
      if bodyEnd - index >= utf8.count, bytes.matches(utf8, at: bodyEnd - utf8.count) {
        direction = value
        bodyEnd -= utf8.count
      }
    }

    while index < bodyEnd {
      let byte = bytes[index]
      if byte == UInt8(ascii: "|") {
        elements.append(.superview)
        index += 1
      } else if byte == UInt8(ascii: "[") {
        let (element, after) = try readView(at: index + 1)
        elements.append(element)
        index = after
      } else {
        throw failure(at: index, "expected '|' or '[' in visual format")
      }
      guard index < bodyEnd else { break }
      if bytes[index] == UInt8(ascii: "-") {
        index += 1
        if index < bodyEnd, bytes[index] == UInt8(ascii: "(") {
          let (predicate, after) = try readPredicate(at: index)
          connections.append(predicate)
          index = after
          guard index < bodyEnd, bytes[index] == UInt8(ascii: "-") else {
            throw failure(at: index, "expected '-' after the spacing")
          }
          index += 1
        } else {
          connections.append(Predicate(systemSpacing: LoggedNumber(8)))
        }
      } else {
        connections.append(Predicate())
      }
    }

    var body = try normalise(elements, connections, horizontal: horizontal)
    body.notation = .visualFormat
    body.direction = direction
    return body
  }

  private func normalise(
    _ elements: [Element], _ connections: [Predicate], horizontal: Bool
  ) throws -> ConstraintBody {
    let leadingEdge: LayoutAttribute = horizontal ? .leading : .top
    let trailingEdge: LayoutAttribute = horizontal ? .trailing : .bottom
    let size: LayoutAttribute = horizontal ? .width : .height
    let superview = LayoutItem(name: "|")

    if elements.count == 1, case .view(let item, let predicate?) = elements[0] {
      var body = ConstraintBody(firstItem: item, firstAttribute: size, relation: predicate.relation)
      apply(predicate, to: &body, secondAttribute: size)
      return body
    }
    guard elements.count == 2, connections.count == 1 else {
      throw failure(at: start, "visual format with \(elements.count) elements; expected one relation")
    }
    let spacing = connections[0]
    var body: ConstraintBody
    switch (elements[0], elements[1]) {
    case (.superview, .view(let item, nil)):
      body = ConstraintBody(
        firstItem: item, firstAttribute: leadingEdge, relation: spacing.relation,
        secondItem: superview, secondAttribute: leadingEdge)
    case (.view(let item, nil), .superview):
      body = ConstraintBody(
        firstItem: superview, firstAttribute: trailingEdge, relation: spacing.relation,
        secondItem: item, secondAttribute: trailingEdge)
    case (.view(let first, nil), .view(let second, nil)):
      body = ConstraintBody(
        firstItem: second, firstAttribute: leadingEdge, relation: spacing.relation,
        secondItem: first, secondAttribute: trailingEdge)
    default:
      throw failure(at: start, "visual format with more than one relation")
    }
    body.constant = spacing.constant
    body.systemSpacing = spacing.systemSpacing
    body.priority = spacing.priority
    return body
  }

  private func apply(_ predicate: Predicate, to body: inout ConstraintBody, secondAttribute: LayoutAttribute)
  {
    if let item = predicate.item {
      body.secondItem = item
      body.secondAttribute = secondAttribute
    }
    body.constant = predicate.constant
    body.systemSpacing = predicate.systemSpacing
    body.priority = predicate.priority
  }

  /// Reads a bracketed view after `[`, with an optional size predicate, through `]`.
  private func readView(at start: Int) throws -> (Element, Int) {
    let items = ItemReader(bytes: bytes)
    let labelEnds = { (quote: Int) -> Bool in
      quote + 1 < end && (bytes[quote + 1] == UInt8(ascii: "]") || bytes[quote + 1] == UInt8(ascii: "("))
    }
    var item: LayoutItem
    var index: Int
    if let (addressed, after) = items.readAddressed(at: start, end: end, labelEnds: labelEnds),
      after < end, bytes[after] == UInt8(ascii: "]") || bytes[after] == UInt8(ascii: "(")
    {
      item = addressed
      index = after
    } else {
      guard let close = matchingBracket(from: start) else {
        throw failure(at: start, "expected ']' to close the view")
      }
      var nameEnd = close
      if close > start, bytes[close - 1] == UInt8(ascii: ")"),
        let open = bytes[start..<close].lastIndex(of: UInt8(ascii: "("))
      {
        nameEnd = open
      }
      guard nameEnd > start else { throw failure(at: start, "expected a view name inside '[ ]'") }
      item = LayoutItem(name: String(decoding: bytes[start..<nameEnd], as: UTF8.self))
      index = nameEnd
    }
    var size: Predicate?
    if index < end, bytes[index] == UInt8(ascii: "(") {
      let (predicate, after) = try readPredicate(at: index)
      size = predicate
      index = after
    }
    guard index < end, bytes[index] == UInt8(ascii: "]") else {
      throw failure(at: index, "expected ']' to close the view")
    }
    return (.view(item, size: size), index + 1)
  }

  /// The `]` that closes a view opened just before `start`: a name may hold brackets of its own
  /// (Flutter's `platform_view[1]`), so brackets are counted.
  private func matchingBracket(from start: Int) -> Int? {
    var depth = 1
    for index in start..<end {
      if bytes[index] == UInt8(ascii: "[") { depth += 1 }
      if bytes[index] == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// Reads `(` [relation] (number | NSSpace(n) | view name) [`@`priority] `)`.
  private func readPredicate(at open: Int) throws -> (Predicate, Int) {
    var depth = 0
    var close = open
    while close < end {
      if bytes[close] == UInt8(ascii: "(") { depth += 1 }
      if bytes[close] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { break }
      }
      close += 1
    }
    guard close < end else { throw failure(at: open, "expected ')' to close the predicate") }
    let items = ItemReader(bytes: bytes)
    var predicate = Predicate()
    var index = open + 1
    var contentEnd = close
    if let at = bytes[index..<close].lastIndex(of: UInt8(ascii: "@")) {
      guard let (priority, _) = items.readNumber(at: at + 1, end: close) else {
        throw failure(at: at + 1, "expected a priority after '@'")
      }
      predicate.priority = priority
      contentEnd = at
    }
    if let (relation, after) = items.readRelation(at: index, end: contentEnd) {
      predicate.relation = relation
      index = after
    }
    if let (spacing, after) = items.readSystemSpacing(at: index, end: contentEnd), after == contentEnd {
      predicate.systemSpacing = spacing
    } else if let (number, after) = items.readNumber(at: index, end: contentEnd), after == contentEnd {
      predicate.constant = number
    } else if index < contentEnd {
      predicate.item = LayoutItem(name: String(decoding: bytes[index..<contentEnd], as: UTF8.self))
    } else {
      throw failure(at: index, "empty predicate")
    }
    return (predicate, close + 1)
  }

  private func failure(at index: Int, _ reason: String) -> ConstraintParseFailure {
    ConstraintParseFailure(column: index + 1, reason: reason)
  }
}
