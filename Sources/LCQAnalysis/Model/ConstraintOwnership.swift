import LCQParsing

/// Who made a constraint, and so who can change it.
public enum ConstraintOwner: String, Sendable, CaseIterable {
  /// The app's code, storyboards, SnapKit or Masonry: the app can change it.
  case app
  /// UIKit or AppKit, between its own views or for its own purposes: the app cannot change it.
  case system
  /// A view's autoresizing mask, turned into constraints: the app can turn the mask off when the
  /// view is its own.
  case autoresizing
}

/// Whether a constraint was made by the system (UIKit, AppKit, autoresizing) rather than by the
/// app's own code or storyboards. Decided here once; the explanation, the fixes, the title and
/// the store all ask this.
enum ConstraintOwnership {
  /// Identifier prefixes of constraints that UIKit and AppKit make themselves.
  static let systemIdentifierPrefixes = [
    "UIView-Encapsulated-Layout-", "NSView-Encapsulated-Layout-", "UISV-", "NSSV-",
    "UIView-leftMargin-guide", "UIView-rightMargin-guide", "UIView-topMargin-guide",
    "UIView-bottomMargin-guide", "UIView-leadingMargin-guide", "UIView-trailingMargin-guide",
    "UIViewSafeAreaLayoutGuide", "_UITemporaryLayout", "_UIParallax", "UIButtonBar",
    "UIKBAutofill", "UIInputWindowController", "UIWindow-", "_UI", "NSWindow-", "NSTouchBar",
    "NSViewSafeAreaLayoutGuide", "NSStackView.", "UINav", "fittingSize",
  ]

  /// Identifiers the keyboard gives its own constraints (they name no framework, so they count
  /// only on a keyboard view: an app may call its own constraint `assistantHeight`).
  static let keyboardIdentifierPrefixes = ["assistantHeight", "assistantView.", "accessoryView."]

  /// Public classes of views that only UIKit and AppKit place and constrain: the keyboard's
  /// windows and containers, presentation and navigation containers, toolbar item viewers.
  static let systemContainerClasses: Set<String> = [
    "UIInputSetContainerView", "UIInputSetHostView", "UITextEffectsWindow", "UIRemoteKeyboardWindow",
    "UITransitionView", "UIDropShadowView", "UILayoutContainerView", "UINavigationTransitionView",
    "UIViewControllerWrapperView", "UITableViewWrapperView", "UISystemInputAssistantView",
    "UICompatibilityInputViewController", "NSToolbarItemViewer", "NSToolbarView", "NSTitlebarView",
    "NSTitlebarContainerView", "NSThemeFrame", "SystemInputAssistantView",
  ]

  /// Class prefixes of the keyboard's views (`TUI…`: the TextInputUI framework's, such as
  /// `TUISystemInputAssistantView`).
  static let systemContainerPrefixes = ["UIKeyboard", "UIKB", "UIInputSet", "TUI"]

  /// Who made `constraint`.
  ///
  /// `system` for the identifiers UIKit and AppKit give their own constraints (the keyboard's
  /// only on a keyboard view), for content-size,
  /// layout-support and baseline constraints, and for a constraint whose every item (its
  /// `names:` list included) is a private class (`_UI…`, `_NS…`) or a system container; a plain
  /// `UIView` or `NSView` could be the app's, so a constraint that mentions one stays the
  /// app's. `autoresizing` for a view's autoresizing mask.
  static func owner(of constraint: LayoutConstraint) -> ConstraintOwner {
    switch constraint.origin {
    case .autoresizingMask: return .autoresizing
    case .contentSize, .layoutSupport, .systemBaseline: return .system
    case .layoutConstraint, .interfaceBuilderPrototyping, .snapKit, .masonry, .other: break
    }
    if let identifier = constraint.identifier, systemIdentifierPrefixes.contains(where: identifier.hasPrefix)
    {
      return .system
    }
    // A names-only item is printed by its name, which for the keyboard's views is their class.
    if let identifier = constraint.identifier,
      keyboardIdentifierPrefixes.contains(where: identifier.hasPrefix),
      constraint.items.contains(where: { isSystemContainer($0) || isSystemContainer(named: $0.name) })
    {
      return .system
    }
    let items = constraint.items + constraint.names.map(\.item)
    return items.allSatisfy(isSystemContainer) ? .system : .app
  }

  /// Whether `constraint` is system-generated: not the app's own (autoresizing included).
  static func isSystemGenerated(_ constraint: LayoutConstraint) -> Bool {
    owner(of: constraint) != .app
  }

  /// Whether `item` is a view only the system places: a private class or a system container.
  static func isSystemContainer(_ item: LayoutItem) -> Bool {
    isSystemContainer(named: item.moduleLessClassName)
  }

  /// Whether the class `name` is a private class or a system container.
  static func isSystemContainer(named name: String?) -> Bool {
    guard let name else { return false }
    return name.hasPrefix("_") || systemContainerClasses.contains(name)
      || systemContainerPrefixes.contains(where: name.hasPrefix)
  }

  /// Whether the app can change `constraint`: its own constraint, or the autoresizing mask of a
  /// view that is not a system view.
  static func isChangeableByApp(_ constraint: LayoutConstraint) -> Bool {
    switch owner(of: constraint) {
    case .app: true
    case .system: false
    case .autoresizing:
      !ItemNames.isSystemView(constraint.firstItem) && !isSystemContainer(constraint.firstItem)
    }
  }
}
