import LCQParsing
import LCQSolver

/// Where to draw a block: each item's solved frame and the minimal set's constraints between
/// the edges they relate.
///
/// The block is solved with the constraint UIKit broke relaxed (or, when that does not resolve
/// it, the best proven fix's constraints), exactly, plus weak preferences that only place what
/// the log leaves free: items keep a readable size, subviews sit inside their superview, and
/// unrelated items stack downwards.
public struct PictureLayout: Sendable {
  /// One item as a rectangle, in points.
  public struct Box: Sendable {
    /// The item's key within the block.
    public var key: String
    /// Its display name (`UILabel 'Title'`).
    public var name: String
    /// The left edge.
    public var x: Double
    /// The top edge (y grows downwards).
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
    /// Whether a member of the minimal set mentions it.
    public var inConflict: Bool
    /// Whether it is a layout guide rather than a view.
    public var isGuide: Bool
  }

  /// One end of a drawn constraint: an item's attribute.
  public struct Anchor: Sendable {
    /// The item's key.
    public var key: String
    /// The attribute (for `width` and `height`, a size rather than an edge).
    public var attribute: LayoutAttribute
  }

  /// A member of the minimal set to draw.
  public struct Link: Sendable {
    /// Its list index.
    public var index: Int
    /// The first item's attribute.
    public var first: Anchor
    /// The second item's attribute, when there is one.
    public var second: Anchor?
    /// Plain English for it.
    public var text: String
    /// Whether UIKit broke it.
    public var isBroken: Bool
    /// Whether the picture had to leave it out to find a layout.
    public var isRelaxed: Bool
    /// For a left-out size constraint with a constant (`height == 120`), the size it asks for.
    public var wantedSize: Double?
  }

  /// The items.
  public var boxes: [Box]
  /// The minimal set's constraints.
  public var links: [Link]
  /// The list indices left out to find a layout.
  public var relaxed: [Int]

  /// A container-set size to draw a block at: list entry `constraint` at `value` points.
  public struct DrawnSize: Sendable, Hashable {
    /// The list index of the size.
    public var constraint: Int
    /// Its value in points.
    public var value: Rational

    /// Creates a size to draw at.
    public init(constraint: Int, value: Rational) {
      self.constraint = constraint
      self.value = value
    }
  }

  /// Items beyond this many are not drawn: the picture would not be readable.
  public static let itemLimit = 40

  /// Lays out `analysis`'s block; `nil` when it has no minimal set, too many items, or
  /// numbers too large to lay out exactly.
  ///
  /// With `size`, the block is drawn with that container-set size (an entry of its envelope)
  /// at another value: where the envelope says the block holds there, nothing is relaxed.
  public static func of(_ analysis: BlockAnalysis, at size: DrawnSize? = nil) -> PictureLayout? {
    let block = analysis.block
    guard !analysis.minimalSet.isEmpty else { return nil }
    var model = analysis.replay?.model ?? LayoutModel(block: block)
    guard model.frames.count <= itemLimit, !model.frames.isEmpty else { return nil }
    var holds = false
    if let size {
      guard let envelope = analysis.envelope?.sizes.first(where: { $0.constraint == size.constraint }),
        let variable = model.sizeVariable(of: block.member(size.constraint))
      else { return nil }
      model = model.fixing(size.constraint, variable, at: size.value, listCount: block.constraints.count)
      holds = !envelope.fires(at: size.value)
    }
    var relax = Set<Int>()
    if holds {
      // Nothing to relax: the envelope proved the block holds at this size.
    } else if let broken = block.brokenConstraintIndex, analysis.minimalSet.contains(broken) {
      relax.insert(broken)
    } else if let fix = analysis.diagnosis?.bestFix {
      relax.formUnion(fix.changes)
    }
    var solver = Solver<Rational>()
    let candidates = model.memberIndices.filter { !relax.contains($0) }
    for row in model.rows(for: candidates, relaxed: false) {
      do {
        try solver.add(row.constraint)
      } catch {
        // Numbers past the solver's limit leave it unusable: no picture.
        if case .numbersTooLarge = error { return nil }
        if let member = row.member { relax.insert(member) }
      }
    }
    for preference in Preferences(block: block, model: model).constraints {
      do {
        try solver.add(preference)
      } catch {
        if case .numbersTooLarge = error { return nil }
      }
    }
    let names = analysis.diagnosis?.names ?? ItemNames(block: block)
    let inConflict = Set(
      analysis.minimalSet.flatMap { index in
        block.constraints[index].constraint.map { constraint in
          constraint.items.map { LayoutModelBuilder.key(of: $0, other: nil) }
        } ?? []
      })
    let boxes = model.frames.sorted { $0.key < $1.key }.map { key, frame -> Box in
      let item = model.itemsByKey[key]
      return Box(
        key: key, name: item.map(names.name(of:)) ?? key,
        x: solver.value(of: frame.minX).doubleValue, y: solver.value(of: frame.minY).doubleValue,
        width: solver.value(of: frame.width).doubleValue, height: solver.value(of: frame.height).doubleValue,
        inConflict: inConflict.contains(key), isGuide: item?.isLayoutGuide ?? false)
    }
    let links = analysis.minimalSet.sorted().compactMap { index -> Link? in
      guard let constraint = block.constraints[index].constraint else { return nil }
      let first = Anchor(
        key: LayoutModelBuilder.key(of: constraint.firstItem, other: constraint.secondItem),
        attribute: constraint.firstAttribute)
      let second = constraint.secondItem.flatMap { item in
        constraint.secondAttribute.map { attribute in
          Anchor(key: LayoutModelBuilder.key(of: item, other: constraint.firstItem), attribute: attribute)
        }
      }
      var text = analysis.diagnosis?.sentences[index] ?? block.constraints[index].description
      if let size, size.constraint == index { text += " (drawn at \(EnvelopeWords.points(size.value)))" }
      return Link(
        index: index, first: first, second: second, text: text,
        isBroken: index == block.brokenConstraintIndex, isRelaxed: relax.contains(index),
        wantedSize: second == nil && [.width, .height].contains(constraint.firstAttribute)
          && relax.contains(index) ? constraint.constant.value : nil)
    }
    return PictureLayout(boxes: boxes, links: links, relaxed: relax.sorted())
  }
}

/// The weak constraints that place what the log leaves free.
private struct Preferences {
  var constraints: [Constraint<Rational>] = []

  init(block: ConflictBlock, model: LayoutModel) {
    var parent: [String: String] = [:]
    for logged in block.constraints {
      guard let constraint = logged.constraint,
        let superview = constraint.namedSuperview, superview.address != nil
      else { continue }
      let parentKey = superview.identity
      for item in constraint.items where item.identity != parentKey {
        let key = LayoutModelBuilder.key(of: item, other: nil)
        if model.frames[key] != nil, model.frames[parentKey] != nil, parent[key] == nil,
          !isAncestor(key, of: parentKey, parent)
        {
          parent[key] = parentKey
        }
      }
    }
    let keys = model.frames.keys.sorted()
    var rootRow = 0
    var childRow: [String: Int] = [:]
    let containment = Strength(priority: 100)
    let placement = Strength(priority: 1)
    for key in keys {
      guard let frame = model.frames[key] else { continue }
      prefer(Expression(frame.width) + Rational(-160), strength: placement)
      prefer(Expression(frame.height) + Rational(-36), strength: placement)
      if let parentKey = parent[key], let outer = model.frames[parentKey] {
        let row = childRow[parentKey, default: 0]
        childRow[parentKey] = row + 1
        prefer(Expression(frame.minX) - Expression(outer.minX) + Rational(-12), strength: placement)
        prefer(
          Expression(frame.minY) - Expression(outer.minY) + Rational(-12 - 48 * row), strength: placement)
        for (inner, outerEdge) in [(frame.minX, outer.minX), (frame.minY, outer.minY)] {
          constraints.append(
            Constraint(Expression(inner) - Expression(outerEdge), .greaterThanOrEqual, strength: containment))
        }
        constraints.append(
          Constraint(
            Expression(outer.minX) + Expression(outer.width) - Expression(frame.minX)
              - Expression(frame.width),
            .greaterThanOrEqual, strength: containment))
        constraints.append(
          Constraint(
            Expression(outer.minY) + Expression(outer.height) - Expression(frame.minY)
              - Expression(frame.height),
            .greaterThanOrEqual, strength: containment))
      } else {
        prefer(Expression(frame.minX), strength: placement)
        prefer(Expression(frame.minY) + Rational(-60 * rootRow), strength: placement)
        rootRow += 1
      }
    }
  }

  mutating func prefer(_ expression: Expression<Rational>, strength: Strength) {
    constraints.append(Constraint(expression, .equal, strength: strength))
  }

  func isAncestor(_ key: String, of other: String, _ parent: [String: String]) -> Bool {
    var current: String? = other
    var steps = 0
    while let next = current, steps < 64 {
      if next == key { return true }
      current = parent[next]
      steps += 1
    }
    return false
  }
}
