import LCQParsing

/// A short human title for a conflict, such as `ProfileCell: UILabel height vs cell height`.
///
/// The title names the app's own class the constraints revolve around, then the app's side of
/// the conflict against the system's side (or against a second app constraint). It depends only
/// on the constraints, never on their order.
public enum ConflictTitle {
  /// The title of the constraints at `indices` in `block`; `nil` when none is parsed.
  public static func of(_ block: ConflictBlock, indices: [Int]) -> String? {
    of(block, indices: indices, views: ViewOwners(block: block))
  }

  /// The title, given the block's plain views only the system relates to (``SystemPlacedViews``).
  static func of(_ block: ConflictBlock, indices: [Int], views: ViewOwners) -> String? {
    let constraints = indices.compactMap { block.constraints[$0].constraint }
    guard !constraints.isEmpty else { return nil }
    // Who made each constraint, asked once.
    let outside = constraints.map { ConstraintOwnership.isMadeOutsideTheApp($0, views: views) }
    let app = ranked(zip(constraints, outside).filter { !$0.1 }.map(\.0))
    let system = ranked(zip(constraints, outside).filter { $0.1 }.map(\.0))
    let sides: String
    switch (app.first, system.first) {
    case (let mine?, let theirs?): sides = "\(mine) vs \(theirs)"
    case (let mine?, nil) where app.count > 1: sides = "\(mine) vs \(app[1])"
    case (nil, let theirs?) where system.count > 1: sides = "\(theirs) vs \(system[1])"
    default:
      let count = constraints.count == 1 ? "1 constraint" : "\(constraints.count) constraints"
      sides = (app.first ?? system.first ?? "constraints") + " (\(count))"
    }
    // `CardView: CardView width vs cell width` says the class twice: the sides name it already.
    guard let context = context(of: constraints), !sides.hasPrefix(context + " ") else { return sides }
    return "\(context): \(sides)"
  }

  /// Distinct phrases, those of constraints with a constant right side (`height == 120`: the
  /// numbers a developer wrote) first, then alphabetically.
  static func ranked(_ constraints: [LayoutConstraint]) -> [String] {
    let keyed = Set(constraints.map { ($0.secondItem == nil ? "0" : "1") + phrase($0) })
    var seen = Set<String>()
    return keyed.sorted().map { String($0.dropFirst()) }.filter { seen.insert($0).inserted }
  }

  /// The app class most of the constraints mention (module-qualified, or neither a UIKit or AppKit
  /// class nor one of ``AppleCatalogue``), including the superviews their `names:` lists name.
  static func context(of constraints: [LayoutConstraint]) -> String? {
    var counts: [String: Int] = [:]
    for constraint in constraints {
      let items = constraint.items + constraint.names.map(\.item)
      for name in Set(items.compactMap(\.className)) where isAppClass(name) {
        counts[LayoutItem(className: name).moduleLessClassName ?? name, default: 0] += 1
      }
    }
    return counts.max { lhs, rhs in lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key > rhs.key }?.key
  }

  /// What one constraint is about, in a few words.
  static func phrase(_ constraint: LayoutConstraint) -> String {
    if case .autoresizingMask = constraint.origin { return "autoresizing mask" }
    if case .contentSize = constraint.origin { return "intrinsic content size" }
    if let identifier = constraint.identifier {
      if let size = SizingContainer.sizedDimension(identifier: identifier) {
        return SizingContainer(className: constraint.firstItem.className).titleNoun + " " + size
      }
      for (prefix, words) in systemPhrases where identifier.hasPrefix(prefix) { return words }
      if identifier.hasPrefix("UISV-") || identifier.hasPrefix("NSSV-") {
        return "stack view " + identifier.dropFirst(5).replacingOccurrences(of: "-", with: " ")
      }
    }
    let subject = ConstraintOwnership.subjectView(of: constraint)
    let item = subject.moduleLessClassName ?? subject.name ?? "view"
    return "\(item) \(ConflictTitle.attributeWords(constraint.firstAttribute))"
  }

  /// Words for system identifiers, by prefix.
  static let systemPhrases: [(String, String)] = [
    ("_UITemporaryLayoutWidth", "temporary fitting width"),
    ("_UITemporaryLayoutHeight", "temporary fitting height"),
    ("fittingSizeHTarget", "fitting width"), ("fittingSizeVTarget", "fitting height"),
    ("UIViewSafeAreaLayoutGuide", "safe area"), ("UIInputWindowController", "keyboard"),
    ("UIView-", "margins"),
  ]

  static func attributeWords(_ attribute: LayoutAttribute) -> String {
    switch attribute {
    case .width, .height, .top, .bottom, .left, .right, .leading, .trailing: attribute.description
    case .centerX, .centerXWithinMargins, .midX: "center x"
    case .centerY, .centerYWithinMargins, .midY: "center y"
    case .firstBaseline, .lastBaseline: "baseline"
    case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin: "margin"
    case .minX, .maxX: "x"
    case .minY, .maxY: "y"
    case .engineVariable: Fingerprint.attributeName(attribute)
    }
  }

  static func isAppClass(_ name: String) -> Bool {
    if let swiftName = SwiftTypeName(runtimeName: name) { return !ConstraintOwnership.isApples(swiftName) }
    if name.contains(text: ".") { return !name.hasPrefix("UIKit.") && !name.hasPrefix("AppKit.") }
    return !(name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("_") || name.hasPrefix("CA"))
      && AppleCatalogue.entry(forClass: name) == nil
  }
}
