import LCQParsing

/// Which constants a device, a window size or content decides, rather than the app's code.
///
/// The fingerprint drops these constants so that the same bug on another device, in another
/// size class or with other text groups together.
enum DeviceDependence {
  /// Identifier prefixes of system constraints whose constants come from the device or window:
  /// cell sizes set by the table or collection view, temporary fitting sizes, margins and safe
  /// area insets, window and keyboard sizes.
  static let identifierPrefixes = [
    "UIView-Encapsulated-Layout-", "NSView-Encapsulated-Layout-", "_UITemporaryLayout", "fittingSize",
    "UIView-leftMargin-guide", "UIView-rightMargin-guide", "UIView-topMargin-guide",
    "UIView-bottomMargin-guide", "UIView-leadingMargin-guide", "UIView-trailingMargin-guide",
    "UIViewSafeAreaLayoutGuide", "UIInputWindowController", "_UIKBAutolayout", "UIKBAutofill",
    "assistantHeight", "assistantView", "accessoryView", "UIWindow-", "NSWindow-",
  ]

  /// Whether the constant of `constraint` depends on the device or the content.
  static func hasDeviceConstant(_ constraint: LayoutConstraint) -> Bool {
    switch constraint.origin {
    case .autoresizingMask, .contentSize: return true
    case .layoutConstraint, .interfaceBuilderPrototyping, .layoutSupport, .systemBaseline, .snapKit, .masonry,
      .other:
      break
    }
    guard let identifier = constraint.identifier else { return false }
    return identifierPrefixes.contains { identifier.hasPrefix($0) }
  }
}
