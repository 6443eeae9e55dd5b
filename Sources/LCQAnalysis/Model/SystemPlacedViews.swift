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
/// Limits: the evidence is the block's only. A plain view the app adds to a private container
/// and constrains only to it (rare: apps constrain their views to their own) reads as the
/// system's; a plain view related to nothing but itself (`UIView.width == 10` alone) stays the
/// app's.
enum SystemPlacedViews {
  /// The identities (``LayoutItem/identity``) of the block's plain views only the system relates to.
  /// In a message an Apple process logged (``AppleProcesses``), every item is the system's.
  static func identities(in block: ConflictBlock) -> Set<String> {
    if AppleProcesses.isApples(block.source.process) {
      return Set(
        block.constraints.compactMap(\.constraint).flatMap { $0.items + $0.names.map(\.item) }.map(\.identity)
      )
    }
    var relatedToSystem = Set<String>()
    var touchedByApp = Set<String>()
    for logged in block.constraints {
      guard let constraint = logged.constraint else { continue }
      var participants: [LayoutItem] = []
      var seen = Set<String>()
      for item in constraint.items + constraint.names.map(\.item)
      where item.address != nil || !item.isSuperview {
        if seen.insert(item.identity).inserted { participants.append(item) }
      }
      let byApp = constraintIsTheApps(constraint)
      for plain in participants where isPlainView(plain) {
        let others = participants.filter { $0.identity != plain.identity }
        // A layout guide (`_UILayoutGuide`, the top layout guide of iOS 7–10) is private by
        // class but is what apps constrain their views to.
        if byApp || others.contains(where: { !ConstraintOwnership.isSystemContainer($0) || $0.isLayoutGuide })
        {
          touchedByApp.insert(plain.identity)
        } else if !others.isEmpty {
          relatedToSystem.insert(plain.identity)
        }
      }
    }
    return relatedToSystem.subtracting(touchedByApp)
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
