import LCQSolver

/// One minimal conflicting set, found by a deletion filter that uses each proof to skip ahead.
///
/// Members are tried for removal in the model's canonical order (system-generated first), so
/// when several minimal sets exist the one kept is the one that keeps the app's constraints,
/// and the same block listed in another order gives the same set.
struct ConflictIsolation {
  /// The minimal set, as list indices in canonical order.
  var members: [Int]
  /// A proof whose members are exactly `members`.
  var proof: Explanation<Rational>
  /// For each member, a solution of the set without it.
  var witnesses: [Int: [Variable: Rational]]

  /// Isolates a minimal set among `candidates` (list indices in canonical order), or returns
  /// `nil` when they are feasible together.
  /// Pass `first`, the answer for all candidates, when it is already known.
  static func isolate(
    in system: inout MemberSystem, candidates: [Int], first: Feasibility? = nil
  ) throws(ReplayError) -> ConflictIsolation? {
    let answer: Feasibility
    if let first {
      answer = first
    } else {
      answer = try system.check(candidates, keepingValues: false)
    }
    guard case .infeasible(var proof, let support) = answer else { return nil }
    var current = candidates.filter(support.contains)
    var witnesses: [Int: [Variable: Rational]] = [:]
    for member in candidates where current.contains(member) {
      let trial = current.filter { $0 != member }
      switch try system.check(trial) {
      case .feasible(let values):
        // A solution of a superset of (final set − member) is a solution of it too.
        witnesses[member] = values
      case .infeasible(let smaller, let smallerSupport):
        proof = smaller
        current = trial.filter(smallerSupport.contains)
      }
    }
    return ConflictIsolation(
      members: current, proof: proof, witnesses: witnesses.filter { current.contains($0.key) })
  }
}
