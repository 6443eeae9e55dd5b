import LCQParsing
import LCQSolver

/// Works out a conflict's ``Damage``: the constraint UIKit broke, `first − m × second ≷ c`, and
/// the exact solver's least and greatest values of `first − m × second` over every layout the
/// rest of the block allows (the log's unknowns left free, each printed number anything that
/// prints the same), as the replay models them.
enum DamageFinder {
  /// The most views of the conflict checked for having collapsed to nothing.
  static let viewLimit = 16

  /// The damage of `block`, given its replay, in the words of `names`.
  static func damage(of block: ConflictBlock, replay: Replay, names: ItemNames) -> DamageFinding {
    let framework = block.platform.frameworkName
    guard replay.verdict == .conflict else {
      return .none(
        reason: replay.verdict == .withinPrecision
          ? "the constraints conflict only as printed, so UIKit's layout misses nothing it can show"
          : "there is no proven conflict")
    }
    guard let broken = block.brokenConstraintIndex else {
      return .none(
        reason: block.brokenConstraint == nil
          ? "the log does not say which constraint \(framework) broke"
          : "the constraint \(framework) broke is not in the list")
    }
    let number = "[\(broken + 1)]"
    guard let model = replay.model, model.positions.indices.contains(broken), model.positions[broken] >= 0
    else {
      return .none(reason: "\(number), which \(framework) broke, could not be replayed")
    }
    guard let standing = replay.brokenConstraint, standing.inMinimalSet else {
      return .none(reason: "\(number), which \(framework) broke, is not part of the conflict shown")
    }
    // `resolves` is unknown when the replay did not look for single fixes (ingest does not): the
    // rest's rows below answer it the same way, for they are the widened block without it.
    let doesNotResolve = DamageFinding.none(
      reason:
        "leaving out \(number) does not resolve the block, so \(framework) breaks another constraint too")
    guard standing.resolves != false else { return doesNotResolve }
    guard !model.dependsOnFlipping else {
      return .none(
        reason: "the layout depends on whether an AppKit superview is flipped, which the log does not say")
    }
    guard model.members.count <= FixFinder.memberLimit else {
      return .none(reason: "the block has more than \(FixFinder.memberLimit) readable constraints")
    }
    let member = block.member(broken)
    let row = model.members[model.positions[broken]].exact
    guard row.count == 1, var asked = Rational(decimal: member.constant.text) else {
      return .none(reason: "\(number)'s constant could not be read exactly")
    }
    if let spacing = member.systemSpacing {
      guard let space = Rational(decimal: spacing.text) else {
        return .none(reason: "\(number)'s system spacing could not be read exactly")
      }
      asked = asked + space
    }
    // The rest's rows, and every implicit row (the broken constraint's too: sizes are never
    // negative, whichever constraint named the view).
    let rows = model.rows(for: model.memberIndices, relaxed: true).filter { $0.member != broken }.map(
      \.constraint)
    // The row is `first − m × second − c`: its values are those of `first − m × second`, less c.
    var ranges = ValueRange(rows)
    let range = ranges.of(row[0].expression)
    if case .nowhere = range { return doesNotResolve }
    guard case .values(let low, let high) = range else {
      return .none(reason: "too large to say: the solver gave up on the numbers")
    }
    let miss = Self.miss(low: low, high: high, relation: row[0].relation)
    guard PointFigures.isSayable(miss) else {
      return .none(reason: "too large to say: the miss is 10^12 pt or more")
    }
    // A proven conflict whose broken constraint resolves it always misses: the rest cannot give
    // what it asked.
    guard miss > .zero else {
      return .none(reason: "the rest of the block allows what \(number) asked, as printed numbers round")
    }
    let collapsed = collapsedViews(of: block, replay: replay, model: model, ranges: &ranges)
    var damage = Damage(
      constraint: broken, asked: asked, drawnLow: low.map { $0 + asked }, drawnHigh: high.map { $0 + asked },
      miss: miss, collapsed: collapsed, shows: .of(miss: miss, collapsed: !collapsed.isEmpty), words: "")
    damage.words = DamageWords.sentence(damage, block: block, names: names)
    return .figure(damage)
  }

  /// The least distance from `[low, high]` to where `value (relation) 0` holds.
  static func miss(low: Rational?, high: Rational?, relation: Relation) -> Rational {
    let above = low.map { $0 > .zero ? $0 : .zero } ?? .zero
    let below = high.map { $0 < .zero ? -$0 : .zero } ?? .zero
    switch relation {
    case .equal: return above > .zero ? above : below
    case .lessThanOrEqual: return above
    case .greaterThanOrEqual: return below
    }
  }

  /// The views of the minimal set's members (layout guides left out) whose width or height is
  /// at most 0 under the rows of `ranges`, in list order of first mention.
  static func collapsedViews(
    of block: ConflictBlock, replay: Replay, model: LayoutModel, ranges: inout ValueRange
  ) -> [Damage.CollapsedView] {
    let views = model.items(namedBy: replay.minimalSet.sorted(), in: block, includingGuides: false)
    var collapsed: [Damage.CollapsedView] = []
    for view in views.prefix(viewLimit) {
      guard let frame = model.frames[view.key] else { continue }
      for (axis, variable) in [(SizeEnvelope.Axis.width, frame.width), (.height, frame.height)] {
        // A size no row constrains has no greatest value: it is not collapsed.
        guard case .values(_, let high) = ranges.of(Expression(variable)), let high, !(high > .zero)
        else { continue }
        collapsed.append(Damage.CollapsedView(item: view.item, axis: axis))
      }
    }
    return collapsed
  }
}
