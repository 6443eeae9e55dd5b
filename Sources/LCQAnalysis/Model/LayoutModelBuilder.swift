import LCQParsing
import LCQSolver

/// Lowers a block's typed constraints to a ``LayoutModel``.
struct LayoutModelBuilder {
  let block: ConflictBlock
  var model = LayoutModel()
  var marginGuides = MarginGuides()
  /// Implicit rows already made, by a key that names them.
  var implicitIndex: [String: Int] = [:]
  /// Unknown variables already made, by key.
  var unknowns: [String: Variable] = [:]
  /// For each frame's width and height (by variable), its implicit `size ≥ 0` row, or -1
  /// before a member needs it.
  var sizeRowIndex: [Variable: Int] = [:]

  /// Whether AppKit superviews are read as flipped (y down) in two-item autoresizing rows.
  let flipped: Bool

  init(block: ConflictBlock, flipped: Bool = true) {
    self.block = block
    self.flipped = flipped
  }

  /// What a member's lowering collects besides its rows.
  struct MemberContext {
    var implicit: [Int] = []
    var missing: Set<MissingQuantity> = []
    let index: Int

    /// Adds implicit row `index` to the member's needs, once.
    mutating func need(_ index: Int) {
      if !implicit.contains(index) { implicit.append(index) }
    }
  }

  /// A readable constraint as the canonical order sees it.
  typealias OrderedMember = (index: Int, isSystem: Bool, text: String)

  /// The canonical order of members: system-generated first, then by address-free description,
  /// then (among descriptions that differ only in addresses) by description, then by index.
  static func precedes(_ lhs: OrderedMember, _ rhs: OrderedMember, in block: ConflictBlock) -> Bool {
    if let order = precedesWithoutAddresses(lhs, rhs) { return order }
    let (a, b) = (block.constraints[lhs.index].description, block.constraints[rhs.index].description)
    if a != b { return a < b }
    return lhs.index < rhs.index
  }

  /// The canonical order as far as it goes without addresses (system-generated first, then by
  /// address-free description); `nil` when the two tie on that.
  static func precedesWithoutAddresses(_ lhs: OrderedMember, _ rhs: OrderedMember) -> Bool? {
    if lhs.isSystem != rhs.isSystem { return lhs.isSystem }
    if lhs.text != rhs.text { return lhs.text < rhs.text }
    return nil
  }

  mutating func build() -> LayoutModel {
    // Candidates by list index: the typed constraints are large values, so each is read in
    // place once here rather than copied around.
    var ordered: [OrderedMember] = []
    ordered.reserveCapacity(block.constraints.count)
    for index in block.constraints.indices {
      guard let constraint = block.constraints[index].constraint else {
        model.excluded.append((index, "unreadable"))
        model.missing.insert(.unparsedConstraint)
        continue
      }
      if constraint.isActive == false {
        model.excluded.append((index, "inactive"))
        continue
      }
      if let priority = constraint.priority, priority.value < 1000 {
        model.excluded.append((index, "optional (priority \(priority.text))"))
        continue
      }
      guard Self.hasExactNumbers(constraint) else {
        model.excluded.append((index, "a number too large to decide exactly"))
        model.missing.insert(.hugeNumber)
        continue
      }
      ordered.append(
        (
          index, ConstraintOwnership.isMadeOutsideTheApp(constraint),
          AddressFreeText.of(block.constraints[index].description)
        ))
    }
    // Each readable constraint names at most two items (more only through margin guides and
    // superviews), each with two sizes: room made once instead of regrowing the tables.
    model.frames.reserveCapacity(2 * ordered.count)
    model.itemsByKey.reserveCapacity(2 * ordered.count)
    sizeRowIndex.reserveCapacity(4 * ordered.count)
    marginGuides = MarginGuides(block, indices: ordered.map(\.index)) {
      Self.key(of: $0, other: $1)
    }
    ordered.sort { Self.precedes($0, $1, in: block) }
    for (index, isSystem, _) in ordered {
      var context = MemberContext(index: index)
      let constraint = block.member(index)
      if Self.dependsOnFlipping(constraint, platform: block.platform) { model.dependsOnFlipping = true }
      let (exact, relaxed) = lower(constraint, &context)
      requireSizes(in: exact, &context)  // the relaxed rows have the same variables
      model.missing.formUnion(context.missing)
      model.members.append(
        LayoutModel.Member(
          index: index, exact: exact, relaxed: relaxed, implicit: context.implicit,
          missing: context.missing, isMadeOutsideTheApp: isSystem))
    }
    model.index(listCount: block.constraints.count)
    model.isFlipped = flipped
    return model
  }

  /// Whether every number of `constraint` is one lcq computes with exactly (see
  /// ``Rational/isWithinDecimalLimits(_:)``): a longer one would cost unbounded work.
  static func hasExactNumbers(_ constraint: LayoutConstraint) -> Bool {
    Rational.isWithinDecimalLimits(constraint.constant.text)
      && Rational.isWithinDecimalLimits(constraint.multiplier.text)
      && constraint.systemSpacing.map { Rational.isWithinDecimalLimits($0.text) } ?? true
  }

  /// An item's key within the block; visual format's `|` without a `names:` entry stands for
  /// the superview of the other item.
  static func key(of item: LayoutItem, other: LayoutItem?) -> String {
    if item.isSuperview, item.address == nil {
      return "superview(" + (other.map { key(of: $0, other: nil) } ?? "?") + ")"
    }
    return item.identity
  }

  // MARK: Frames, implicit rows and unknowns

  /// The frame of an item, made on first use.
  mutating func frame(_ key: String, item: LayoutItem?) -> ItemFrame {
    if let existing = model.frames[key] { return existing }
    let frame = ItemFrame(key: key)
    model.frames[key] = frame
    if let item { model.itemsByKey[key] = item }
    sizeRowIndex[frame.width] = -1
    sizeRowIndex[frame.height] = -1
    return frame
  }

  /// Adds `size ≥ 0` to the member's needs for each frame size its rows or its implicit rows
  /// use: a size the member never mentions cannot take part in its conflicts.
  mutating func requireSizes(in rows: [Constraint<Rational>], _ context: inout MemberContext) {
    for row in rows { requireSizes(in: row.expression, &context) }
    var checked = 0
    while checked < context.implicit.count {  // the list grows as sizes are added
      requireSizes(in: model.implicit[context.implicit[checked]].expression, &context)
      checked += 1
    }
  }

  private mutating func requireSizes(in expression: Expression<Rational>, _ context: inout MemberContext) {
    for term in expression.terms {
      guard var index = sizeRowIndex[term.variable] else { continue }
      if index < 0 {
        index = model.implicit.count
        model.implicit.append(
          Constraint(Expression(term.variable), .greaterThanOrEqual, name: term.variable.name + " ≥ 0"))
        sizeRowIndex[term.variable] = index
      }
      context.need(index)
    }
  }

  /// Adds an implicit row (once per block) to the member's needs.
  mutating func require(
    _ name: String, _ expression: Expression<Rational>, _ relation: Relation, _ context: inout MemberContext
  ) {
    let index: Int
    if let existing = implicitIndex[name] {
      index = existing
    } else {
      index = model.implicit.count
      model.implicit.append(Constraint(expression, relation, name: name))
      implicitIndex[name] = index
    }
    context.need(index)
  }

  /// An unknown quantity (made once per key).
  mutating func unknown(_ key: String, _ kind: MissingQuantity, _ context: inout MemberContext) -> Variable {
    context.missing.insert(kind)
    if let existing = unknowns[key] { return existing }
    let variable = Variable(key)
    unknowns[key] = variable
    return variable
  }
}
