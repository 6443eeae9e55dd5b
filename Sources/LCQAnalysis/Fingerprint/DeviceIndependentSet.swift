import LCQParsing
import LCQSolver

/// The constraints a fingerprint describes when a conflict involves a size its container sets:
/// the same set on every device.
///
/// The replay's minimal set can depend on that size: a cell whose content no longer fits is
/// short of height by a different chain of its content on a 44-point cell than on a 200-point
/// one, and a list can hold one conflict below some width and another above it. So when the
/// minimal set's part of the block (its group of members sharing variables) holds container-set sizes
/// (``DeviceDependence/isContainerSetSize(_:)``), the set is taken where no device decides it:
/// with every such size free, the exact solver finds, for each, the sizes from `low` to `high`
/// at which the block's other constraints hold; the set is the union of the minimal sets found
/// with that size at zero (when `low` is above zero) and at 100,000 points (when there is a
/// largest size), the other sizes still free. Those two sizes are the same for every device,
/// so the set is too. Where the other constraints cannot hold at any size, the conflict does
/// not depend on the device, and the replay's set stays.
enum DeviceIndependentSet {
  /// The size the upper probe gives: larger than any screen, window or cell.
  static let largest = Rational(100_000, 1)

  /// The list indices the fingerprint describes for `block`, given its replay.
  static func indices(block: ConflictBlock, replay: Replay) -> [Int] {
    let set = replay.minimalSet
    guard replay.verdict == .conflict || replay.verdict == .withinPrecision, let model = replay.model,
      set.contains(where: { DeviceDependence.isContainerSetSize(block.member($0)) })
    else { return set }
    // The model's group of members that share a variable with the set (a minimal set lies
    // within one group): the part of the block the conflict lies in.
    guard let first = set.first, let part = model.components.first(where: { $0.contains(first) }) else {
      return set
    }
    let sizes = part.filter { DeviceDependence.isContainerSetSize(block.member($0)) }
    var variables: [Int: Variable] = [:]
    for size in sizes {
      guard let variable = model.sizeVariable(of: block.member(size)) else { return set }
      variables[size] = variable
    }
    let free = Set(sizes)
    let rest = model.constraints(for: part.filter { !free.contains($0) }, relaxed: false)
    let kept = Set(part)
    var union = Set<Int>()
    for size in sizes {
      guard let variable = variables[size], case .values(let feasible) = SizeRange.of(variable, rest) else {
        return set
      }
      if feasible.low > .zero {
        union.formUnion(
          probe(model, block, size: size, variable: variable, at: .zero, keeping: kept, freeing: free))
      }
      if feasible.high != nil {
        union.formUnion(
          probe(model, block, size: size, variable: variable, at: largest, keeping: kept, freeing: free))
      }
    }
    // In the model's canonical order, as the replay's sets are: the list's order never matters.
    return union.isEmpty ? set : model.memberIndices.filter(union.contains)
  }

  /// The replay's minimal set with the size at `size` (whose width or height is `variable`) at
  /// `value`, on `model`'s rows of the members in `kept` but the other sizes of `free` (nothing
  /// is read or modelled again); empty when it is not a conflict there.
  static func probe(
    _ model: LayoutModel, _ block: ConflictBlock, size: Int, variable: Variable, at value: Rational,
    keeping kept: Set<Int>, freeing free: Set<Int>
  ) -> [Int] {
    let probed = model.fixing(size, variable, at: value, listCount: block.constraints.count) {
      kept.contains($0) && !free.contains($0)
    }
    var options = BlockReplayer.Options(enumeratesMinimalSets: false, findsSingleFixes: false)
    options.provesMinimalSet = false
    let replay = BlockReplayer.replay(block, model: probed, options: options)
    guard replay.verdict == .conflict || replay.verdict == .withinPrecision else { return [] }
    return replay.minimalSet
  }
}
