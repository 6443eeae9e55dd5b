import LCQSolver

/// One exact solver that holds the rows of a changing set of members, for the many checks of a
/// deletion filter or a hitting-set search.
///
/// Asking about a set removes the rows of members not in it and adds the missing ones, so a
/// check that differs from the previous one by a member or two costs a removal and an addition
/// rather than a fresh solver. A member's implicit rows are in the solver exactly while a
/// member that needs them is, so each check decides the same system as
/// ``LayoutModel/rows(for:relaxed:)`` would build for the set.
/// The sequence of checks alone decides the solver's state, so the same calls in the same order
/// always give the same proofs and solutions.
struct MemberSystem {
  let model: LayoutModel
  /// Whether the rows are the widened (`relaxed`) or the printed ones.
  let relaxed: Bool
  private var solver = Solver<Rational>()
  /// Position in `model.members` by list index.
  private let position: [Int: Int]
  /// The member owning each row (of this system's form), by the row's identity.
  let owners: [ObjectIdentifier: Int]
  /// Members in the solver, with how many of their rows (in order) are in.
  private var loaded: [Int: Int] = [:]
  /// For each implicit row, how many loaded members need it.
  private var implicitUses: [Int: Int] = [:]
  /// Implicit rows in the solver.
  private var implicitLoaded: Set<Int> = []

  /// An empty system over `model`'s widened or printed rows.
  init(_ model: LayoutModel, relaxed: Bool) {
    self.model = model
    self.relaxed = relaxed
    var position: [Int: Int] = [:]
    var owners: [ObjectIdentifier: Int] = [:]
    for (offset, member) in model.members.enumerated() {
      position[member.index] = offset
      for row in relaxed ? member.relaxed : member.exact { owners[ObjectIdentifier(row)] = member.index }
    }
    self.position = position
    self.owners = owners
  }

  /// Decides whether the members `target` (list indices, in canonical order) can hold together.
  ///
  /// - Parameter keepingValues: whether a feasible answer should carry the solution (it costs
  ///   a dictionary of every variable).
  mutating func check(_ target: [Int], keepingValues: Bool = true) throws(ReplayError) -> Feasibility {
    let wanted = Set(target)
    for member in loaded.keys.sorted() where !wanted.contains(member) {
      try unload(member)
    }
    for member in target {
      if let proof = try load(member) { return proof }
    }
    return .feasible(keepingValues ? solver.values() : [:])
  }

  private func rows(of member: Int) -> [Constraint<Rational>] {
    let member = model.members[position[member]!]
    return relaxed ? member.relaxed : member.exact
  }

  /// Adds what is missing of `member` (its implicit rows first); a proof when a row cannot hold.
  private mutating func load(_ member: Int) throws(ReplayError) -> Feasibility? {
    let rows = rows(of: member)
    if let count = loaded[member], count == rows.count { return nil }
    if loaded[member] == nil {
      loaded[member] = 0
      for index in model.members[position[member]!].implicit { implicitUses[index, default: 0] += 1 }
    }
    for index in model.members[position[member]!].implicit where !implicitLoaded.contains(index) {
      if let proof = try add(model.implicit[index]) { return proof }
      implicitLoaded.insert(index)
    }
    for row in rows[loaded[member]!...] {
      if let proof = try add(row) { return proof }
      loaded[member]! += 1
    }
    return nil
  }

  /// Takes `member`'s rows out, and the implicit rows no loaded member needs any more.
  private mutating func unload(_ member: Int) throws(ReplayError) {
    let count = loaded.removeValue(forKey: member)!
    for row in rows(of: member)[..<count] { try remove(row) }
    for index in model.members[position[member]!].implicit {
      implicitUses[index]! -= 1
      if implicitUses[index] == 0, implicitLoaded.remove(index) != nil { try remove(model.implicit[index]) }
    }
  }

  /// Adds one row; when it cannot hold (the solver is then unchanged), returns the proof.
  private mutating func add(_ row: Constraint<Rational>) throws(ReplayError) -> Feasibility? {
    do {
      try solver.add(row)
      return nil
    } catch {
      guard case .unsatisfiableConstraint(_, let proof) = error else { throw .solver("\(error)") }
      return Feasibility.refuted(by: proof, owners: owners)
    }
  }

  private mutating func remove(_ row: Constraint<Rational>) throws(ReplayError) {
    do {
      try solver.remove(row)
    } catch {
      throw .solver("\(error)")
    }
  }
}
