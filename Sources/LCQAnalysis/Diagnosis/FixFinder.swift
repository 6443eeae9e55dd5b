import LCQParsing
import LCQSolver

/// Finds the fixes for a conflict and keeps only those that re-solving proves.
///
/// Each candidate names the listed constraints it lowers to an optional priority or removes (an
/// optional constraint can never make a system infeasible, so both mean the same here). The
/// candidate is kept when every other required constraint of the block, with the printed
/// numbers, has a solution, which an exact solve finds.
enum FixFinder {
  /// At most this many candidates are re-solved per block.
  static let candidateLimit = 24
  /// Blocks with more readable constraints than this get no fix: each candidate re-solves the
  /// whole block.
  static let memberLimit = 500

  static func suggestions(
    for block: ConflictBlock, model: LayoutModel, minimalSet: [Int], names: ItemNames,
    views: ViewOwners = ViewOwners()
  ) -> [FixSuggestion] {
    var candidates = Candidates(
      block: block, model: model, minimalSet: minimalSet, names: names, views: views)
    candidates.collect()
    guard !candidates.list.isEmpty else { return [] }  // no solver to set up
    // A block read both ways (an AppKit superview flipped or not) needs a fix that works both ways.
    var reading = FixProof(model)
    var otherReading =
      model.dependsOnFlipping ? FixProof(LayoutModel(block: block, flipped: !model.isFlipped)) : nil
    var proven: [FixSuggestion] = []
    var tried = Set<[Int]>()
    for candidate in candidates.list.sorted(by: rank).prefix(candidateLimit) {
      guard tried.insert(candidate.changes).inserted else { continue }
      if reading.holds(without: candidate.changes), otherReading?.holds(without: candidate.changes) ?? true {
        proven.append(candidate)
      }
    }
    guard !proven.isEmpty else { return [] }
    var costs = FixCost(model, changing: Set(proven.flatMap(\.changes)))
    for index in proven.indices {
      guard let cost = costs.cost(of: proven[index].changes), PointFigures.isSayable(cost) else { continue }
      proven[index].cost = cost
      proven[index].text += " It gives way by \(PointFigures.points(cost))."
    }
    let mistakes = Set(
      proven.map(\.constraint).filter {
        FixCost.isPlainMistake($0, block: block, minimalSet: minimalSet, views: views)
      })
    return proven.sorted { rank($0, $1, mistakes: mistakes) }
  }

  /// Proven fixes, the one that moves the layout least first (``FixCost``); on a tie of costs, a
  /// member that is plainly a mistake (`mistakes`, ``FixCost/isPlainMistake(_:block:minimalSet:views:)``)
  /// before a plain one, then by kind and list order.
  static func rank(_ lhs: FixSuggestion, _ rhs: FixSuggestion, mistakes: Set<Int>) -> Bool {
    switch (lhs.cost, rhs.cost) {
    case (let left?, let right?) where left != right: return left < right
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    let (left, right) = (mistakes.contains(lhs.constraint), mistakes.contains(rhs.constraint))
    if left != right { return left }
    return rank(lhs, rhs)
  }

  /// Whether `constraint` asks for a negative width or height (`width == -50`, `height <= -1`),
  /// which no layout allows: a sign or arithmetic error in its constant, which a lower priority
  /// would only hide.
  static func asksForNegativeSize(_ constraint: LayoutConstraint) -> Bool {
    constraint.secondItem == nil
      && (constraint.firstAttribute == .width || constraint.firstAttribute == .height)
      && constraint.relation != .greaterThanOrEqual && constraint.constant.value < 0
  }

  /// By kind, then list order: the order in which candidates are tried.
  static func rank(_ lhs: FixSuggestion, _ rhs: FixSuggestion) -> Bool {
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
    return lhs.constraint < rhs.constraint
  }

}

/// Whether a block without some of its members has a solution, by an exact re-solve of its
/// other members with the printed numbers: the proof of each fix.
///
/// One solver serves every candidate of a block: between two candidates it takes out and puts
/// back only the members they differ in (``MemberSystem``), and an exact answer does not depend
/// on the order its rows were added. A solver error (numbers past the size limit) may leave the
/// solver half changed, so the solver is then dropped and each later candidate is re-solved
/// from scratch; an error is never a proof.
struct FixProof {
  let model: LayoutModel
  private var system: MemberSystem?

  init(_ model: LayoutModel) {
    self.model = model
    system = MemberSystem(model, relaxed: false)
  }

  /// Whether every member but `changes` (list indices) can hold together.
  mutating func holds(without changes: [Int]) -> Bool {
    let removed = Set(changes)
    let rest = model.memberIndices.filter { !removed.contains($0) }
    guard var solver = system else {
      return (try? Feasibility.check(model.rows(for: rest, relaxed: false)).isFeasible) ?? false
    }
    system = nil  // the solver is this check's alone (no copy of its tables), and back only if it ends well
    guard let answer = try? solver.check(rest, keepingValues: false) else { return false }
    system = solver
    return answer.isFeasible
  }
}

/// The candidate changes of one block, before they are proven.
private struct Candidates {
  let block: ConflictBlock
  let model: LayoutModel
  let minimalSet: [Int]
  let names: ItemNames
  /// The block's plain views only the system relates to (``SystemPlacedViews``).
  let views: ViewOwners
  var list: [FixSuggestion] = []

  init(
    block: ConflictBlock, model: LayoutModel, minimalSet: [Int], names: ItemNames, views: ViewOwners
  ) {
    self.block = block
    self.model = model
    self.minimalSet = minimalSet
    self.names = names
    self.views = views
  }

  func constraint(_ index: Int) -> LayoutConstraint { block.member(index) }

  func reference(_ index: Int) -> String {
    "[\(index + 1)] (\(ConstraintEnglish.sentence(constraint(index), names: names)))"
  }

  /// The members the app's code can lower or deactivate: its own, not those Interface Builder
  /// generates at build time.
  var appMembers: [Int] {
    minimalSet.filter {
      !ConstraintOwnership.isMadeOutsideTheApp(constraint($0), views: views)
        && !ConstraintOwnership.isMadeByInterfaceBuilder(constraint($0))
    }
  }

  mutating func collect() {
    for index in minimalSet {
      let member = constraint(index)
      if case .autoresizingMask = member.origin { addAutoresizing(index) }
      if case .interfaceBuilderPrototyping = member.origin { addInterfaceBuilderConstraints(index) }
      let identifier = member.identifier ?? ""
      if SizingContainer.sizedDimension(identifier: identifier) != nil { addCellSize(index) }
      if identifier.hasPrefix("UISV-hiding") || identifier.hasPrefix("NSSV-hiding") {
        addStackViewHiding(index)
      }
    }
    addSwaps()
    for index in appMembers where !FixFinder.asksForNegativeSize(constraint(index)) {
      add(.lowerPriority, index, text: lowerText(index))
    }
  }

  mutating func add(
    _ kind: FixSuggestion.Kind, _ index: Int, changes: [Int]? = nil, text: String, short: String? = nil
  ) {
    var text = text
    if let place = constraint(index).sourceLocation, !text.contains(place.description) {
      text += " SnapKit made [\(index + 1)] at \(place)."
    }
    list.append(
      FixSuggestion(
        kind: kind, constraint: index, changes: (changes ?? [index]).sorted(), text: text,
        shortText: short ?? "lower [\(index + 1)] to priority 999",
        sourceLocation: constraint(index).sourceLocation))
  }

  /// `translatesAutoresizingMaskIntoConstraints = false` on the view an autoresizing member
  /// belongs to, when the view is the app's: every autoresizing constraint of that view goes.
  mutating func addAutoresizing(_ index: Int) {
    guard ConstraintOwnership.isChangeableByApp(constraint(index), views: views) else { return }
    let (view, all, numbers) = sameOrigin(as: index) {
      if case .autoresizingMask = $0 { true } else { false }
    }
    addFlexibleSize(index, view: view)
    // A mask of fixed sizes (`h=--& v=--&`) is a fixed-size container, not a child view
    // controller's root view pinned to its container (`h=-&- v=-&-`): the root view's advice is
    // for the others, and for a mask not printed.
    let pins = !all.allSatisfy { Self.hasFixedSizes(constraint($0)) }
    add(
      .translatesAutoresizingMask, index, changes: all,
      text: "Set translatesAutoresizingMaskIntoConstraints = false on \(names.qualifiedName(of: view)): "
        + "its autoresizing mask became \(numbers), which fight the other constraints. Then give it "
        + "constraints of its own"
        + (pins ? " (for a child view controller's root view, pin it to the container's edges)." : "."),
      short: "translatesAutoresizingMaskIntoConstraints = false on \(names.name(of: view))")
  }

  /// For the member of a mask that fixes a size (`h=--&` fixes the width: `X.width == 34`): make
  /// that size flexible in the mask, proven by re-solving without the member (the size free of
  /// the mask). Offered beside turning the mask off, which a fixed-size container rarely wants.
  mutating func addFlexibleSize(_ index: Int, view: LayoutItem) {
    guard let attribute = Self.fixedMaskSize(of: constraint(index)), !isPlacedFromOutside(view) else {
      return
    }
    let width = attribute == .width
    let option =
      block.platform == .appkit
      ? (width ? "`autoresizingMask` adds `.width`" : "`autoresizingMask` adds `.height`")
      : (width ? "`autoresizingMask` adds `.flexibleWidth`" : "`autoresizingMask` adds `.flexibleHeight`")
    let size = width ? "width" : "height"
    let name = names.qualifiedName(of: view)
    add(
      .flexibleAutoresizingSize, index,
      text: "Make \(name)'s \(size) flexible in its autoresizing mask (\(option)): the mask fixes it at "
        + "\(constraint(index).constant.text) pt with [\(index + 1)], and the other constraints need another "
        + "\(size). The view keeps its mask; its \(size) then follows its superview's.",
      short: "make \(names.name(of: view))'s \(size) flexible in its autoresizing mask")
  }

  /// Whether another member of the conflict relates `view` to something other than its own
  /// subviews (items whose `names:` lists give `view` as their superview), or is a size its
  /// container sets: the view is placed from outside, as a child view controller's root view is
  /// pinned to its container, and the mask is to be turned off, not made flexible.
  func isPlacedFromOutside(_ view: LayoutItem) -> Bool {
    var subviews = Set<String>()
    for logged in block.constraints {
      guard let member = logged.constraint,
        member.namedSuperview?.identity == view.identity
      else { continue }
      for item in member.items where item.identity != view.identity && !item.isSuperview {
        subviews.insert(item.identity)
      }
    }
    return minimalSet.contains { index in
      let member = constraint(index)
      if case .autoresizingMask = member.origin { return false }
      let items = member.items.map { item in
        item.isSuperview ? member.namedSuperview ?? item : item
      }
      guard items.contains(where: { $0.identity == view.identity }) else { return false }
      // A size its container sets (a root view's `UIView-Encapsulated-Layout-Height`) places it too.
      if SizingContainer.sizedDimension(identifier: member.identifier ?? "") != nil { return true }
      return items.contains { $0.identity != view.identity && !subviews.contains($0.identity) }
    }
  }

  /// The size (`.width` or `.height`) an autoresizing member fixes to a constant, when its mask
  /// says that size is fixed (the middle of `h=--&`) and the member is that size alone.
  static func fixedMaskSize(of member: LayoutConstraint) -> LayoutAttribute? {
    guard case .autoresizingMask(let mask?) = member.origin, member.secondItem == nil,
      member.relation == .equal
    else { return nil }
    switch member.firstAttribute {
    case .width where Array(mask.horizontal).dropFirst().first == "-": return .width
    case .height where Array(mask.vertical).dropFirst().first == "-": return .height
    default: return nil
    }
  }

  /// Whether an autoresizing member's mask is printed and fixes both the width and the height
  /// (the middle of `h=--& v=--&`).
  static func hasFixedSizes(_ member: LayoutConstraint) -> Bool {
    guard case .autoresizingMask(let mask?) = member.origin else { return false }
    return [mask.horizontal, mask.vertical].allSatisfy { Array($0).dropFirst().first == "-" }
  }

  /// The view of member `index` (``ConstraintOwnership/subjectView(of:)``), every member of
  /// the block about that view whose origin `matches` (list order), and their numbers (`[1] [4]`):
  /// what one change to the view (its mask off, its storyboard constraints) removes.
  func sameOrigin(
    as index: Int, _ matches: (ConstraintOrigin) -> Bool
  ) -> (view: LayoutItem, members: [Int], numbers: String) {
    let view = ConstraintOwnership.subjectView(of: constraint(index))
    let all = model.memberIndices.sorted().filter { member in
      matches(constraint(member).origin)
        && ConstraintOwnership.subjectView(of: constraint(member)).identity == view.identity
    }
    return (view, all, all.map { "[\($0 + 1)]" }.joined(separator: " "))
  }

  /// For a prototyping constraint: Interface Builder made it because the view has no (or
  /// ambiguous) constraints in the storyboard; constraints of its own there remove every one it
  /// generated for that view.
  mutating func addInterfaceBuilderConstraints(_ index: Int) {
    let (view, all, numbers) = sameOrigin(as: index) {
      if case .interfaceBuilderPrototyping = $0 { true } else { false }
    }
    add(
      .interfaceBuilderConstraints, index, changes: all,
      text: "In Interface Builder, give \(names.qualifiedName(of: view)) constraints of its own: Interface "
        + "Builder generated \(numbers) at build time because the storyboard leaves its place open, and they "
        + "fight the other constraints. (They are not in the app's code: a priority cannot be changed there.)",
      short: "constraints of its own for \(names.name(of: view)) in Interface Builder")
  }

  /// For a size a container sets (a cell's by the table or collection view, a root view's by its
  /// view controller's container…): lower the app's member on the same axis.
  mutating func addCellSize(_ index: Int) {
    let vertical = constraint(index).firstAttribute == .height
    let container = SizingContainer(className: constraint(index).firstItem.className)
    let size = vertical ? "height" : "width"
    for member in appMembers where constraint(member).firstAttribute.isVertical == vertical {
      let why =
        container.isCell
        ? "The table or collection view fixes the \(container.noun)'s \(size) with [\(index + 1)] while it "
          + "measures; at 999 your constraint gives way during that pass and the \(container.noun) still sizes itself."
        : "\(container.setter.prefix(1).uppercased() + container.setter.dropFirst()) sets the "
          + "\(container.noun)'s \(size) with [\(index + 1)]; at 999 your constraint gives way to it instead of "
          + "breaking the layout."
      add(.cellSizePriority, member, text: "Lower \(reference(member)) to priority 999\(how(member)). " + why)
    }
  }

  /// For `UISV-hiding`: lower the hidden view's own size constraint on that axis.
  mutating func addStackViewHiding(_ index: Int) {
    let hiding = constraint(index)
    for member in model.memberIndices where member != index {
      let other = constraint(member)
      guard !ConstraintOwnership.isMadeOutsideTheApp(other, views: views),
        !ConstraintOwnership.isMadeByInterfaceBuilder(other),
        other.firstItem.identity == hiding.firstItem.identity,
        other.firstAttribute == hiding.firstAttribute
      else { continue }
      add(
        .stackViewHiding, member,
        text: "Lower \(reference(member)) to priority 999\(how(member)): the stack view collapses the hidden "
          + "\(names.name(of: hiding.firstItem)) to zero with [\(index + 1)], and a required size cannot give way."
      )
    }
  }

  /// Two app members that set the same attribute from the same anchor with different constants:
  /// an old constraint still active when its replacement was activated.
  mutating func addSwaps() {
    let members = appMembers
    for (position, first) in members.enumerated() {
      for second in members[(position + 1)...] {
        let a = constraint(first)
        let b = constraint(second)
        guard a.firstItem.identity == b.firstItem.identity, a.firstAttribute == b.firstAttribute,
          a.secondItem?.identity == b.secondItem?.identity, a.secondAttribute == b.secondAttribute,
          a.multiplier.text == b.multiplier.text, a.relation == .equal, b.relation == .equal,
          a.constant.text != b.constant.text
        else { continue }
        let broken = block.brokenConstraintIndex
        for (old, new) in [(first, second), (second, first)] where old != broken {
          add(
            .deactivateFirst, old,
            text: "[\(first + 1)] and [\(second + 1)] both set \(names.qualifiedName(of: a.firstItem))'s "
              + "\(ConstraintEnglish.words(for: a.firstAttribute)), to different constants: deactivate [\(old + 1)] "
              + "before activating [\(new + 1)] (or change one constraint's constant instead of keeping two).",
            short: "deactivate [\(old + 1)] before activating [\(new + 1)]")
        }
      }
    }
  }

  func lowerText(_ index: Int) -> String {
    "Lower \(reference(index)) to priority 999\(how(index)), so it gives way instead of breaking the layout."
  }

  /// How to lower a constraint's priority where it was made.
  func how(_ index: Int) -> String {
    let member = constraint(index)
    switch member.origin {
    case .snapKit:
      let place = member.sourceLocation.map { " at \($0)" } ?? ""
      return " (SnapKit: add `.priority(999)`\(place))"
    case .masonry: return " (Masonry: add `.priority(999)`)"
    default:
      return block.platform == .appkit ? " (NSLayoutConstraint.Priority(999))" : " (UILayoutPriority(999))"
    }
  }
}

extension LayoutAttribute {
  /// Whether the attribute lies along the vertical axis.
  var isVertical: Bool {
    switch self {
    case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin,
      .centerYWithinMargins, .minY, .midY, .maxY:
      true
    default: false
    }
  }
}
