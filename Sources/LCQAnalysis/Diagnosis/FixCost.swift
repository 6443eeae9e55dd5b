import LCQParsing
import LCQSolver

/// What each proven fix moves: the least total amount, in points, by which the constraints it
/// lowers or removes must give way in a layout that satisfies every other member of the block
/// (printed numbers, as fixes are proven). A constraint lowered to 999 gives way by exactly its
/// violation there; the exact solver finds the least sum with those constraints made weak, all
/// at one strength.
///
/// One solver serves a block's fixes: the members no fix changes are put in once, and each fix
/// puts in and takes out only the members some fix changes.
struct FixCost {
  private let model: LayoutModel
  /// The members some fix changes (list indices, in canonical order).
  private let changed: [Int]
  private var solver: Solver<Rational>?

  /// A cost finder for fixes that change members among `changed`.
  init(_ model: LayoutModel, changing changed: Set<Int>) {
    self.model = model
    self.changed = model.memberIndices.filter(changed.contains)
    var solver = Solver<Rational>()
    // Every implicit row (sizes at least 0…) holds in any layout; the members no fix changes, too.
    let rows = model.rows(for: model.memberIndices, relaxed: false).filter { row in
      row.member.map { !changed.contains($0) } ?? true
    }
    do {
      try solver.add(rows: rows.map(\.constraint))
      self.solver = solver
    } catch {
      self.solver = nil
    }
  }

  /// The cost of a fix that lowers or removes `changes`; `nil` when the solver gave up.
  mutating func cost(of changes: [Int]) -> Rational? {
    guard var solver else { return nil }
    self.solver = nil  // back only if every step ends well
    let lowered = Set(changes)
    var added: [Constraint<Rational>] = []
    var given: [Constraint<Rational>] = []
    do {
      for index in changed {
        for row in model.rows(for: [index], relaxed: false) where row.member == index {
          let row = row.constraint
          let put =
            lowered.contains(index)
            ? Constraint(row.expression, row.relation, strength: .weak, name: row.name, source: index) : row
          try solver.add(put)
          added.append(put)
          if lowered.contains(index) { given.append(put) }
        }
      }
      var total = Rational.zero
      for row in given {
        total = total + Self.violation(of: row) { solver.value(of: $0) }
      }
      for row in added { try solver.remove(row) }
      self.solver = solver
      return total
    } catch {
      return nil
    }
  }

  /// How far `row` is from holding under `value`.
  static func violation(of row: Constraint<Rational>, _ value: (Variable) -> Rational) -> Rational {
    let result = row.expression.value(value)
    switch row.relation {
    case .equal: return result < .zero ? -result : result
    case .lessThanOrEqual: return result > .zero ? result : .zero
    case .greaterThanOrEqual: return result < .zero ? -result : .zero
    }
  }

  /// Whether member `index` is plainly a mistake, which breaks a tie of costs: a width or height
  /// of zero or less that the app set, or a second pin of an attribute the minimal set already
  /// pins (two equalities of the app's on one item's same attribute).
  static func isPlainMistake(
    _ index: Int, block: ConflictBlock, minimalSet: [Int], views: ViewOwners
  ) -> Bool {
    let member = block.member(index)
    guard setByApp(member, views: views) else { return false }
    if member.secondItem == nil, member.firstAttribute == .width || member.firstAttribute == .height,
      member.relation != .greaterThanOrEqual, !(member.constant.value > 0)
    {
      return true
    }
    guard member.relation == .equal else { return false }
    return minimalSet.contains { other in
      guard other != index else { return false }
      let pin = block.member(other)
      return pin.relation == .equal && pin.firstItem.identity == member.firstItem.identity
        && pin.firstAttribute == member.firstAttribute
        && setByApp(pin, views: views)
    }
  }

  /// Whether the app's own code set `constraint` (not UIKit, a library, Interface Builder or an
  /// autoresizing mask).
  private static func setByApp(_ constraint: LayoutConstraint, views: ViewOwners) -> Bool {
    if case .autoresizingMask = constraint.origin { return false }
    return !ConstraintOwnership.isMadeOutsideTheApp(constraint, views: views)
      && !ConstraintOwnership.isMadeByInterfaceBuilder(constraint)
  }
}
