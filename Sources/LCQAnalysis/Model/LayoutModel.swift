import LCQParsing
import LCQSolver

/// A block's constraints as linear rows over item frames, ready for the solver.
///
/// Each readable, active, required constraint of the list is a *member*, with two forms: `exact`
/// (the numbers as printed) and `relaxed` (each number may be anything that prints the same).
/// *Implicit* rows hold what UIKit's engine assumes: sizes are never negative, baselines lie
/// within their view, unknown margin insets are not negative.
struct LayoutModel: Sendable {
  /// One logged constraint in the model.
  struct Member: Sendable {
    /// Its index in the block's list.
    var index: Int
    /// Its rows with the printed numbers.
    var exact: [Constraint<Rational>]
    /// Its rows with every printed number widened to what prints the same.
    var relaxed: [Constraint<Rational>]
    /// The implicit rows it needs (indices into ``LayoutModel/implicit``).
    var implicit: [Int]
    /// Unknown quantities its rows involve.
    var missing: Set<MissingQuantity>
    /// Whether UIKit or AppKit made it (rather than the app).
    var isMadeOutsideTheApp: Bool
  }

  /// The members, in canonical order: system-generated first, then by address-free description,
  /// so that the order of the log's list never matters.
  var members: [Member] = []
  /// Implicit rows, each made when a member first needs it.
  var implicit: [Constraint<Rational>] = []
  /// Indices of listed constraints left out, with the reason.
  var excluded: [(index: Int, reason: String)] = []
  /// Every unknown quantity of the block (unreadable constraints included).
  var missing: Set<MissingQuantity> = []
  /// Unknown margin insets, for the "UIKit's default margins" check.
  var marginInsets: [Variable] = []
  /// Each listed constraint's position in ``members`` (by list index), or -1 when it is not a
  /// member.
  private(set) var positions: [Int] = []
  /// Item frames by key.
  var frames: [String: ItemFrame] = [:]
  /// The printed item for each key (for drawing and naming).
  var itemsByKey: [String: LayoutItem] = [:]

  /// Builds the model of `block`.
  /// Whether a row's meaning depends on whether an AppKit superview is flipped (a two-item
  /// autoresizing constraint on the vertical axis): the block is then decided both ways.
  var dependsOnFlipping = false
  /// Whether AppKit superviews are read as flipped (y down) in this model.
  var isFlipped = true

  /// The model of `block`; on AppKit, with superviews `flipped` (y down, as UIKit's) or not.
  init(block: ConflictBlock, flipped: Bool = true) {
    var builder = LayoutModelBuilder(block: block, flipped: flipped)
    self = builder.build()
  }

  init() {}

  /// The order in which the model of `block` takes its readable constraints (list indices; see
  /// ``LayoutModelBuilder/precedes(_:_:in:)``). Addresses decide it only between descriptions
  /// that differ in nothing else; two blocks with the same ``ListKey`` and the same order are
  /// modelled alike, row for row, whatever their addresses.
  static func memberOrder(of block: ConflictBlock) -> [Int] {
    MemberRanking(of: block).order(in: block)
  }

  /// The rows for a set of members (given by list index), implicit rows first.
  func rows(for indices: [Int], relaxed: Bool) -> [ModelRow] {
    var rows: [ModelRow] = []
    forEachRow(of: indices, relaxed: relaxed) { rows.append(ModelRow(constraint: $0, member: $1)) }
    return rows
  }

  /// The solver constraints of ``rows(for:relaxed:)``, without their owners.
  func constraints(for indices: [Int], relaxed: Bool) -> [Constraint<Rational>] {
    var constraints: [Constraint<Rational>] = []
    forEachRow(of: indices, relaxed: relaxed) { constraint, _ in constraints.append(constraint) }
    return constraints
  }

  /// Calls `body` with each row of a set of members (given by list index), implicit rows first,
  /// and the list index of the member it belongs to (`nil` for an implicit row).
  private func forEachRow(
    of indices: [Int], relaxed: Bool, _ body: (Constraint<Rational>, Int?) -> Void
  ) {
    var chosen = Array(filled: false, count: members.count)
    for index in indices where positions.indices.contains(index) && positions[index] >= 0 {
      chosen[positions[index]] = true
    }
    var implicitUsed = Array(filled: false, count: implicit.count)
    for (position, member) in members.enumerated() where chosen[position] {
      for index in member.implicit { implicitUsed[index] = true }
    }
    for index in implicit.indices where implicitUsed[index] { body(implicit[index], nil) }
    for (position, member) in members.enumerated() where chosen[position] {
      for row in relaxed ? member.relaxed : member.exact { body(row, member.index) }
    }
  }

  /// The list indices of every member, in canonical order.
  var memberIndices: [Int] { members.map(\.index) }

  /// The members split into groups that share no variable, through their rows or their
  /// implicit rows: each group (list indices, in canonical order) can be decided alone, and a
  /// minimal conflicting set always lies within one group. Groups come in the canonical order
  /// of their first members. Worked out once, when the model is built.
  private(set) var components: [[Int]] = []

  /// Works out ``positions`` and ``components`` (the builder calls it once the members are
  /// final). A member's rows carry its list index as their `source`.
  mutating func index(listCount: Int) {
    positions = Array(filled: -1, count: listCount)
    for (position, member) in members.enumerated() { positions[member.index] = position }
    groupMembers()
  }

  private mutating func groupMembers() {
    var parent = Array(members.indices)
    func root(_ position: Int) -> Int {
      var position = position
      while parent[position] != position {
        parent[position] = parent[parent[position]]
        position = parent[position]
      }
      return position
    }
    var owner: [Variable: Int] = [:]
    owner.reserveCapacity(frames.count * 4)
    func join(_ expression: Expression<Rational>, _ position: Int) {
      for term in expression.terms {
        guard let first = owner[term.variable] else {
          owner[term.variable] = position
          continue
        }
        let (a, b) = (root(first), root(position))
        if a != b { parent[max(a, b)] = min(a, b) }
      }
    }
    for (position, member) in members.enumerated() {
      // The relaxed rows use the same variables as the exact ones.
      for row in member.exact { join(row.expression, position) }
      for index in member.implicit { join(implicit[index].expression, position) }
    }
    var groupOfRoot = Array(filled: -1, count: members.count)  // by the root's position
    var groups: [[Int]] = []
    for (position, member) in members.enumerated() {
      let group = root(position)
      if groupOfRoot[group] >= 0 {
        groups[groupOfRoot[group]].append(member.index)
      } else {
        groupOfRoot[group] = groups.count
        groups.append([member.index])
      }
    }
    components = groups
  }
}
