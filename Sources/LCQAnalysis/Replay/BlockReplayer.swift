import LCQParsing
import LCQSolver

/// Replays one block: builds its layout model, decides the verdict, and for a conflict isolates
/// and proves a minimal set.
public enum BlockReplayer {
  /// Blocks with at most this many readable constraints get every minimal set.
  public static let enumerationLimit = 20
  /// Blocks with more readable constraints than this are `undecidable` (too large).
  public static let memberLimit = 1000

  /// How much to compute beyond the verdict and one proven minimal set.
  public struct Options: Sendable {
    /// Find every minimal set of blocks within ``BlockReplayer/enumerationLimit``.
    public var enumeratesMinimalSets: Bool
    /// Find the constraints whose removal alone resolves the block.
    public var findsSingleFixes: Bool
    /// Give the preferred minimal set its certificate and witnesses (off only where the set
    /// alone is wanted: the fingerprint's probes, ``DeviceIndependentSet``).
    var provesMinimalSet = true

    /// Creates options; everything is on by default.
    public init(enumeratesMinimalSets: Bool = true, findsSingleFixes: Bool = true) {
      self.enumeratesMinimalSets = enumeratesMinimalSets
      self.findsSingleFixes = findsSingleFixes
    }
  }

  /// Replays `block`. An AppKit block whose meaning depends on whether a superview is flipped
  /// is decided both ways (``bothWays(flipped:unflipped:)``).
  public static func replay(_ block: ConflictBlock, options: Options = Options()) -> Replay {
    let model = LayoutModel(block: block)
    let flipped = replay(block, model: model, options: options)
    guard model.dependsOnFlipping else { return flipped }
    let unflipped = replay(block, model: LayoutModel(block: block, flipped: false), options: options)
    return bothWays(flipped: flipped, unflipped: unflipped)
  }

  /// One verdict from the two readings of an AppKit block: a conflict (with the flipped
  /// reading's proof) only when both are infeasible; `undecidable` (missing `flipped`) when one
  /// reading has a solution and the other none; else the less certain of the two.
  static func bothWays(flipped: Replay, unflipped: Replay) -> Replay {
    func proves(_ replay: Replay) -> Bool {
      replay.verdict == .conflict || replay.verdict == .withinPrecision
    }
    switch (proves(flipped), proves(unflipped)) {
    case (true, true):
      var proven = unflipped.verdict == .withinPrecision && flipped.verdict == .conflict ? unflipped : flipped
      let reading = proven.model?.isFlipped == false ? "not flipped (y up)" : "flipped (y down)"
      proven.note =
        "decided both ways: the AppKit superview flipped or not, the constraints cannot all hold; "
        + "the set and its proof are for the superview \(reading)"
      return proven
    case (false, false):
      return flipped.verdict == .satisfiable ? unflipped : flipped
    case (true, false), (false, true):
      var feasible = proves(flipped) ? unflipped : flipped
      feasible.verdict = .undecidable
      feasible.missing = Array(Set(feasible.missing).union([.flipped])).sorted()
      return feasible
    }
  }

  /// Replays `block` as `model` reads it.
  static func replay(_ block: ConflictBlock, model: LayoutModel, options: Options) -> Replay {
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
      switch error {
      case .solver(let message): replay.note = "the solver failed: \(message)"
      case .numbersTooLarge:
        replay.missing = (model.missing.union([.hugeNumber])).sorted()
        replay.note =
          "numbers too large to decide exactly: past \(Rational.maximumBitWidth) bits while solving"
      }
    }
    replay.brokenConstraint = standing(of: block, replay)
    return replay
  }

  static func decide(_ model: LayoutModel, _ options: Options, _ replay: inout Replay) throws(ReplayError) {
    let candidates = model.memberIndices
    var widened = try ComponentSystems(model, relaxed: true)
    if !widened.infeasible.isEmpty {
      replay.verdict = .conflict
      let sets = try prove(&widened, model: model, &replay, proves: options.provesMinimalSet)
      if options.enumeratesMinimalSets, candidates.count <= enumerationLimit {
        var whole = MemberSystem(model, relaxed: true)
        let all = try ConflictEnumeration.enumerate(
          in: &whole, candidates: candidates, first: replay.minimalSet)
        replay.minimalSets = all.sets
        replay.minimalSetsComplete = all.isComplete
        if all.isComplete { replay.singleFixes = all.corrections.filter { $0.count == 1 }.map { $0[0] } }
      } else {
        replay.minimalSets = sets
      }
      if replay.singleFixes == nil, options.findsSingleFixes {
        replay.singleFixes = try widened.singleFixes(of: replay.minimalSet)
      }
      return
    }
    var printed = try ComponentSystems(model, relaxed: false)
    if !printed.infeasible.isEmpty {
      replay.verdict = .withinPrecision
      _ = try prove(&printed, model: model, &replay, proves: options.provesMinimalSet)
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

  /// Isolates a minimal set in each group that conflicts and proves the preferred one (with
  /// its certificate and witnesses): the set with the fewest system-generated members, then
  /// the smallest, then the first in canonical order. Returns every set found, preferred first.
  static func prove(
    _ systems: inout ComponentSystems, model: LayoutModel, _ replay: inout Replay, proves: Bool = true
  ) throws(ReplayError) -> [[Int]] {
    let rank = Ranking(model.members.map(\.index))
    let isSystem = Set(model.members.filter(\.isMadeOutsideTheApp).map(\.index))
    let isolations = try systems.isolateEach().sorted { lhs, rhs in
      let (a, b) = (lhs.members, rhs.members)
      let (systemA, systemB) = (a.count { isSystem.contains($0) }, b.count { isSystem.contains($0) })
      if systemA != systemB { return systemA < systemB }
      if a.count != b.count { return a.count < b.count }
      return rank.precedes(a, b)
    }
    let isolation = isolations[0]
    let relaxed = systems.relaxed
    replay.minimalSet = isolation.members
    guard proves else { return isolations.map(\.members) }
    replay.certificate = Certificate(proof: isolation.proof)
    replay.witnesses = isolation.members.map { member in
      let rest = isolation.members.filter { $0 != member }
      return Witness(
        member: member, values: isolation.witnesses[member] ?? [:],
        rows: model.constraints(for: rest, relaxed: relaxed))
    }
    return isolations.map(\.members)
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
