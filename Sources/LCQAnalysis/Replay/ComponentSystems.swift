import LCQSolver

/// A block's members checked group by group (``LayoutModel/components``), each group in a
/// ``MemberSystem`` of its own: the block is feasible exactly when every group is, and each
/// solver only ever holds the rows that can interact.
struct ComponentSystems {
  /// Whether the rows are the widened (`relaxed`) or the printed ones.
  let relaxed: Bool
  /// The groups, as list indices in canonical order.
  let groups: [[Int]]
  /// One solver per group.
  var systems: [MemberSystem]
  /// The first answer for each whole group.
  let answers: [Feasibility]

  /// Checks every group of `model` with the widened (`relaxed`) or the printed rows.
  init(_ model: LayoutModel, relaxed: Bool) throws(ReplayError) {
    self.relaxed = relaxed
    groups = model.components
    var systems: [MemberSystem] = []
    var answers: [Feasibility] = []
    for group in groups {
      var system = MemberSystem(model, relaxed: relaxed, expecting: group)
      answers.append(try system.check(group, keepingValues: false))
      systems.append(system)
    }
    self.systems = systems
    self.answers = answers
  }

  /// The positions of the groups that cannot hold.
  var infeasible: [Int] { answers.indices.filter { !answers[$0].isFeasible } }

  /// One isolated minimal set per infeasible group, in group order.
  mutating func isolateEach() throws(ReplayError) -> [ConflictIsolation] {
    var isolations: [ConflictIsolation] = []
    for group in infeasible {
      guard
        let isolation = try ConflictIsolation.isolate(
          in: &systems[group], candidates: groups[group], first: answers[group])
      else { throw .solver("a conflict vanished on a second look") }
      isolations.append(isolation)
    }
    return isolations
  }

  /// The members of `minimalSet` whose removal alone makes the whole block feasible: none when
  /// another group conflicts too, or when the rest of the set's group conflicts by itself.
  mutating func singleFixes(of minimalSet: [Int]) throws(ReplayError) -> [Int] {
    let infeasible = infeasible
    guard infeasible.count == 1, let group = infeasible.first else { return [] }
    let members = groups[group]
    let inSet = Set(minimalSet)
    guard try systems[group].check(members.filter { !inSet.contains($0) }, keepingValues: false).isFeasible
    else { return [] }
    var fixes: [Int] = []
    for member in minimalSet
    where try systems[group].check(members.filter { $0 != member }, keepingValues: false).isFeasible {
      fixes.append(member)
    }
    return fixes
  }
}
