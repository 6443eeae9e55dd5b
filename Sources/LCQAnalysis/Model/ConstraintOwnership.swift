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
  /// A third-party library's, between its own views (``LibraryView``): the app cannot change it,
  /// only the app's constraints that meet it, or the library's version.
  case library
}

/// Whether a constraint was made by the system (UIKit, AppKit, autoresizing) rather than by the
/// app's own code or storyboards. Decided here once; the explanation, the fixes, the title and
/// the store all ask this.
enum ConstraintOwnership {
  /// Identifier prefixes of constraints that UIKit and AppKit make themselves (``AppleCatalogue``).
  static let systemIdentifierPrefixes = AppleCatalogue.identifierPrefixes

  /// Identifiers the keyboard gives its own constraints (they name no framework, so they count
  /// only on a keyboard view: an app may call its own constraint `assistantHeight`).
  static let keyboardIdentifierPrefixes = AppleCatalogue.keyboardIdentifierPrefixes

  /// Who made `constraint`.
  ///
  /// `system` for the identifiers UIKit and AppKit give their own constraints (the keyboard's
  /// only on a keyboard view), for content-size,
  /// layout-support and baseline constraints, and for a constraint whose every item (its
  /// `names:` list included) is a private class (`_UI…`, `_NS…`) or a system container; a plain
  /// `UIView` or `NSView` could be the app's, so a constraint that mentions one stays the
  /// app's. `autoresizing` for a view's autoresizing mask. `library` for a constraint between a
  /// library's views (proven, ``LibraryView/isProven``) and the system's, at least one of them the
  /// library's. `views` holds the block's plain views that only the system relates to
  /// (``SystemPlacedViews``), counted as system containers, and its library views.
  static func owner(of constraint: LayoutConstraint, views: ViewOwners = ViewOwners()) -> ConstraintOwner {
    switch constraint.origin {
    case .autoresizingMask: return .autoresizing
    case .contentSize, .layoutSupport, .systemBaseline: return .system
    case .layoutConstraint, .interfaceBuilderPrototyping, .snapKit, .masonry, .other: break
    }
    if let identifier = constraint.identifier, systemIdentifierPrefixes.contains(where: identifier.hasPrefix)
    {
      return .system
    }
    if isInterfaceBuilderCellConstraint(constraint) || KnownSystemConflicts.ownsConstraint(constraint) {
      return .system
    }
    if hostGuideEntry(of: constraint, views: views) != nil { return .system }
    // A names-only item is printed by its name, which for the keyboard's views is their class.
    if let identifier = constraint.identifier,
      keyboardIdentifierPrefixes.contains(where: identifier.hasPrefix),
      constraint.items.contains(where: { isSystemContainer($0) || isSystemContainer(named: $0.name) })
    {
      return .system
    }
    let isSystems = { (item: LayoutItem) in
      views.isSystems(item)
    }
    if constraint.everyItem(isSystems) { return .system }
    // Most blocks name no library view: then no item is one.
    guard !views.libraries.isEmpty else { return .app }
    let isLibrarys = { (item: LayoutItem) in views.provenLibrary(item) != nil }
    return constraint.everyItem({ isSystems($0) || isLibrarys($0) }) ? .library : .app
  }

  /// The identifier Interface Builder gives the constraints it adds between a cell and its
  /// content view: the content view follows the cell, and only the cell's size (in the storyboard,
  /// or the row height or item size) changes them.
  static let interfaceBuilderCellIdentifier = "UIIBSystemGenerated"

  /// Whether Interface Builder added `constraint` between a cell and its content view.
  static func isInterfaceBuilderCellConstraint(_ constraint: LayoutConstraint) -> Bool {
    constraint.identifier?.hasPrefix(interfaceBuilderCellIdentifier) == true
  }

  /// Whether Interface Builder made `constraint` at build time: its prototyping constraints
  /// (for a view given no constraints in the storyboard) and its cell constraints. Neither is in
  /// the app's code, so neither can be lowered or deactivated there.
  static func isMadeByInterfaceBuilder(_ constraint: LayoutConstraint) -> Bool {
    if case .interfaceBuilderPrototyping = constraint.origin { return true }
    return isInterfaceBuilderCellConstraint(constraint)
  }

  /// Whether `constraint` is not the app's own: the system's, an autoresizing mask's or a
  /// library's.
  static func isMadeOutsideTheApp(_ constraint: LayoutConstraint, views: ViewOwners = ViewOwners()) -> Bool {
    owner(of: constraint, views: views) != .app
  }

  /// Whether `item` is a view only the system places: a private class or a system container. A
  /// Swift class's runtime name (`_TtC5MyApp8CardView`) is not a private class for its
  /// underscore: it is the system's when every module it names is Apple's
  /// (`_TtCC5UIKit19NavigationButtonBar15ItemWrapperView`), and the app's when one is not
  /// (`_UIHostingView<ContentView>` of the app's `ContentView`).
  static func isSystemContainer(_ item: LayoutItem) -> Bool {
    if let swiftName = item.swiftName { return isApples(swiftName) }
    if AppleCatalogue.guideEntry(of: item) != nil { return true }
    guard let name = item.moduleLessClassName, !isInOtherModule(item) else { return false }
    return isSystemContainer(named: name)
  }

  /// Whether `item`'s class names a module that is not Apple's: `MyApp.SFAirDropIconView` is
  /// the app's own class, whatever its name.
  static func isInOtherModule(_ item: LayoutItem) -> Bool {
    guard let module = LibraryViews.module(of: item) else { return false }
    return !appleModules.contains(module)
  }

  /// The catalogue's entry for `item`'s class, when the log does not show the class is the app's
  /// (its module, its Swift runtime name): ``AppleCatalogue``.
  static func catalogueEntry(of item: LayoutItem) -> AppleCatalogueEntry? {
    if item.swiftName != nil { return nil }
    if let guide = AppleCatalogue.guideEntry(of: item) { return guide.entry }
    guard let name = item.moduleLessClassName, !isInOtherModule(item) else { return nil }
    return AppleCatalogue.entry(forClass: name)
  }

  /// The catalogue's guide entry when `constraint` relates a framework's own guide only to its
  /// host views (MapKit's `'Edge Insets'` guide and its `MKMapView`) or to itself: the
  /// framework made it. `nil` for a guide the app's source declares.
  static func hostGuideEntry(of constraint: LayoutConstraint, views: ViewOwners = ViewOwners())
    -> AppleCatalogueEntry?
  {
    let items = constraint.items
    for item in items {
      guard let (host, entry) = AppleCatalogue.guideEntry(of: item), let host,
        !views.declaredByApp.contains(item.identity)
      else { continue }
      let others = items.filter { $0.identity != item.identity }
      if others.allSatisfy({ $0.moduleLessClassName == host || AppleCatalogue.guideEntry(of: $0) != nil }) {
        return entry
      }
    }
    return nil
  }

  /// Modules Apple ships, whose Swift classes are the system's.
  static let appleModules: Set<String> = [
    "UIKit", "UIKitCore", "SwiftUI", "SwiftUICore", "AppKit", "Foundation", "Swift", "__ObjC", "__C",
    "CoreGraphics", "QuartzCore", "MapKit", "WebKit", "AVKit", "PhotosUI", "MessageUI", "SafariServices",
    "StoreKit", "TipKit", "Charts", "PencilKit", "QuickLook", "ContactsUI", "EventKitUI", "GameKit",
    "CarPlay", "WidgetKit", "AuthenticationServices", "LinkPresentation", "VisionKit", "TextInputUI",
  ]

  /// Whether every module a Swift name mentions (its own and its generic arguments') is Apple's.
  static func isApples(_ name: SwiftTypeName) -> Bool {
    name.modules.allSatisfy(appleModules.contains)
  }

  /// Whether the class `name` is a private class or a system container.
  static func isSystemContainer(named name: String?) -> Bool {
    guard let name else { return false }
    return name.hasPrefix("_") || AppleCatalogue.entry(forClass: name) != nil
  }

  /// Whether the app can change `constraint`: its own constraint, or the autoresizing mask of a
  /// view that is not a system view. A mask that UIKit or AppKit names itself
  /// (`UIView-Encapsulated-Layout-Top`: the position a collection view gives its cell) is the
  /// container's, whatever the view.
  static func isChangeableByApp(_ constraint: LayoutConstraint, views: ViewOwners = ViewOwners()) -> Bool {
    switch owner(of: constraint, views: views) {
    case .app: return true
    case .system, .library: return false
    case .autoresizing:
      if let identifier = constraint.identifier,
        systemIdentifierPrefixes.contains(where: identifier.hasPrefix)
      {
        return false
      }
      let view = subjectView(of: constraint)
      return !ItemNames.isSystemView(view) && !views.isSystems(view) && views.provenLibrary(view) == nil
    }
  }

  /// The view a constraint is about: its first item, except where visual format prints a
  /// trailing or bottom edge (`[View]-(0)-|`, which reads as `superview.trailing ==
  /// View.trailing`), where it is the bracketed view, never the superview (`|`). For an
  /// autoresizing constraint, the view whose mask it is.
  static func subjectView(of constraint: LayoutConstraint) -> LayoutItem {
    guard constraint.firstItem.isSuperview, let view = constraint.secondItem else {
      return constraint.firstItem
    }
    return view
  }
}
