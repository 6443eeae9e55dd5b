import LCQParsing
import LCQSolver

/// Works out a conflict's ``BlockEnvelope``: each size a container sets in the conflict's part
/// of the block, freed in turn, with the exact solver's smallest and largest values of it at
/// which every other constraint of the block holds.
///
/// A few solves per freed size, on the replay's model (nothing is read or modelled again).
enum EnvelopeFinder {
  /// The most container-set sizes a block's envelope frees.
  static let sizeLimit = 16

  /// The envelope of `block`, given its replay.
  static func envelope(of block: ConflictBlock, replay: Replay) -> BlockEnvelope {
    guard replay.verdict == .conflict || replay.verdict == .withinPrecision, let model = replay.model,
      let first = replay.minimalSet.first
    else { return .none(reason: "not a proven conflict") }
    guard !model.dependsOnFlipping else {
      return .none(
        reason: "the layout depends on whether an AppKit superview is flipped, which the log does not say")
    }
    // A minimal set lies within one group of members sharing variables: the sizes that can
    // matter are that group's.
    let part = model.components.first(where: { $0.contains(first) }) ?? replay.minimalSet
    let sizes = part.filter { DeviceDependence.isContainerSetSize(block.member($0)) }.sorted()
    guard !sizes.isEmpty else {
      return .none(reason: "no size a container sets takes part: the conflict is the same on every device")
    }
    // Each size costs a few solves of the whole block: a list of many chained cells would cost
    // seconds.
    guard sizes.count <= sizeLimit else {
      return .none(
        reason:
          "\(sizes.count) sizes a container sets take part; lcq frees at most \(sizeLimit), one at a time")
    }
    let isWidened = replay.verdict == .conflict
    var envelopes: [SizeEnvelope] = []
    for size in sizes {
      let member = block.member(size)
      guard let variable = model.sizeVariable(of: member),
        let logged = Rational(decimal: member.constant.text)
      else { return .none(reason: "the size [\(size + 1)] is not in the model") }
      let rest = model.memberIndices.filter { $0 != size }
      let gaveUp = BlockEnvelope.none(reason: "the solver gave up on the sizes (numbers too large)")
      guard case .found(let safe) = interval(of: variable, model.constraints(for: rest, relaxed: false))
      else {
        return gaveUp
      }
      var widenedSafe: SizeEnvelope.Interval?
      if isWidened {
        guard case .found(let widened) = interval(of: variable, model.constraints(for: rest, relaxed: true))
        else { return gaveUp }
        widenedSafe = widened
      }
      let container = container(of: member)
      let axis: SizeEnvelope.Axis = member.firstAttribute == .width ? .width : .height
      let envelope = SizeEnvelope(
        constraint: size, axis: axis, logged: member.constant.text, container: container.noun,
        tracksScreen: container.tracksScreen(axis), safe: safe, isWidened: isWidened,
        widenedSafe: widenedSafe, held: sizes.filter { $0 != size })
      // The logged size is where the block conflicts (as the verdict reads the numbers): an
      // envelope that misses it is not one.
      guard !((isWidened ? widenedSafe : safe)?.contains(logged) ?? false) else {
        return .none(reason: "the block's other constraints hold at the logged size of [\(size + 1)]")
      }
      envelopes.append(envelope)
    }
    return .sizes(envelopes)
  }

  /// Where the block holds with `changes` lowered to an optional priority, for each size of
  /// `envelope` freed in turn (the others held at their logged values), with the printed
  /// numbers, as fixes are proven; empty when there is no size or the solver gave up.
  static func fixedSizes(
    _ block: ConflictBlock, replay: Replay, envelope: BlockEnvelope, changes: [Int]
  ) -> [FixSuggestion.SizeRange] {
    guard let model = replay.model else { return [] }
    var ranges: [FixSuggestion.SizeRange] = []
    for size in envelope.sizes {
      // A change that lowers the size itself leaves nothing for the container to fight.
      guard !changes.contains(size.constraint) else {
        ranges.append(
          FixSuggestion.SizeRange(
            constraint: size.constraint, holds: SizeEnvelope.Interval(low: .zero, high: nil)))
        continue
      }
      guard let variable = model.sizeVariable(of: block.member(size.constraint)) else { return [] }
      let rest = model.memberIndices.filter { $0 != size.constraint && !changes.contains($0) }
      guard case .found(let holds) = interval(of: variable, model.constraints(for: rest, relaxed: false))
      else {
        return []
      }
      ranges.append(FixSuggestion.SizeRange(constraint: size.constraint, holds: holds))
    }
    return ranges
  }

  /// What an interval search found: the sizes, zero or more (`nil`: none), or nothing when the
  /// solver gave up.
  enum Search {
    case found(SizeEnvelope.Interval?)
    case gaveUp
  }

  /// The sizes `variable` can take under `rows`, zero or more.
  static func interval(of variable: Variable, _ rows: [Constraint<Rational>]) -> Search {
    switch SizeRange.of(variable, rows, nonNegative: true) {
    case .values(let interval): .found(interval)
    case .nowhere: .found(nil)
    case .unknown: .gaveUp
    }
  }

  /// What sets a container-set size.
  private static func container(of member: LayoutConstraint) -> SizeSetter {
    if SizingContainer.sizedDimension(identifier: member.identifier) != nil {
      return .container(SizingContainer(className: member.firstItem.className))
    }
    if DeviceDependence.isTemplateContentViewWidth(member) { return .container(.cell) }
    return .fitting
  }
}

/// What sets a freed size: a container (the sized view says which) or a fitting pass.
enum SizeSetter {
  case container(SizingContainer)
  /// A temporary size of a fitting pass (`_UITemporaryLayout*`, `fittingSize*`).
  case fitting

  /// The noun in words and JSON.
  var noun: String {
    switch self {
    case .container(let container): container.noun
    case .fitting: "fitting"
    }
  }

  /// Whether a screen's size stands for this size on `axis`: the width of a view that spans
  /// the screen or window (a cell, a root view, a bar, the window), the height of a root view
  /// or window.
  func tracksScreen(_ axis: SizeEnvelope.Axis) -> Bool {
    guard case .container(let container) = self else { return false }
    switch (container, axis) {
    case (.cell, .width), (.header, .width), (.footer, .width), (.navigationBar, .width), (.toolbar, .width),
      (.inputView, .width), (.rootView, _), (.window, _):
      return true
    default:
      return false
    }
  }
}
