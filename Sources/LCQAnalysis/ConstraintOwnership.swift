import LCQParsing

/// Whether a constraint was made by the system (UIKit, AppKit, autoresizing) rather than by the
/// app's own code or storyboards.
enum ConstraintOwnership {
  /// Identifier prefixes of constraints that UIKit and AppKit make themselves.
  static let systemIdentifierPrefixes = [
    "UIView-Encapsulated-Layout-", "NSView-Encapsulated-Layout-", "UISV-", "NSSV-",
    "UIView-leftMargin-guide", "UIView-rightMargin-guide", "UIView-topMargin-guide",
    "UIView-bottomMargin-guide", "UIView-leadingMargin-guide", "UIView-trailingMargin-guide",
    "UIViewSafeAreaLayoutGuide", "_UITemporaryLayout", "_UIParallax", "UIButtonBar",
    "UIKBAutofill", "UIInputWindowController", "UIWindow-", "_UI", "NSWindow-", "NSTouchBar",
  ]

  /// Whether `constraint` is system-generated.
  static func isSystemGenerated(_ constraint: LayoutConstraint) -> Bool {
    switch constraint.origin {
    case .autoresizingMask, .contentSize, .layoutSupport, .systemBaseline: return true
    case .layoutConstraint, .interfaceBuilderPrototyping, .snapKit, .masonry, .other: break
    }
    guard let identifier = constraint.identifier else { return false }
    return systemIdentifierPrefixes.contains { identifier.hasPrefix($0) }
  }
}
