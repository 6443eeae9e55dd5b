import LCQParsing

/// Conflicts among UIKit's own constraints that are publicly reported from apps, so that a
/// conflict the app cannot change says what it is. Each is recognised by its members' classes
/// and identifiers (never by a file), and says where it was reported.
enum KnownSystemConflicts {
  /// One known conflict: what its members mention, and what to tell the developer.
  struct Entry {
    /// Class-name prefixes (module left out) and identifier prefixes, any one of which a member
    /// of the minimal set must mention.
    let classPrefixes: [String]
    let identifierPrefixes: [String]
    /// What it is, and where it was reported.
    let behaviour: String
  }

  /// The known conflicts, most specific first.
  static let entries = [
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

  /// What the known conflict among `members` is, if it is one.
  static func behaviour(of members: [LayoutConstraint]) -> String? {
    entries.first { entry in
      members.contains { member in
        member.items.contains { item in
          guard let name = item.moduleLessClassName else { return false }
          return entry.classPrefixes.contains(where: name.hasPrefix)
        }
          || member.identifier.map { identifier in
            entry.identifierPrefixes.contains(where: identifier.hasPrefix)
          }
            == true
      }
    }?.behaviour
  }
}
