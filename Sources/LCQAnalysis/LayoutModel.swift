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
    var isSystemGenerated: Bool
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
  /// Item frames by key.
  var frames: [String: ItemFrame] = [:]
  /// The printed item for each key (for drawing and naming).
  var itemsByKey: [String: LayoutItem] = [:]

  /// Builds the model of `block`.
  init(block: ConflictBlock) {
    var builder = LayoutModelBuilder(block: block)
    self = builder.build()
  }

  init() {}

  /// The rows for a set of members (given by list index), implicit rows first.
  func rows(for indices: [Int], relaxed: Bool) -> [ModelRow] {
    let chosen = Set(indices)
    var implicitUsed = Set<Int>()
    var memberRows: [ModelRow] = []
    for member in members where chosen.contains(member.index) {
      implicitUsed.formUnion(member.implicit)
      memberRows += (relaxed ? member.relaxed : member.exact).map {
        ModelRow(constraint: $0, member: member.index)
      }
    }
    return implicitUsed.sorted().map { ModelRow(constraint: implicit[$0], member: nil) } + memberRows
  }

  /// The list indices of every member, in canonical order.
  var memberIndices: [Int] { members.map(\.index) }

  /// The members split into groups that share no variable, through their rows or their
  /// implicit rows: each group (list indices, in canonical order) can be decided alone, and a
  /// minimal conflicting set always lies within one group. Groups come in the canonical order
  /// of their first members.
  var components: [[Int]] {
    var parent = Array(members.indices)
    func root(_ position: Int) -> Int {
      var position = position
      while parent[position] != position {
        parent[position] = parent[parent[position]]
        position = parent[position]
      }
      return position
    }
    var owner: [ObjectIdentifier: Int] = [:]
    for (position, member) in members.enumerated() {
      let expressions =
        (member.relaxed + member.exact).map(\.expression) + member.implicit.map { implicit[$0].expression }
      for expression in expressions {
        for term in expression.terms {
          let id = ObjectIdentifier(term.variable)
          guard let first = owner[id] else {
            owner[id] = position
            continue
          }
          let (a, b) = (root(first), root(position))
          if a != b { parent[max(a, b)] = min(a, b) }
        }
      }
    }
    var groups: [Int: [Int]] = [:]
    var order: [Int] = []
    for (position, member) in members.enumerated() {
      let group = root(position)
      if groups[group] == nil { order.append(group) }
      groups[group, default: []].append(member.index)
    }
    return order.map { groups[$0]! }
  }
}
