import LCQParsing

/// Which constants a device, a window size or content decides, rather than the app's code, and
/// which constraints are sizes a container sets.
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
    guard let identifier = constraint.identifier else { return isTemplateContentViewWidth(constraint) }
    return identifierPrefixes.contains { identifier.hasPrefix($0) }
  }

  /// Identifier prefixes of the sizes a container gives a view: a cell's or a root view's size
  /// (`*-Encapsulated-Layout-Width/Height`), and the temporary sizes of a fitting pass.
  static let containerSizeIdentifierPrefixes = [
    "UIView-Encapsulated-Layout-Width", "UIView-Encapsulated-Layout-Height",
    "NSView-Encapsulated-Layout-Width",
    "NSView-Encapsulated-Layout-Height", "_UITemporaryLayoutWidth", "_UITemporaryLayoutHeight",
    "fittingSizeHTarget",
    "fittingSizeVTarget",
  ]

  /// Whether `constraint` is a size the container sets: a one-item width or height equal to the
  /// container's choice (``containerSizeIdentifierPrefixes``, or a template cell's content-view
  /// width, ``isTemplateContentViewWidth(_:)``).
  static func isContainerSetSize(_ constraint: LayoutConstraint) -> Bool {
    guard constraint.secondItem == nil, constraint.relation == .equal,
      constraint.firstAttribute == .width || constraint.firstAttribute == .height
    else { return false }
    if let identifier = constraint.identifier {
      return containerSizeIdentifierPrefixes.contains(where: identifier.hasPrefix)
    }
    return isTemplateContentViewWidth(constraint)
  }

  /// Screen widths in points, portrait and landscape, of the iPhones and iPads of iOS 7 on (from
  /// the device screen sizes of Apple's Human Interface Guidelines, Layout: Specifications).
  static let screenWidths: Set<Double> = [
    320, 375, 390, 393, 402, 414, 428, 430, 440, 480, 568, 667, 736, 744, 768, 810, 812, 820, 834, 844,
    852, 874, 896, 926, 932, 956, 1024, 1032, 1080, 1112, 1133, 1180, 1194, 1210, 1366, 1376,
  ]

  /// An unlabelled, unnamed content-view width equal to a screen width (`UITableViewCellContentView
  /// .width == 375`, no identifier): what a template cell is measured at, the table's width on that
  /// device.
  static func isTemplateContentViewWidth(_ constraint: LayoutConstraint) -> Bool {
    guard case .layoutConstraint = constraint.origin, constraint.identifier == nil,
      constraint.secondItem == nil,
      constraint.firstAttribute == .width, constraint.relation == .equal, constraint.firstItem.label == nil,
      let name = constraint.firstItem.moduleLessClassName,
      name == "UITableViewCellContentView" || name == "UICollectionViewCellContentView"
    else { return false }
    return screenWidths.contains(constraint.constant.value)
  }
}
