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
  private var solver: Solver<Rational>
  /// For each member (by list index), how many of its rows (in order) are in the solver;
  /// -1 when it is not loaded.
  private var loadedRows: [Int]
  /// For each implicit row, how many loaded members need it.
  private var implicitUses: [Int]
  /// Whether each implicit row is in the solver.
  private var implicitLoaded: [Bool]
  /// Scratch: whether each list index is in the set being checked.
  private var wanted: [Bool]

  /// An empty system over `model`'s widened or printed rows, with room for the rows of
  /// `expected` (list indices; every member when `nil`).
  init(_ model: LayoutModel, relaxed: Bool, expecting expected: [Int]? = nil) {
    self.model = model
    self.relaxed = relaxed
    let listCount = model.positions.count
    let rowCount = (expected ?? model.memberIndices).reduce(0) { count, index in
      let member = model.members[model.positions[index]]
      return count + (relaxed ? member.relaxed : member.exact).count + member.implicit.count
    }
    solver = Solver(reservingCapacity: rowCount)
    loadedRows = Array(filled: -1, count: listCount)
    wanted = Array(filled: false, count: listCount)
    implicitUses = Array(filled: 0, count: model.implicit.count)
    implicitLoaded = Array(filled: false, count: model.implicit.count)
  }

  /// Decides whether the members `target` (list indices, in canonical order) can hold together.
  ///
  /// - Parameter keepingValues: whether a feasible answer should carry the solution (it costs
  ///   a dictionary of every variable).
  mutating func check(_ target: [Int], keepingValues: Bool = true) throws(ReplayError) -> Feasibility {
    for member in target { wanted[member] = true }
    defer { for member in target { wanted[member] = false } }
    for member in loadedRows.indices where loadedRows[member] >= 0 && !wanted[member] {
      try unload(member)
    }
    for member in target {
      if let proof = try load(member) { return proof }
    }
    return .feasible(keepingValues ? solver.values() : [:])
  }

  private func member(_ index: Int) -> LayoutModel.Member { model.members[model.positions[index]] }

  /// Adds what is missing of `member` (its implicit rows first); a proof when a row cannot hold.
  private mutating func load(_ index: Int) throws(ReplayError) -> Feasibility? {
    let member = member(index)
    let rows = relaxed ? member.relaxed : member.exact
    if loadedRows[index] == rows.count { return nil }
    if loadedRows[index] < 0 {
      loadedRows[index] = 0
      for implicit in member.implicit { implicitUses[implicit] += 1 }
    }
    for implicit in member.implicit where !implicitLoaded[implicit] {
      if let proof = try add(model.implicit[implicit]) { return proof }
      implicitLoaded[implicit] = true
    }
    for row in rows[loadedRows[index]...] {
      if let proof = try add(row) { return proof }
      loadedRows[index] += 1
    }
    return nil
  }

  /// Takes `member`'s rows out, and the implicit rows no loaded member needs any more.
  private mutating func unload(_ index: Int) throws(ReplayError) {
    let member = member(index)
    let count = loadedRows[index]
    loadedRows[index] = -1
    for row in (relaxed ? member.relaxed : member.exact)[..<count] { try remove(row) }
    for implicit in member.implicit {
      implicitUses[implicit] -= 1
      if implicitUses[implicit] == 0, implicitLoaded[implicit] {
        implicitLoaded[implicit] = false
        try remove(model.implicit[implicit])
      }
    }
  }

  /// Adds one row; when it cannot hold (the solver is then unchanged), returns the proof.
  private mutating func add(_ row: Constraint<Rational>) throws(ReplayError) -> Feasibility? {
    do {
      try solver.add(row)
      return nil
    } catch {
      guard case .unsatisfiableConstraint(_, let proof) = error else { throw ReplayError(error) }
      return Feasibility.refuted(by: proof)
    }
  }

  private mutating func remove(_ row: Constraint<Rational>) throws(ReplayError) {
    do {
      try solver.remove(row)
    } catch {
      throw ReplayError(error)
    }
  }
}
