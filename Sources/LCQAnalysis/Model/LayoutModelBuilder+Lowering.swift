import LCQParsing
import LCQSolver

extension LayoutModelBuilder {
  /// One side of a constraint as a linear expression, and what kind of quantity it is.
  struct Side {
    enum Kind {
      /// A position in the common space, along x or y: depends on where the space starts.
      case positionX, positionY
      /// A size (never negative).
      case size
      /// A difference of positions, or an engine variable: no origin involved, any sign.
      case relative
    }
    var expression: Expression<Rational>
    var kind: Kind
  }

  /// The exact and relaxed rows of one constraint.
  mutating func lower(_ constraint: LayoutConstraint, _ context: inout MemberContext) -> (
    exact: [Constraint<Rational>], relaxed: [Constraint<Rational>]
  ) {
    let rightToLeft = constraint.direction == .rightToLeft
    let firstKey = Self.key(of: constraint.firstItem, other: constraint.secondItem)
    var first = side(
      constraint.firstItem, key: firstKey, constraint.firstAttribute, constraint, rightToLeft, &context)
    var second: Side?
    if let item = constraint.secondItem, let attribute = constraint.secondAttribute {
      let key = Self.key(of: item, other: constraint.firstItem)
      second = side(item, key: key, attribute, constraint, rightToLeft, &context)
    }
    let multiplier = Rational(decimal: constraint.multiplier.text) ?? .one
    var constant = Rational(decimal: constraint.constant.text) ?? .zero
    if isMirrored(constraint) { constant = -constant }
    if let spacing = constraint.systemSpacing {
      constant = constant + (Rational(decimal: spacing.text) ?? .zero)
    }

    // A position compared with a constant, or scaled by a factor other than 1, is measured from
    // the origin of a container the log does not name.
    if first.kind == .positionX || first.kind == .positionY,
      second.map({ $0.kind == first.kind && multiplier != .one }) ?? true
    {
      let origin = unknown(
        "origin[\(context.index)].\(first.kind == .positionX ? "x" : "y")", .containerOrigin, &context)
      first.expression = first.expression - Expression(origin)
      if var scaled = second {
        scaled.expression = scaled.expression - Expression(origin)
        second = scaled
      }
    }

    let secondExpression = second?.expression ?? Expression()
    let constantHalfWidth = PrintedPrecision.halfWidth(of: constraint.constant.text)
    // UIKit prints a multiplier only when it is not 1, so an unprinted 1 is exact.
    let multiplierHalfWidth =
      second?.kind == .size && multiplier != .one
      ? PrintedPrecision.halfWidth(of: constraint.multiplier.text) : .zero
    let name = "[" + String(context.index + 1) + "]"
    /// `first − factor × second − offset`, built in one array.
    func difference(_ factor: Rational, _ offset: Rational) -> Expression<Rational> {
      var terms = first.expression.terms
      terms.reserveCapacity(terms.count + secondExpression.terms.count)
      for term in secondExpression.terms { terms.append(Term(term.variable, -(term.coefficient * factor))) }
      return Expression(
        terms, constant: first.expression.constant - secondExpression.constant * factor - offset)
    }
    let exact = Constraint(
      difference(multiplier, constant), relation(constraint.relation), name: name, source: context.index)

    guard !(constantHalfWidth.isNearZero && multiplierHalfWidth.isNearZero) else { return ([exact], [exact]) }
    // first ≤ (m + δm)·second + c + δc   and   first ≥ (m − δm)·second + c − δc
    let upper = Constraint(
      difference(multiplier + multiplierHalfWidth, constant + constantHalfWidth), .lessThanOrEqual,
      name: name + " upper", source: context.index)
    let lower = Constraint(
      difference(multiplier - multiplierHalfWidth, constant - constantHalfWidth), .greaterThanOrEqual,
      name: name + " lower", source: context.index)
    switch constraint.relation {
    case .equal: return ([exact], [upper, lower])
    case .lessThanOrEqual: return ([exact], [upper])
    case .greaterThanOrEqual: return ([exact], [lower])
    }
  }

  func relation(_ relation: LayoutRelation) -> Relation {
    switch relation {
    case .equal: .equal
    case .lessThanOrEqual: .lessThanOrEqual
    case .greaterThanOrEqual: .greaterThanOrEqual
    }
  }

  /// Lowers `item.attribute`.
  mutating func side(
    _ item: LayoutItem, key: String, _ attribute: LayoutAttribute, _ constraint: LayoutConstraint,
    _ rightToLeft: Bool, _ context: inout MemberContext
  ) -> Side {
    let frame = frame(key, item: item)
    let half = Rational(1, 2)
    func mirrored(_ side: Side) -> Side {
      rightToLeft ? Side(expression: side.expression * -Rational.one, kind: side.kind) : side
    }
    switch attribute {
    case .left: return Side(expression: frame.x(.zero), kind: .positionX)
    case .right: return Side(expression: frame.x(.one), kind: .positionX)
    case .leading: return mirrored(Side(expression: frame.x(rightToLeft ? .one : .zero), kind: .positionX))
    case .trailing: return mirrored(Side(expression: frame.x(rightToLeft ? .zero : .one), kind: .positionX))
    case .centerX: return mirrored(Side(expression: frame.x(half), kind: .positionX))
    case .top: return Side(expression: frame.y(.zero), kind: .positionY)
    case .bottom: return Side(expression: frame.y(.one), kind: .positionY)
    case .centerY: return Side(expression: frame.y(half), kind: .positionY)
    case .width: return Side(expression: Expression(frame.width), kind: .size)
    case .height: return Side(expression: Expression(frame.height), kind: .size)
    case .firstBaseline, .lastBaseline:
      let offset = unknown("\(key).\(attribute)", .baseline, &context)
      require("\(key).\(attribute) ≥ 0", Expression(offset), .greaterThanOrEqual, &context)
      require(
        "\(key).\(attribute) ≤ height", Expression(offset) - Expression(frame.height), .lessThanOrEqual,
        &context)
      return Side(expression: Expression([Term(frame.minY), Term(offset)]), kind: .positionY)
    case .leftMargin: return Side(expression: marginEdge(key, frame, .left, &context), kind: .positionX)
    case .rightMargin: return Side(expression: marginEdge(key, frame, .right, &context), kind: .positionX)
    case .leadingMargin:
      return mirrored(
        Side(expression: marginEdge(key, frame, rightToLeft ? .right : .left, &context), kind: .positionX))
    case .trailingMargin:
      return mirrored(
        Side(expression: marginEdge(key, frame, rightToLeft ? .left : .right, &context), kind: .positionX))
    case .topMargin: return Side(expression: marginEdge(key, frame, .top, &context), kind: .positionY)
    case .bottomMargin: return Side(expression: marginEdge(key, frame, .bottom, &context), kind: .positionY)
    case .centerXWithinMargins:
      let sum = marginEdge(key, frame, .left, &context) + marginEdge(key, frame, .right, &context)
      return mirrored(Side(expression: sum * half, kind: .positionX))
    case .centerYWithinMargins:
      let sum = marginEdge(key, frame, .top, &context) + marginEdge(key, frame, .bottom, &context)
      return Side(expression: sum * half, kind: .positionY)
    case .minX, .midX, .maxX, .minY, .midY, .maxY:
      return autoresizingSide(frame, attribute, constraint, &context)
    case .engineVariable(let name):
      let variable = unknown("\(key).\(name)", .engineVariable, &context)
      return Side(expression: Expression(variable), kind: .relative)
    }
  }

  /// A margin edge: the logged guide's edge, or the view's edge moved in by an unknown inset ≥ 0.
  mutating func marginEdge(
    _ key: String, _ frame: ItemFrame, _ side: MarginGuides.Side, _ context: inout MemberContext
  ) -> Expression<Rational> {
    if let guideKey = marginGuides.guide(of: key, side: side) {
      let guide = self.frame(guideKey, item: model.itemsByKey[guideKey])
      switch side {
      case .left: return guide.x(.zero)
      case .right: return guide.x(.one)
      case .top: return guide.y(.zero)
      case .bottom: return guide.y(.one)
      }
    }
    let insetKey = "\(key).margin.\(side.rawValue)"
    let isNew = unknowns[insetKey] == nil
    let inset = unknown(insetKey, .margins, &context)
    if isNew { model.marginInsets.append(inset) }
    require("\(insetKey) ≥ 0", Expression(inset), .greaterThanOrEqual, &context)
    switch side {
    case .left: return frame.x(.zero) + Expression(inset)
    case .right: return frame.x(.one) - Expression(inset)
    case .top: return frame.y(.zero) + Expression(inset)
    case .bottom: return frame.y(.one) - Expression(inset)
    }
  }

  /// Whether `constraint` is a two-item AppKit autoresizing row on the vertical axis (its
  /// meaning depends on whether the superview is flipped; see ``LayoutModel/dependsOnFlipping``)
  /// and this model reads superviews as not flipped: `v.minY == S.minY + c` (y up) is then
  /// `v.maxY == S.maxY − c` (y down).
  func isMirrored(_ constraint: LayoutConstraint) -> Bool {
    !flipped && Self.dependsOnFlipping(constraint, platform: block.platform)
  }

  /// Whether `constraint` means different things in a flipped and an unflipped AppKit superview:
  /// a vertical autoresizing row between two items, or of one item whose superview `names:`
  /// gives (`v.minY == c   (names: '|':S)`: from S's top when S is flipped, from its bottom when not).
  static func dependsOnFlipping(_ constraint: LayoutConstraint, platform: ConflictBlock.Platform) -> Bool {
    guard platform == .appkit, case .autoresizingMask = constraint.origin,
      [LayoutAttribute.minY, .midY, .maxY].contains(constraint.firstAttribute)
    else { return false }
    return constraint.secondItem != nil || namedSuperview(of: constraint) != nil
  }

  /// The superview a one-item row's `names:` list gives (`'|':S`), when it has an address.
  static func namedSuperview(of constraint: LayoutConstraint) -> LayoutItem? {
    guard let superview = constraint.namedSuperview, superview.address != nil
    else {
      return nil
    }
    return superview
  }

  /// `minX`…`maxY` of an autoresizing constraint: in the two-item form, the frame's own
  /// position, related directly to the other item's; in the one-item form, the frame relative to
  /// the superview named in `names:`, or to an unknown origin. AppKit's y axis may be flipped: a
  /// one-item vertical position is measured from the named superview's top in the flipped
  /// reading and from its bottom in the other (``isMirrored(_:)``), and from an unknown origin
  /// when no superview is named.
  mutating func autoresizingSide(
    _ frame: ItemFrame, _ attribute: LayoutAttribute, _ constraint: LayoutConstraint,
    _ context: inout MemberContext
  ) -> Side {
    let horizontal = [LayoutAttribute.minX, .midX, .maxX].contains(attribute)
    let fraction: Rational =
      switch attribute {
      case .minX, .minY: .zero
      case .midX, .midY: Rational(1, 2)
      default: .one
      }
    // Unflipped (y up), `minY` is the bottom edge: the mirror image of the flipped reading.
    let position =
      horizontal ? frame.x(fraction) : frame.y(isMirrored(constraint) ? .one - fraction : fraction)
    // The two-item form (`v.midX == S.midX + 187.5`, `v.width == S.width`) relates the two frames
    // directly (on AppKit's vertical axis, in the reading ``isMirrored(_:)`` says); only the
    // one-item form (`v.minX == 20`) is measured from the superview's origin.
    if constraint.secondItem != nil {
      return Side(expression: position, kind: horizontal ? .positionX : .positionY)
    }
    let origin: Expression<Rational>
    if block.platform == .appkit, !horizontal {
      if let superview = Self.namedSuperview(of: constraint) {
        let superFrame = self.frame(superview.identity, item: superview)
        // Unflipped, `minY` is the distance from the superview's bottom up to the view's bottom:
        // measured from the bottom, with the constant turned (``lower(_:_:)``), as y grows down.
        let origin = superFrame.y(isMirrored(constraint) ? .one : .zero)
        return Side(expression: position - origin, kind: .relative)
      }
      origin = Expression(unknown("origin[\(context.index)].y", .containerOrigin, &context))
    } else if let superview = Self.namedSuperview(of: constraint) {
      let superFrame = self.frame(superview.identity, item: superview)
      origin = Expression(horizontal ? superFrame.minX : superFrame.minY)
    } else {
      let axis = horizontal ? "x" : "y"
      origin = Expression(unknown("origin(superview(\(frame.key))).\(axis)", .containerOrigin, &context))
    }
    return Side(expression: position - origin, kind: .relative)
  }
}
