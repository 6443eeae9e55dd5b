import LCQParsing

/// Names for the views and layout guides of one block, as a developer would say them:
/// `UILabel 'Title'`, `content view`, `safe area`, with the nearest app-level view the block
/// connects them to (`in MyApp.ProfileCell`).
public struct ItemNames: Sendable {
  /// The display name of each item, by ``LayoutItem/identity``.
  private var names: [String: String] = [:]
  /// The nearest app-level view of each item that is not one itself, by identity.
  private var contexts: [String: Context] = [:]

  /// How an item relates to the app-level view it is named after.
  enum Context: Sendable {
    /// The view contains the item (through superviews the `names:` lists give).
    case inside(String)
    /// The view is linked to the item by constraints, without a known containment.
    case near(String)
  }

  /// Names every item of `block`.
  public init(block: ConflictBlock) {
    let constraints = block.constraints.compactMap(\.constraint)
    var items: [String: LayoutItem] = [:]
    var order: [String] = []
    var neighbours: [String: Set<String>] = [:]
    var superviews: [String: Set<String>] = [:]
    for constraint in constraints {
      if let superview = constraint.names.first(where: { $0.key == "|" })?.item, superview.address != nil {
        for item in constraint.items where item.identity != superview.identity && !item.isSuperview {
          superviews[item.identity, default: []].insert(superview.identity)
        }
      }
      let mentioned = (constraint.items + constraint.names.map(\.item)).filter {
        $0.address != nil || !$0.isSuperview
      }
      for item in mentioned where items[item.identity] == nil {
        items[item.identity] = item
        order.append(item.identity)
      }
      for item in mentioned where items[item.identity]?.className == nil && item.className != nil {
        items[item.identity] = item
      }
      // Neighbours are the items the constraint relates (two at most), not its whole `names:`
      // list: the work stays linear in the list's length.
      // (`|` stands for the superview that the list's `'|'` entry names.)
      var related = constraint.items.filter { $0.address != nil || !$0.isSuperview }.map(\.identity)
      if let superview = constraint.names.first(where: { $0.key == "|" })?.item {
        related.append(superview.identity)
      }
      for identity in related {
        neighbours[identity, default: []].formUnion(related.filter { $0 != identity })
      }
    }
    var bases: [String: String] = [:]
    for identity in order { bases[identity] = items[identity].map(Self.baseName(of:)) }
    var seen: [String: Int] = [:]
    var uses: [String: Int] = [:]
    for base in bases.values { uses[base, default: 0] += 1 }
    let repeated = Set(uses.filter { $0.value > 1 }.keys)
    for identity in order {
      guard let base = bases[identity] else { continue }
      guard repeated.contains(base) else {
        names[identity] = base
        continue
      }
      let number = seen[base, default: 0] + 1
      seen[base] = number
      names[identity] = "\(base) #\(number)"
    }
    var children: [String: Set<String>] = [:]
    for (child, parents) in superviews {
      for parent in parents { children[parent, default: []].insert(child) }
    }
    // "Next to" never looks down into an item's own subviews.
    let outward = neighbours.reduce(into: [String: Set<String>]()) { result, entry in
      result[entry.key] = entry.value.subtracting(children[entry.key, default: []])
    }
    // Each search walks the block's items: skip contexts in blocks too large to name by hand.
    for identity in order.count <= Self.contextItemLimit ? order : []
    where items[identity].map({ !Self.isAppView($0) }) ?? false {
      if let container = Self.nearestAppView(from: identity, items: items, neighbours: superviews) {
        contexts[identity] = .inside(container)
      } else {
        if let near = Self.nearestAppView(from: identity, items: items, neighbours: outward) {
          contexts[identity] = .near(near)
        }
      }
    }
  }

  /// The item's name, e.g. `UILabel 'Title'` or `content view`.
  public func name(of item: LayoutItem) -> String {
    if item.isSuperview, item.address == nil { return "its superview" }
    return names[item.identity] ?? Self.baseName(of: item)
  }

  /// The nearest app-level view the block connects the item to, when it is not one itself:
  /// `in MyApp.ProfileCell` when the `names:` lists show it contains the item, else
  /// `next to MyApp.ProfileCell`.
  public func context(of item: LayoutItem) -> String? {
    switch contexts[item.identity] {
    case .inside(let view): "in \(view)"
    case .near(let view): "next to \(view)"
    case nil: nil
    }
  }

  /// The name with its context: `UILabel 'Title' (in MyApp.ProfileCell)`.
  public func qualifiedName(of item: LayoutItem) -> String {
    guard let context = context(of: item) else { return name(of: item) }
    return "\(name(of: item)) (\(context))"
  }

  // MARK: Rules

  /// Blocks with more items than this get names without `(in …)` contexts.
  static let contextItemLimit = 500

  /// Words for UIKit and AppKit classes that serve an app view rather than being one.
  static let internalClassWords: [String: String] = [
    "UITableViewCellContentView": "content view",
    "UICollectionViewCellContentView": "content view",
    "UITableViewHeaderFooterContentView": "header content view",
    "UITableViewWrapperView": "table wrapper view",
    "UIInputSetContainerView": "keyboard container view",
    "UIInputSetHostView": "keyboard host view",
    "UITransitionView": "transition view",
    "UIDropShadowView": "presentation shadow view",
    "UILayoutContainerView": "container view",
    "UINavigationTransitionView": "navigation transition view",
    "UIViewControllerWrapperView": "view controller wrapper view",
    "UIWindow": "window",
    "UITextEffectsWindow": "text effects window",
    "UIRemoteKeyboardWindow": "keyboard window",
    "UIKeyboardLayoutGuide": "keyboard layout guide",
    "UINavigationBar": "navigation bar",
    "UIToolbar": "toolbar",
    "UITabBar": "tab bar",
    "NSWindow": "window",
  ]

  /// Words for layout guides by the identifier UIKit prints as their label.
  static let guideWords: [String: String] = [
    "UIViewLayoutMarginsGuide": "layout margins guide",
    "UIViewSafeAreaLayoutGuide": "safe area",
    "UIViewReadableContentGuide": "readable content guide",
    "UIKeyboardLayoutGuide": "keyboard layout guide",
  ]

  /// The item's name without context or numbering.
  static func baseName(of item: LayoutItem) -> String {
    let bare = item.moduleLessClassName
    if let label = item.label, let words = guideWords[label] { return words }
    if let bare, let words = internalClassWords[bare] { return words }
    if let bare, item.swiftName == nil, bare.hasPrefix("_UI") || bare.hasPrefix("_NS") {
      return spacedWords(String(bare.dropFirst(3)))
    }
    let base = bare ?? item.name ?? "view"
    guard let label = item.label, !label.isEmpty else { return base }
    return "\(base) '\(label)'"
  }

  /// `ButtonBarStackView` → `button bar stack view`.
  static func spacedWords(_ camelCase: String) -> String {
    var words = ""
    var previousWasLower = false
    for character in camelCase {
      if character.isUppercase, previousWasLower { words.append(" ") }
      words.append(contentsOf: character.lowercased())
      previousWasLower = character.isLowercase || character.isNumber
    }
    return words
  }

  /// Whether the item's class is the app's own (module-qualified, or not a UIKit, AppKit or
  /// private class).
  static func isAppView(_ item: LayoutItem) -> Bool {
    guard let className = item.className else { return false }
    return ConflictTitle.isAppClass(className)
  }

  /// Whether UIKit or AppKit owns the view (a private class, or one that serves an app view).
  static func isSystemView(_ item: LayoutItem) -> Bool {
    if let swiftName = item.swiftName { return ConstraintOwnership.isApples(swiftName) }
    guard let bare = item.moduleLessClassName else { return false }
    return bare.hasPrefix("_") || internalClassWords[bare] != nil
  }

  /// The closest app-level view by the constraints and `names:` lists that link items.
  static func nearestAppView(
    from start: String, items: [String: LayoutItem], neighbours: [String: Set<String>]
  ) -> String? {
    var visited: Set<String> = [start]
    var frontier = [start]
    while !frontier.isEmpty {
      var next: [String] = []
      for identity in frontier {
        for neighbour in neighbours[identity, default: []].sorted() where visited.insert(neighbour).inserted {
          next.append(neighbour)
        }
      }
      let found = next.compactMap { items[$0] }.filter(isAppView).compactMap(\.readableClassName).sorted()
      if let first = found.first { return first }
      frontier = next
    }
    return nil
  }
}
