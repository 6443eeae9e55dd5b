import LCQParsing
import LCQSolver

/// Replays one block: builds its layout model, decides the verdict, and for a conflict isolates
/// and proves a minimal set.
public enum BlockReplayer {
  /// Blocks with at most this many readable constraints get every minimal set.
  public static let enumerationLimit = 20
  /// Blocks with more readable constraints than this are `undecidable` (too large).
  public static let memberLimit = 5000

  /// How much to compute beyond the verdict and one proven minimal set.
  public struct Options: Sendable {
    /// Find every minimal set of blocks within ``BlockReplayer/enumerationLimit``.
    public var enumeratesMinimalSets: Bool
    /// Find the constraints whose removal alone resolves the block.
    public var findsSingleFixes: Bool

    /// Creates options; everything is on by default.
    public init(enumeratesMinimalSets: Bool = true, findsSingleFixes: Bool = true) {
      self.enumeratesMinimalSets = enumeratesMinimalSets
      self.findsSingleFixes = findsSingleFixes
    }
  }

  /// Replays `block`.
  public static func replay(_ block: ConflictBlock, options: Options = Options()) -> Replay {
    let model = LayoutModel(block: block)
    var replay = Replay(verdict: .undecidable)
    replay.excluded = model.excluded
    replay.model = model
    guard model.members.count <= memberLimit else {
      replay.note = "too large: \(model.members.count) readable constraints (the limit is \(memberLimit))"
      return replay
    }
    do {
      try decide(model, options, &replay)
    } catch {
      replay = Replay(verdict: .undecidable)
      replay.excluded = model.excluded
      replay.model = model
      if case .solver(let message) = error { replay.note = "the solver failed: \(message)" }
    }
    replay.brokenConstraint = standing(of: block, replay)
    return replay
  }

  static func decide(_ model: LayoutModel, _ options: Options, _ replay: inout Replay) throws(ReplayError) {
    let candidates = model.memberIndices
    let widened = try Feasibility.check(model.rows(for: candidates, relaxed: true))
    if !widened.isFeasible {
      replay.verdict = .conflict
      try prove(model, candidates: candidates, relaxed: true, first: widened, &replay)
      if options.enumeratesMinimalSets, candidates.count <= enumerationLimit {
        let all = try ConflictEnumeration.enumerate(
          in: model, candidates: candidates, first: replay.minimalSet, relaxed: true)
        replay.minimalSets = all.sets
        replay.minimalSetsComplete = all.isComplete
        if all.isComplete { replay.singleFixes = all.corrections.filter { $0.count == 1 }.map { $0[0] } }
      } else {
        replay.minimalSets = [replay.minimalSet]
      }
      if replay.singleFixes == nil, options.findsSingleFixes {
        replay.singleFixes = try singleFixes(model, candidates: candidates, minimalSet: replay.minimalSet)
      }
      return
    }
    let printed = try Feasibility.check(model.rows(for: candidates, relaxed: false))
    if !printed.isFeasible {
      replay.verdict = .withinPrecision
      try prove(model, candidates: candidates, relaxed: false, first: printed, &replay)
      return
    }
    replay.missing = model.missing.sorted()
    guard !replay.missing.isEmpty else {
      replay.verdict = .satisfiable
      return
    }
    replay.verdict = .undecidable
    if !model.marginInsets.isEmpty {
      let defaults = model.marginInsets.map { inset in
        ModelRow(
          constraint: Constraint(Expression(inset) + Rational(-8), .equal, name: "\(inset) = 8"), member: nil)
      }
      let rows = model.rows(for: candidates, relaxed: true) + defaults
      replay.infeasibleWithDefaultMargins = !(try Feasibility.check(rows).isFeasible)
    }
  }

  /// The members of `minimalSet` whose removal alone makes the block feasible: every other
  /// member is loaded once, then each trial adds the set without one member to a copy.
  static func singleFixes(_ model: LayoutModel, candidates: [Int], minimalSet: [Int]) throws(ReplayError)
    -> [Int]
  {
    let inSet = Set(minimalSet)
    var base = IncrementalCheck()
    guard try base.add(model.rows(for: candidates.filter { !inSet.contains($0) }, relaxed: true)) == nil
    else { return [] }  // the rest conflicts by itself: no single removal can help
    var fixes: [Int] = []
    for member in minimalSet {
      var trial = base
      if try trial.add(model.rows(for: minimalSet.filter { $0 != member }, relaxed: true)) == nil {
        fixes.append(member)
      }
    }
    return fixes
  }

  /// Isolates one minimal set and attaches its certificate and witnesses.
  static func prove(
    _ model: LayoutModel, candidates: [Int], relaxed: Bool, first: Feasibility? = nil, _ replay: inout Replay
  ) throws(ReplayError) {
    guard
      let isolation = try ConflictIsolation.isolate(
        in: model, candidates: candidates, relaxed: relaxed, first: first)
    else { throw .solver("a conflict vanished on a second look") }
    replay.minimalSet = isolation.members
    var owners: [ObjectIdentifier: Int] = [:]
    for member in model.members {
      for row in relaxed ? member.relaxed : member.exact { owners[ObjectIdentifier(row)] = member.index }
    }
    replay.certificate = Certificate(proof: isolation.proof, owners: owners)
    replay.witnesses = isolation.members.map { member in
      let rest = isolation.members.filter { $0 != member }
      return Witness(
        member: member, values: isolation.witnesses[member] ?? [:],
        rows: model.rows(for: rest, relaxed: relaxed))
    }
  }

  static func standing(of block: ConflictBlock, _ replay: Replay) -> BrokenConstraintStanding? {
    guard block.brokenConstraint != nil else { return nil }
    let index = block.brokenConstraintIndex
    guard replay.verdict == .conflict, let index else {
      return BrokenConstraintStanding(index: index, inMinimalSet: false, inAnyMinimalSet: nil, resolves: nil)
    }
    return BrokenConstraintStanding(
      index: index, inMinimalSet: replay.minimalSet.contains(index),
      inAnyMinimalSet: replay.minimalSetsComplete ? replay.minimalSets.contains { $0.contains(index) } : nil,
      resolves: replay.singleFixes?.contains(index))
  }
}
