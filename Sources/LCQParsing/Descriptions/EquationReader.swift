/// Reads an equation body: `A.attr REL [m*]B.attr [* m] [± c] [NSSpace(n)]`, `A.attr REL [±] c`,
/// or iOS 7's `A.attr REL` with nothing after it, which means `A.attr REL 0`.
struct EquationReader {
  let bytes: [UInt8]
  let start: Int
  let end: Int

  func read() throws -> ConstraintBody {
    let items = ItemReader(bytes: bytes)
    let (firstItem, firstAttribute, afterFirst) = try items.readItemAttribute(at: start, end: end)
    var index = items.skipBlanks(afterFirst, end)
    guard let (relation, afterRelation) = items.readRelation(at: index, end: end) else {
      throw failure(at: index, "expected '==', '>=' or '<=' after '\(firstAttribute)'")
    }
    index = items.skipBlanks(afterRelation, end)
    var body = ConstraintBody(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation)
    // iOS 7 printed a zero right side as nothing at all: `UIView:0x15dbe780.midX ==>`.
    guard index < end else { return body }

    var leadingNumber: LoggedNumber?
    if items.isNumberStart(at: index, end: end), let (number, after) = items.readNumber(at: index, end: end) {
      leadingNumber = number
      index = after
      let next = items.skipBlanks(index, end)
      if next < end, bytes[next] == UInt8(ascii: "*") {
        body.multiplier = number
        index = items.skipBlanks(next + 1, end)
        leadingNumber = nil
      }
    }
    if let constant = leadingNumber {
      body.constant = constant
    } else {
      let (secondItem, secondAttribute, afterSecond) = try items.readItemAttribute(at: index, end: end)
      body.secondItem = secondItem
      body.secondAttribute = secondAttribute
      index = items.skipBlanks(afterSecond, end)
      if index < end, bytes[index] == UInt8(ascii: "*") {
        guard let (multiplier, after) = items.readNumber(at: items.skipBlanks(index + 1, end), end: end)
        else {
          throw failure(at: index + 1, "expected a multiplier after '*'")
        }
        body.multiplier = multiplier
        index = items.skipBlanks(after, end)
      }
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        guard let (constant, after) = items.readNumber(at: index, end: end) else {
          throw failure(at: index, "expected a number after '\(Character(UnicodeScalar(bytes[index])))'")
        }
        body.constant = constant
        index = after
      }
    }
    index = items.skipBlanks(index, end)
    if index < end, let (spacing, after) = items.readSystemSpacing(at: index, end: end) {
      body.systemSpacing = spacing
      index = items.skipBlanks(after, end)
    }
    guard index >= end else {
      throw failure(at: index, "unexpected text after the equation")
    }
    return body
  }

  private func failure(at index: Int, _ reason: String) -> ConstraintParseFailure {
    ConstraintParseFailure(column: index + 1, reason: reason)
  }
}
