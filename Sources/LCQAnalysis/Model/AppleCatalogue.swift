import LCQParsing

/// One thing Apple's frameworks make themselves and print in a conflict: a class, a class prefix,
/// a constraint identifier's prefix or a layout guide's label, with the framework that makes it
/// and where lcq knows it from.
struct AppleCatalogueEntry: Sendable {
  /// What a description prints that names the entry.
  enum Pattern: Sendable, Hashable {
    /// A class, without its module (`UIButtonLabel`).
    case className(String)
    /// The start of a class's name (`FI_T` of `FI_TListView`).
    case classPrefix(String)
    /// The start of a constraint's identifier (`UISV-`, `TB_`).
    case identifierPrefix(String)
    /// The start of an identifier the keyboard gives its constraints: it names no framework, so
    /// it counts only on a keyboard view (an app may call its own constraint `assistantHeight`).
    case keyboardIdentifierPrefix(String)
    /// A layout guide's label (`'Edge Insets'`), the framework's own guide on views of class
    /// `host` (any view when `nil`).
    case guideLabel(String, host: String?)
  }

  /// How far the app can reach the views of a class entry.
  enum Reach: Sendable, Hashable {
    /// The app can hold such a view (`UIButton.titleLabel` is a `UIButtonLabel`, an app's view
    /// sits in a `UITransitionView`): a constraint is the framework's when every item is the
    /// system's.
    case heldByApps
    /// Only in a screen the framework draws whole (the share sheet, the open panel, Safari's
    /// bars): the plain views it is constrained to (a `UIView`, a `UILabel`) are the
    /// framework's too.
    case frameworkScreen
  }

  /// What names the entry.
  var pattern: Pattern
  /// The framework that makes it, as a sentence names it ("MapKit", "the Sharing framework").
  var framework: String
  /// Where lcq knows it from (a log of the shared corpus, a test, an issue).
  var knownFrom: String
  /// How far the app reaches its views (class entries only).
  var reach: Reach = .heldByApps
}

/// Apple's classes, class prefixes, identifier prefixes and guide labels, by framework: the
/// catalogue ``ConstraintOwnership`` decides the system's constraints from. Private classes
/// (`_UI…`, `_NS…`) and Swift classes of Apple's modules need no entry; these are the ones a
/// leading underscore does not give away.
///
/// A class here is Apple's unless the log shows it is the app's: a module that is not Apple's
/// (`MyApp.SFAirDropIconView`), a Swift runtime name of the app's module, or `--source-root`
/// declaring it.
enum AppleCatalogue {
  /// Every entry. Data only: the rules that read it are in ``ConstraintOwnership``.
  static let entries: [AppleCatalogueEntry] = [
    // Constraint identifiers UIKit and AppKit give their own constraints.
    .init(
      pattern: .identifierPrefix("UIView-Encapsulated-Layout-"), framework: "UIKit",
      knownFrom: "shared corpus 001"),
    .init(
      pattern: .identifierPrefix("NSView-Encapsulated-Layout-"), framework: "AppKit",
      knownFrom: "shared corpus 175"),
    .init(pattern: .identifierPrefix("UISV-"), framework: "UIKit", knownFrom: "shared corpus 009"),
    .init(pattern: .identifierPrefix("NSSV-"), framework: "AppKit", knownFrom: "OwnershipTests"),
    .init(
      pattern: .identifierPrefix("UIView-leftMargin-guide"), framework: "UIKit",
      knownFrom: "shared corpus 017"),
    .init(
      pattern: .identifierPrefix("UIView-rightMargin-guide"), framework: "UIKit",
      knownFrom: "shared corpus 017"),
    .init(
      pattern: .identifierPrefix("UIView-topMargin-guide"), framework: "UIKit", knownFrom: "shared corpus 014"
    ),
    .init(
      pattern: .identifierPrefix("UIView-bottomMargin-guide"), framework: "UIKit",
      knownFrom: "shared corpus 014"),
    .init(
      pattern: .identifierPrefix("UIView-leadingMargin-guide"), framework: "UIKit",
      knownFrom: "the left and right margin guides' right-to-left forms; no corpus log"),
    .init(
      pattern: .identifierPrefix("UIView-trailingMargin-guide"), framework: "UIKit",
      knownFrom: "the left and right margin guides' right-to-left forms; no corpus log"),
    .init(
      pattern: .identifierPrefix("UIViewSafeAreaLayoutGuide"), framework: "UIKit",
      knownFrom: "shared corpus 022"),
    .init(
      pattern: .identifierPrefix("_UITemporaryLayout"), framework: "UIKit", knownFrom: "shared corpus 055"),
    .init(
      pattern: .identifierPrefix("_UIParallax"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(pattern: .identifierPrefix("UIButtonBar"), framework: "UIKit", knownFrom: "shared corpus 019"),
    .init(
      pattern: .identifierPrefix("UIKBAutofill"), framework: "UIKit",
      knownFrom: "docs/diagnosis.md's keyboard example"),
    .init(
      pattern: .identifierPrefix("UIInputWindowController"), framework: "UIKit",
      knownFrom: "shared corpus 105"),
    .init(
      pattern: .identifierPrefix("UIWindow-"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(pattern: .identifierPrefix("_UI"), framework: "UIKit", knownFrom: "shared corpus 055"),
    .init(
      pattern: .identifierPrefix("NSWindow-"), framework: "AppKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(pattern: .identifierPrefix("NSTouchBar"), framework: "AppKit", knownFrom: "shared corpus 147"),
    .init(
      pattern: .identifierPrefix("NSViewSafeAreaLayoutGuide"), framework: "AppKit",
      knownFrom: "OwnershipTests"),
    .init(pattern: .identifierPrefix("NSStackView."), framework: "AppKit", knownFrom: "shared corpus 039"),
    .init(pattern: .identifierPrefix("UINav"), framework: "UIKit", knownFrom: "shared corpus 101"),
    .init(pattern: .identifierPrefix("fittingSize"), framework: "UIKit", knownFrom: "shared corpus 099"),
    .init(
      pattern: .identifierPrefix("TB_"), framework: "UIKit",
      knownFrom: "shared corpus 145 (a toolbar button's TB_Baseline_Baseline, TB_Leading_Leading)"),
    // The keyboard's identifiers, the system's only on a keyboard view.
    .init(
      pattern: .keyboardIdentifierPrefix("assistantHeight"), framework: "UIKit",
      knownFrom: "shared corpus 116"),
    .init(
      pattern: .keyboardIdentifierPrefix("assistantView."), framework: "UIKit", knownFrom: "shared corpus 116"
    ),
    .init(
      pattern: .keyboardIdentifierPrefix("accessoryView."), framework: "UIKit", knownFrom: "shared corpus 116"
    ),
    // Containers UIKit and AppKit place and constrain: the keyboard's windows, presentation and
    // navigation containers, toolbar item viewers.
    .init(pattern: .className("UIInputSetContainerView"), framework: "UIKit", knownFrom: "shared corpus 022"),
    .init(pattern: .className("UIInputSetHostView"), framework: "UIKit", knownFrom: "shared corpus 022"),
    .init(pattern: .className("UITextEffectsWindow"), framework: "UIKit", knownFrom: "shared corpus 055"),
    .init(pattern: .className("UIRemoteKeyboardWindow"), framework: "UIKit", knownFrom: "shared corpus 022"),
    .init(pattern: .className("UITransitionView"), framework: "UIKit", knownFrom: "shared corpus 100"),
    .init(
      pattern: .className("UIDropShadowView"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(
      pattern: .className("UILayoutContainerView"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(
      pattern: .className("UINavigationTransitionView"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(
      pattern: .className("UIViewControllerWrapperView"), framework: "UIKit", knownFrom: "shared corpus 053"),
    .init(
      pattern: .className("UITableViewWrapperView"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(pattern: .className("UISystemInputAssistantView"), framework: "UIKit", knownFrom: "OwnershipTests"),
    .init(
      pattern: .className("UICompatibilityInputViewController"), framework: "UIKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(
      pattern: .className("SystemInputAssistantView"), framework: "UIKit", knownFrom: "shared corpus 116"),
    .init(
      pattern: .className("NSToolbarItemViewer"), framework: "AppKit",
      knownFrom: "docs/diagnosis.md's toolbar example"),
    .init(
      pattern: .className("NSToolbarView"), framework: "AppKit", knownFrom: "lcq's first list; no corpus log"),
    .init(
      pattern: .className("NSTitlebarView"), framework: "AppKit", knownFrom: "lcq's first list; no corpus log"
    ),
    .init(
      pattern: .className("NSTitlebarContainerView"), framework: "AppKit",
      knownFrom: "lcq's first list; no corpus log"),
    .init(
      pattern: .className("NSThemeFrame"), framework: "AppKit", knownFrom: "lcq's first list; no corpus log"),
    .init(pattern: .className("NSClipView"), framework: "AppKit", knownFrom: "shared corpus 067"),
    .init(
      pattern: .className("NSScroller"), framework: "AppKit",
      knownFrom: "docs/diagnosis.md's scroll view example"),
    // The keyboard's views (`TUI…`: the TextInputUI framework's, such as
    // `TUISystemInputAssistantView`).
    .init(pattern: .classPrefix("UIKeyboard"), framework: "UIKit", knownFrom: "shared corpus 115"),
    .init(pattern: .classPrefix("UIKB"), framework: "UIKit", knownFrom: "shared corpus 116"),
    .init(pattern: .classPrefix("UIInputSet"), framework: "UIKit", knownFrom: "shared corpus 022"),
    .init(pattern: .classPrefix("TUI"), framework: "UIKit", knownFrom: "shared corpus 136"),
    // Views Apple ships without a leading underscore.
    .init(
      pattern: .className("UIButtonLabel"), framework: "UIKit",
      knownFrom: "shared corpus 145 (a bar button's title label; apps reach it as UIButton.titleLabel)"),
    .init(
      pattern: .className("UIFocusContainerGuide"), framework: "UIKit",
      knownFrom: "issue 70 (the focus engine's guide on a focus container; unseen logs)"),
    .init(
      pattern: .classPrefix("SFAirDrop"), framework: "the Sharing framework",
      knownFrom: "shared corpus 061 (SFAirDropIconView in a share sheet, iOS 8)", reach: .frameworkScreen),
    .init(
      pattern: .classPrefix("FI_T"), framework: "FinderKit",
      knownFrom: "shared corpus 078 and 122 (FI_TListView and its kin inside NSOpenPanel)",
      reach: .frameworkScreen),
    .init(
      pattern: .classPrefix("SFCapsule"), framework: "Safari",
      knownFrom: "issue 70 (Safari's capsule bar; unseen logs)", reach: .frameworkScreen),
    // Guides a framework adds to its own views.
    .init(
      pattern: .guideLabel("Edge Insets", host: "MKMapView"), framework: "MapKit",
      knownFrom: "shared corpus 160 (the map's 'Edge Insets' guide)"),
    .init(
      pattern: .guideLabel("TitleViewGuide", host: nil), framework: "UIKit",
      knownFrom: "issue 70 (a navigation bar's title view guide; unseen logs)"),
  ]

  /// Whether `framework` is the one a log names itself (UIKit, AppKit), which the words already
  /// say.
  static func isCore(_ framework: String) -> Bool { framework == "UIKit" || framework == "AppKit" }

  /// The identifier prefixes of the system's constraints.
  static let identifierPrefixes: [String] = entries.compactMap {
    if case .identifierPrefix(let prefix) = $0.pattern { prefix } else { nil }
  }

  /// The identifier prefixes the keyboard gives its constraints.
  static let keyboardIdentifierPrefixes: [String] = entries.compactMap {
    if case .keyboardIdentifierPrefix(let prefix) = $0.pattern { prefix } else { nil }
  }

  /// The class entries by class name.
  static let classes: [String: AppleCatalogueEntry] = Dictionary(
    entries.compactMap { if case .className(let name) = $0.pattern { (name, $0) } else { nil } },
    uniquingKeysWith: { first, _ in first })

  /// The class-prefix entries, with their prefixes.
  static let classPrefixes: [(prefix: String, entry: AppleCatalogueEntry)] = entries.compactMap {
    if case .classPrefix(let prefix) = $0.pattern { (prefix, $0) } else { nil }
  }

  /// The guide entries, with their labels and hosts.
  static let guides: [(label: String, host: String?, entry: AppleCatalogueEntry)] = entries.compactMap {
    if case .guideLabel(let label, let host) = $0.pattern { (label, host, $0) } else { nil }
  }

  /// The entry of the class `name` (without its module), if the catalogue has one.
  static func entry(forClass name: String) -> AppleCatalogueEntry? {
    if let entry = classes[name] { return entry }
    return classPrefixes.first { name.hasPrefix($0.prefix) }?.entry
  }

  /// The entry of the layout guide `item` by its label, if the catalogue has one.
  static func guideEntry(of item: LayoutItem) -> (host: String?, entry: AppleCatalogueEntry)? {
    guard let label = item.label, item.isLayoutGuide else { return nil }
    return guides.first { $0.label == label }.map { ($0.host, $0.entry) }
  }
}
