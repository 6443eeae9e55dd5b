import LCQParsing

/// Conflicts among UIKit's own constraints that are publicly reported from apps, so that a
/// conflict the app cannot change says what it is. Each is recognised by its members' classes,
/// identifiers or shape (never by a file), and says on which OS versions and where it was
/// reported. This is the one catalogue: ownership and the no-fix reason both read it.
enum KnownSystemConflicts {
  /// One known conflict: what its members look like, and what to tell the developer.
  struct Entry: Sendable {
    /// Whether one member of the minimal set is this conflict's.
    let matches: @Sendable (LayoutConstraint) -> Bool
    /// Whether a matching constraint is UIKit's although nothing in its own text says so (a
    /// plain `UIView`'s width): ``ConstraintOwnership`` then calls it `system`.
    let ownsConstraint: Bool
    /// The OS versions it is known on, as reported (`nil` where the reports do not say).
    let knownOn: String?
    /// What it is, and where it was reported.
    let behaviour: String

    /// An entry recognised by a member that mentions one of `classPrefixes` (module left out)
    /// or has an identifier with one of `identifierPrefixes`.
    init(classPrefixes: [String], identifierPrefixes: [String], knownOn: String? = nil, behaviour: String) {
      matches = { member in
        member.items.contains { item in
          guard let name = item.moduleLessClassName else { return false }
          return classPrefixes.contains(where: name.hasPrefix)
        }
          || member.identifier.map { identifier in identifierPrefixes.contains(where: identifier.hasPrefix) }
            == true
      }
      ownsConstraint = false
      self.knownOn = knownOn
      self.behaviour = behaviour
    }

    /// An entry recognised by the shape of one constraint, which is UIKit's.
    init(shape: @escaping @Sendable (LayoutConstraint) -> Bool, knownOn: String?, behaviour: String) {
      matches = shape
      ownsConstraint = true
      self.knownOn = knownOn
      self.behaviour = behaviour
    }
  }

  /// The known conflicts, most specific first.
  static let entries = [
    Entry(
      shape: isActionSheetNegativeWidth, knownOn: "iOS 10 (width - 20) and iOS 12.2 (width - 16)",
      behaviour:
        "an action sheet (UIAlertController in the actionSheet style) gives one of its own plain views a negative width, which UIKit breaks; "
        + "the sheet still shows as it should (Open Radar rdar://49289931)"),
    Entry(
      classPrefixes: ["SystemInputAssistantView", "TUISystemInputAssistantView", "UIKeyboardAssistantBar"],
      identifierPrefixes: ["assistantHeight", "assistantView."],
      behaviour:
        "the keyboard's input assistant bar (the bar of suggestions and shortcuts above the keys) is laid out by iOS itself when a text field becomes first responder; "
        + "the same conflict is reported from UIKit and SwiftUI apps (Stack Overflow question 78192738)"
    ),
    Entry(
      classPrefixes: ["_UIUCBKBSelectionBackground"], identifierPrefixes: [],
      behaviour:
        "the iPad keyboard's shortcut bar lays out a button's selection background before the button has a height, logged by iOS 14 when a text field gains focus"
    ),
    Entry(
      classPrefixes: ["_UIButtonBarStackView", "_UIButtonBarButton"], identifierPrefixes: ["UIButtonBar"],
      behaviour:
        "UIKit lays out the buttons of a navigation bar or toolbar before the bar has its width (Stack Overflow questions 45163786 and 45487045)"
    ),
    Entry(
      classPrefixes: ["UIInputSetContainerView", "UIInputSetHostView"],
      identifierPrefixes: ["UIInputWindowController"],
      behaviour:
        "the keyboard's own window adjusts its input views to a window whose size changed, as in iPad Split View (rdar://24911739)"
    ),
  ]

  /// The action sheet's own width: a plain, unlabelled `UIView` (no module, no identifier) whose
  /// width equals -16 or -20 and nothing else.
  @Sendable static func isActionSheetNegativeWidth(_ constraint: LayoutConstraint) -> Bool {
    guard case .layoutConstraint = constraint.origin, constraint.identifier == nil,
      constraint.secondItem == nil, constraint.firstAttribute == .width, constraint.relation == .equal,
      constraint.priority == nil, constraint.firstItem.className == "UIView",
      constraint.firstItem.label == nil,
      constraint.firstItem.address?.hasPrefix("0x") == true
    else { return false }
    return constraint.constant.value == -16 || constraint.constant.value == -20
  }

  /// The known conflict among `members`, if it is one.
  static func entry(of members: [LayoutConstraint]) -> Entry? {
    entries.first { entry in members.contains(where: entry.matches) }
  }

  /// What the known conflict among `members` is, with the OS versions it is known on, if it is one.
  static func behaviour(of members: [LayoutConstraint]) -> String? {
    entry(of: members).map { entry in entry.behaviour + (entry.knownOn.map { "; known on \($0)" } ?? "") }
  }

  /// Whether `constraint` is UIKit's by a known conflict's shape alone.
  static func ownsConstraint(_ constraint: LayoutConstraint) -> Bool {
    entries.contains { $0.ownsConstraint && $0.matches(constraint) }
  }
}
