import LCQParsing

/// The layout margins guides whose constraints are logged in a block, by owning view and side.
///
/// UIKit ties a view's `layoutMarginsGuide` to the view with constraints named
/// `UIView-leftMargin-guide-constraint` and so on; when those are in the block, a margin
/// attribute of the view is the guide's edge, and the inset is known.
struct MarginGuides {
  /// A physical side of a frame.
  enum Side: String, Hashable {
    case left, right, top, bottom
  }

  /// Guide keys by owner key and side.
  private(set) var guides: [String: [Side: String]] = [:]

  /// No guides.
  init() {}

  /// Finds the guides among the constraints of `block` at `indices` (readable ones), using
  /// `key` to name items.
  init(_ block: ConflictBlock, indices: [Int], key: (LayoutItem, LayoutItem?) -> String) {
    for index in indices {
      // Only guide constraints are copied out of the list: the typed constraints are large.
      guard let identifier = block.constraints[index].constraint?.identifier,
        identifier.utf8.count > "UIView-Margin-guide-constraint".utf8.count,
        identifier.hasPrefix("UIView-"), identifier.hasSuffix("Margin-guide-constraint"),
        let constraint = block.constraints[index].constraint, let second = constraint.secondItem
      else { continue }
      let word = identifier.dropFirst("UIView-".count).dropLast("Margin-guide-constraint".count)
      let side: Side
      switch word {
      case "left", "leading": side = .left
      case "right", "trailing": side = .right
      case "top": side = .top
      case "bottom": side = .bottom
      default: continue
      }
      let first = constraint.firstItem
      let (guide, owner) = first.isLayoutGuide ? (first, second) : (second, first)
      guides[key(owner, guide), default: [:]][side] = key(guide, owner)
    }
  }

  /// The guide key for `side` of the view `owner`, when logged.
  func guide(of owner: String, side: Side) -> String? { guides[owner]?[side] }
}
