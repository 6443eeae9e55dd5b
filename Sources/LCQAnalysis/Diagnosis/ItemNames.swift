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
    /// The item is a layout guide of the view (the constraint UIKit makes between a view and
    /// its margins or safe-area guide, or the host Apple's catalogue names for the guide).
    case guide(of: String)
  }

  /// Names every item of `block`.
  ///
  /// Items are numbered by identity as they are met, and the graphs of the search are kept by
  /// number: every message of a cold log names its items afresh.
  public init(block: ConflictBlock) {
    var numbers: [String: Int] = [:]
    var identities: [String] = []
    var items: [LayoutItem?] = []
    var order: [Int] = []
    var neighbours: [Set<Int>] = []
    var superviews: [Set<Int>] = []
    var guideOwners: [Int: Int] = [:]
    /// The number of `identity`, given on first sight.
    func number(_ identity: String) -> Int {
      if let known = numbers[identity] { return known }
      numbers[identity] = identities.count
      identities.append(identity)
      items.append(nil)
      neighbours.append([])
      superviews.append([])
      return identities.count - 1
    }
    for logged in block.constraints {
      guard let constraint = logged.constraint else { continue }
      let superview = constraint.namedSuperview
      if let superview, superview.address != nil {
        let parent = number(superview.identity)
        for item in constraint.items
        where item.identity != superview.identity && !item.isSuperview {
          superviews[number(item.identity)].insert(parent)
        }
      }
      // The first item met of an identity names it, unless a later one knows its class.
      func mention(_ item: LayoutItem) {
        guard item.address != nil || !item.isSuperview else { return }
        let id = number(item.identity)
        if items[id] == nil {
          items[id] = item
          order.append(id)
        } else if items[id]?.className == nil, item.className != nil {
          items[id] = item
        }
      }
      mention(constraint.firstItem)
      constraint.secondItem.map(mention)
      constraint.names.forEach { mention($0.item) }
      // Neighbours are the items the constraint relates (two at most), not its whole `names:`
      // list: the work stays linear in the list's length.
      // (`|` stands for the superview that the list's `'|'` entry names.)
      var related: [Int] = []
      for item in constraint.items
      where item.address != nil || !item.isSuperview {
        related.append(number(item.identity))
      }
      if let superview { related.append(number(superview.identity)) }
      if let (guide, owner) = Self.guideAndOwner(in: constraint, superview: superview) {
        guideOwners[number(guide.identity)] = guideOwners[number(guide.identity)] ?? number(owner.identity)
      }
      for id in related {
        neighbours[id].formUnion(related.lazy.filter { $0 != id })
      }
    }
    var bases: [String?] = Array(filled: nil, count: identities.count)
    var uses: [String: Int] = [:]
    for id in order {
      let base = items[id].map(Self.baseName(of:))
      bases[id] = base
      if let base { uses[base, default: 0] += 1 }
    }
    var seen: [String: Int] = [:]
    for id in order {
      guard let base = bases[id] else { continue }
      guard uses[base, default: 0] > 1 else {
        names[identities[id]] = base
        continue
      }
      let number = seen[base, default: 0] + 1
      seen[base] = number
      names[identities[id]] = "\(base) #\(number)"
    }
    var children: [Set<Int>] = Array(filled: [], count: identities.count)
    for (child, parents) in superviews.enumerated() {
      for parent in parents { children[parent].insert(child) }
    }
    // "Next to" never looks down into an item's own subviews.
    let outward = neighbours.indices.map { neighbours[$0].subtracting(children[$0]) }
    // The class each app-level view is named by.
    let appViews = items.map { item in item.flatMap { Self.isAppView($0) ? $0.readableClassName : nil } }
    // Each search walks the block's items: skip contexts in blocks too large to name by hand.
    // (An item is an app view exactly when it has a class there: `isAppView` asked once.)
    for id in order.count <= Self.contextItemLimit ? order : [] where items[id] != nil && appViews[id] == nil
    {
      if let owner = guideOwners[id], let ownerName = names[identities[owner]] {
        contexts[identities[id]] = .guide(of: ownerName)
      } else if let container = Self.nearestAppView(from: id, appViews: appViews, neighbours: superviews) {
        contexts[identities[id]] = .inside(container)
      } else {
        if let near = Self.nearestAppView(from: id, appViews: appViews, neighbours: outward) {
          contexts[identities[id]] = .near(near)
        }
      }
    }
  }

  /// The item's name, e.g. `UILabel 'Title'` or `content view`.
  public func name(of item: LayoutItem) -> String {
    // A superview printed without a class (`'|':platform_view[1]:0x…`) has no better name.
    if item.isSuperview, item.address == nil || item.className == nil { return "its superview" }
    return names[item.identity] ?? Self.baseName(of: item)
  }

  /// The nearest app-level view the block connects the item to, when it is not one itself:
  /// `in MyApp.ProfileCell` when the `names:` lists show it contains the item, else
  /// `next to MyApp.ProfileCell`.
  public func context(of item: LayoutItem) -> String? {
    switch contexts[item.identity] {
    case .inside(let view): "in \(view)"
    case .near(let view): "next to \(view)"
    case .guide(let view): "\(view)'s guide"
    case nil: nil
    }
  }

  /// The name with its context: `UILabel 'Title' (in MyApp.ProfileCell)`.
  public func qualifiedName(of item: LayoutItem) -> String {
    guard let context = context(of: item) else { return name(of: item) }
    return "\(name(of: item)) (\(context))"
  }

  // MARK: Rules

  /// Identifier prefixes of the constraints UIKit and AppKit make between a view and its own
  /// margins, safe-area or readable-content guide.
  static let guideConstraintPrefixes = [
    "UIView-leftMargin-guide", "UIView-rightMargin-guide", "UIView-topMargin-guide",
    "UIView-bottomMargin-guide", "UIViewSafeAreaLayoutGuide-", "NSViewSafeAreaLayoutGuide-",
    "UIViewReadableContentGuide-",
  ]

  /// The guide and the view it belongs to, when `constraint` shows it: one of the guide
  /// constraints above between a guide and a view (or the `'|'` superview), or a guide of
  /// Apple's catalogue with a host, related to a view of that class.
  static func guideAndOwner(in constraint: LayoutConstraint, superview: LayoutItem?)
    -> (guide: LayoutItem, owner: LayoutItem)?
  {
    let items = constraint.items.compactMap { $0.isSuperview ? superview : $0 }
    guard items.count == 2, let guide = items.first(where: \.isLayoutGuide),
      let owner = items.first(where: { !$0.isLayoutGuide }), owner.address != nil
    else { return nil }
    if let identifier = constraint.identifier, guideConstraintPrefixes.contains(where: identifier.hasPrefix) {
      return (guide, owner)
    }
    if let host = AppleCatalogue.guideEntry(of: guide)?.host, owner.moduleLessClassName == host {
      return (guide, owner)
    }
    return nil
  }

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
    // A private class (`_UIUCBKBSelectionBackground`) keeps its name: it is what an engineer
    // searches for, and a word split of it (`ucbkbselection background`) is no name at all.
    if let bare, let words = internalClassWords[bare] { return words }
    let base = bare ?? item.name ?? "view"
    guard let label = item.label, !label.isEmpty else { return base }
    return "\(base) '\(label)'"
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

  /// The closest app-level view by the constraints and `names:` lists that link items (by
  /// number): of the nearest items that are app views (`appViews`: the class each is named
  /// by), the first class in order.
  static func nearestAppView(from start: Int, appViews: [String?], neighbours: [Set<Int>]) -> String? {
    var visited = Array(filled: false, count: appViews.count)
    visited[start] = true
    var frontier = [start]
    while !frontier.isEmpty {
      var next: [Int] = []
      for id in frontier {
        for neighbour in neighbours[id] where !visited[neighbour] {
          visited[neighbour] = true
          next.append(neighbour)
        }
      }
      // A ring of the search holds the same items whatever order it was walked in.
      if let first = next.compactMap({ appViews[$0] }).min() { return first }
      frontier = next
    }
    return nil
  }
}
