import LCQParsing

/// The plain views of one block that only UIKit or AppKit relate to: a private container's
/// anonymous views (an iPad action sheet's `UIView` between `_UIAlertControllerView`s).
///
/// A plain, unlabelled `UIView` or `NSView` could be the app's, so a constraint that mentions
/// one is the app's by default (``ConstraintOwnership``). Over the whole block the evidence is
/// clearer: a plain view whose every relation in the block is to private classes or system
/// containers, and which no constraint with the app's identifier, a SnapKit or Masonry origin, an
/// app class, a label or a developer's name touches, is the system's own view. A layout guide
/// counts as the app's side (`_UILayoutGuide` is private by class, but it is the top layout
/// guide apps pin their views to).
///
/// A view of a screen a framework draws whole (``AppleCatalogueEntry/Reach/frameworkScreen``: the
/// share sheet's `SFAirDropIconView`) tells more: the plain views (`UIView`, `UILabel`,
/// `UIImageView`, labelled or not) it shares a constraint with are that screen's too, unless a
/// constraint the app's own (its identifier, SnapKit, Masonry) touches them.
///
/// Limits: the evidence is the block's only. A plain view the app adds to a private container
/// and constrains only to it (rare: apps constrain their views to their own) reads as the
/// system's; a plain view related to nothing but itself (`UIView.width == 10` alone) stays the
/// app's.
enum SystemPlacedViews {
  /// The identities (``LayoutItem/identity``) of the block's plain views only the system relates to.
  /// In a message an Apple process logged (``AppleProcesses``), every item is the system's.
  static func identities(in block: ConflictBlock, declaredByApp: Set<String> = []) -> Set<String> {
    if AppleProcesses.isApples(block.source.process) {
      return Set(
        block.constraints.compactMap(\.constraint).flatMap { $0.items + $0.names.map(\.item) }.map(\.identity)
      )
    }
    var relatedToSystem = Set<String>()
    var touchedByApp = Set<String>()
    var besideScreen = Set<String>()
    var madeByApp = Set<String>()
    let isSystems = { (item: LayoutItem) in
      !declaredByApp.contains(item.identity) && ConstraintOwnership.isSystemContainer(item)
    }
    for logged in block.constraints {
      guard let constraint = logged.constraint else { continue }
      var participants: [LayoutItem] = []
      var seen = Set<String>()
      for item in constraint.items + constraint.names.map(\.item)
      where item.address != nil || !item.isSuperview {
        if seen.insert(item.identity).inserted { participants.append(item) }
      }
      let byApp = constraintIsTheApps(constraint)
      if byApp {
        madeByApp.formUnion(participants.map(\.identity))
      } else if participants.contains(where: { isScreenView($0, declaredByApp: declaredByApp) }) {
        besideScreen.formUnion(participants.filter(isPlainScreenPartner).map(\.identity))
      }
      for plain in participants where isPlainView(plain) {
        let others = participants.filter { $0.identity != plain.identity }
        // A layout guide (`_UILayoutGuide`, the top layout guide of iOS 7–10) is private by
        // class but is what apps constrain their views to.
        if byApp || others.contains(where: { !isSystems($0) || $0.isLayoutGuide }) {
          touchedByApp.insert(plain.identity)
        } else if !others.isEmpty {
          relatedToSystem.insert(plain.identity)
        }
      }
    }
    return relatedToSystem.subtracting(touchedByApp).union(besideScreen.subtracting(madeByApp))
  }

  /// The framework of each plain view that shares a constraint with a view of a screen the
  /// framework draws whole, by identity (the first such framework).
  static func screenFrameworks(in block: ConflictBlock, declaredByApp: Set<String>) -> [String: String] {
    var frameworks: [String: String] = [:]
    for logged in block.constraints {
      guard let constraint = logged.constraint, !constraintIsTheApps(constraint) else { continue }
      let participants = constraint.items + constraint.names.map(\.item)
      guard let screen = participants.first(where: { isScreenView($0, declaredByApp: declaredByApp) }),
        let framework = ConstraintOwnership.catalogueEntry(of: screen)?.framework
      else { continue }
      for item in participants where isPlainScreenPartner(item) && frameworks[item.identity] == nil {
        frameworks[item.identity] = framework
      }
    }
    return frameworks
  }

  /// Whether `item` is a view of a screen a framework draws whole (``AppleCatalogue``).
  static func isScreenView(_ item: LayoutItem, declaredByApp: Set<String>) -> Bool {
    guard !declaredByApp.contains(item.identity), let entry = ConstraintOwnership.catalogueEntry(of: item)
    else { return false }
    return entry.reach == .frameworkScreen
  }

  /// Classes of the plain views a framework's screen is built of.
  static let plainScreenClasses: Set<String> = [
    "UIView", "UILabel", "UIImageView", "NSView", "NSTextField", "NSImageView",
  ]

  /// Whether `item` is a plain view (by its printed class, without a module) that a framework's
  /// screen may hold: counted as that screen's when it shares a constraint with one of its views.
  static func isPlainScreenPartner(_ item: LayoutItem) -> Bool {
    guard item.address?.hasPrefix("0x") == true, let className = item.className else { return false }
    return plainScreenClasses.contains(className)
  }

  /// Whether `item` is an unlabelled `UIView` or `NSView` named by its address only.
  static func isPlainView(_ item: LayoutItem) -> Bool {
    guard item.address?.hasPrefix("0x") == true, item.label == nil,
      item.name == nil || item.isSuperview
    else { return false }
    return item.className == "UIView" || item.className == "NSView"
  }

  /// Whether the constraint itself says it is the app's: an identifier the system does not
  /// give, or a layout library's class.
  static func constraintIsTheApps(_ constraint: LayoutConstraint) -> Bool {
    switch constraint.origin {
    case .snapKit, .masonry: return true
    default: break
    }
    guard let identifier = constraint.identifier else { return false }
    return !ConstraintOwnership.systemIdentifierPrefixes.contains(where: identifier.hasPrefix)
      && !ConstraintOwnership.keyboardIdentifierPrefixes.contains(where: identifier.hasPrefix)
  }
}
