import LCQParsing

/// Where a constraint comes from, in a word (`kind`) and a sentence (`text`).
public struct OriginTag: Sendable, Hashable {
  /// What made the constraint.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// An autoresizing mask turned into constraints (`translatesAutoresizingMaskIntoConstraints`).
    case autoresizingMask
    /// A cell, header or footer size set by its table or collection view.
    case cellSize
    /// A temporary size UIKit sets while it measures a fitting size.
    case fittingSize
    /// A stack view's own constraint (`UISV-*`, `NSSV-*`).
    case stackView
    /// A layout margins guide.
    case marginsGuide
    /// The safe area.
    case safeArea
    /// The keyboard, its input views and accessory bars.
    case keyboard
    /// Navigation bars, toolbars, tab bars and their buttons.
    case bars
    /// Added by Interface Builder at build time.
    case interfaceBuilder
    /// Made by SnapKit (with the file and line when printed).
    case snapKit
    /// Made by Masonry.
    case masonry
    /// The intrinsic content size.
    case contentSize
    /// The top or bottom layout guide of iOS 7–10.
    case layoutSupport
    /// System spacing between baselines.
    case systemBaseline
    /// A third-party library's, or (in its text) probably one's.
    case library
    /// Another constraint UIKit or AppKit made itself.
    case system
    /// The app's own identifier.
    case appIdentifier
    /// The app's own code or storyboard.
    case app
  }

  /// The kind.
  public var kind: Kind
  /// The sentence.
  public var text: String

  /// Creates a tag.
  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }

  /// Every tag of `constraint`, the most specific first; never empty. `platform` names the
  /// framework that made a system constraint; `names` names the view whose autoresizing mask a
  /// constraint is (its class when not given); `views` holds the block's plain views only the
  /// system relates to and its library views.
  static func tags(
    of constraint: LayoutConstraint, platform: ConflictBlock.Platform = .uikit, names: ItemNames? = nil,
    views: ViewOwners = ViewOwners()
  ) -> [OriginTag] {
    var tags: [OriginTag] = []
    let identifier = constraint.identifier ?? ""
    switch constraint.origin {
    case .autoresizingMask(let mask):
      let view = ConstraintOwnership.subjectView(of: constraint)
      let name = names?.name(of: view) ?? view.moduleLessClassName ?? view.name ?? "a view"
      tags.append(OriginTag(.autoresizingMask, Self.autoresizing(mask, of: name)))
    case .contentSize:
      tags.append(
        OriginTag(.contentSize, "intrinsic content size (content hugging or compression resistance)"))
    case .interfaceBuilderPrototyping:
      tags.append(
        OriginTag(
          .interfaceBuilder, "added by Interface Builder at build time: the view had no constraints there"))
    case .layoutSupport: tags.append(OriginTag(.layoutSupport, "top or bottom layout guide (iOS 7–10)"))
    case .systemBaseline: tags.append(OriginTag(.systemBaseline, Self.systemSpacing(constraint)))
    case .snapKit:
      let place = constraint.sourceLocation.map { " at \($0)" } ?? ""
      tags.append(OriginTag(.snapKit, "made by SnapKit\(place)"))
    case .masonry:
      // Masonry prints its debug key (`mas_key`) where the address goes, when one is set: a
      // key is named as a key, a pointer is no key.
      let key = constraint.address.flatMap { $0.hasPrefix("0x") ? nil : " (key \($0))" } ?? ""
      tags.append(OriginTag(.masonry, "made by Masonry\(key)"))
    case .layoutConstraint, .other: break
    }
    if let tag = identifierTag(identifier, item: constraint.firstItem) { tags.append(tag) }
    tags += itemTags(constraint, excluding: Set(tags.map(\.kind)))
    let isSystem = ConstraintOwnership.isMadeOutsideTheApp(constraint, views: views)
    if !identifier.isEmpty, !isSystem {
      tags.append(OriginTag(.appIdentifier, "the app's identifier '\(identifier)'"))
    }
    if let library = views.library(of: constraint) {
      tags.insert(Self.library(library), at: tags.first?.kind == .autoresizingMask ? 1 : 0)
      return tags
    }
    if tags.isEmpty, KnownSystemConflicts.ownsConstraint(constraint) {
      tags.append(OriginTag(.system, "\(platform.frameworkName)'s own constraint: a known OS behaviour"))
    } else if tags.isEmpty {
      tags.append(
        isSystem
          ? systemTag(of: constraint, platform: platform, views: views)
          : OriginTag(.app, "the app's own constraint (code or storyboard)"))
    } else if !isSystem, !tags.contains(where: { [.snapKit, .masonry, .appIdentifier].contains($0.kind) }) {
      tags.append(OriginTag(.app, "the app's own constraint (code or storyboard)"))
    }
    // A guess comes after what is known of the constraint, in place of "the app's own": it says
    // itself that the constraint is counted as the app's, so the line names one owner.
    if let library = views.probableLibrary(of: constraint) {
      let place = tags.firstIndex { $0.kind == .app } ?? tags.endIndex
      tags.removeAll { $0.kind == .app }
      tags.insert(Self.library(library), at: min(place, tags.endIndex))
    }
    return tags
  }

  /// The tag of a constraint the system made that no other tag explains: the framework's own,
  /// named by Apple's catalogue when it knows the framework (``AppleCatalogue``).
  static func systemTag(of constraint: LayoutConstraint, platform: ConflictBlock.Platform, views: ViewOwners)
    -> OriginTag
  {
    let framework = views.framework(of: constraint) ?? platform.frameworkName
    if let guide = ConstraintOwnership.hostGuideEntry(of: constraint, views: views),
      case .guideLabel(let label, _) = guide.pattern
    {
      return OriginTag(.system, "\(framework)'s own constraint on its '\(label)' guide")
    }
    return OriginTag(.system, "\(framework)'s own constraint between its views")
  }

  /// A `_UISystemBaselineConstraint`'s tag: system spacing (`constraint(equalToSystemSpacingBelow:
  /// multiplier:)` and its kin), between baselines only where it relates baselines.
  static func systemSpacing(_ constraint: LayoutConstraint) -> String {
    let attributes = [constraint.firstAttribute] + (constraint.secondAttribute.map { [$0] } ?? [])
    let baselines = attributes.contains { $0 == .firstBaseline || $0 == .lastBaseline }
    return baselines
      ? "system spacing between baselines"
      : "system spacing (made with a system-spacing anchor method, such as constraint(equalToSystemSpacingBelow:multiplier:))"
  }

  /// The tag of a library's constraint, or of one probably a library's.
  static func library(_ view: LibraryView) -> OriginTag {
    guard view.isProven else {
      return OriginTag(
        .library,
        "counted as the app's, though probably \(view.name)'s: \(view.className) is in a module that is "
          + "neither the app's (the process that logged the message) nor Apple's; --source-root tells for sure"
      )
    }
    return OriginTag(
      .library,
      "\(view.name)'s own: the app's source does not declare \(view.className), and Apple does not ship it")
  }

  /// What `h=--& v=&-&` on the view named `view` means, in words.
  static func autoresizing(_ mask: AutoresizingMask?, of view: String) -> String {
    guard let mask else { return "autoresizing mask of \(view) (translatesAutoresizingMaskIntoConstraints)" }
    func axis(_ pattern: String, _ parts: [String]) -> String {
      let flags = Array(pattern)
      guard flags.count == 3 else { return pattern }
      let fixed = parts.indices.filter { flags[$0] == "-" }.map { parts[$0] }
      let flexible = parts.indices.filter { flags[$0] != "-" }.map { parts[$0] }
      if flexible.isEmpty { return "\(fixed.joined(separator: ", ")) fixed" }
      if fixed.isEmpty { return "\(flexible.joined(separator: ", ")) flexible" }
      return "\(fixed.joined(separator: ", ")) fixed, \(flexible.joined(separator: ", ")) flexible"
    }
    let horizontal = axis(mask.horizontal, ["left margin", "width", "right margin"])
    let vertical = axis(mask.vertical, ["top margin", "height", "bottom margin"])
    return "autoresizing mask of \(view), \(mask): \(horizontal); \(vertical)"
  }

  /// Meanings of `UISV-*` identifiers.
  static let stackViewKinds: [(String, String)] = [
    ("hiding", "collapses a hidden arranged view to zero size"),
    ("spacing", "spacing between arranged views"),
    ("canvas-connection", "pins the first or last arranged view to the stack's edge"),
    ("alignment", "aligns the arranged views"),
    ("fill-equally", "makes the arranged views equal in size"),
    ("fill-proportionally", "sizes the arranged views in proportion"),
    ("distributing", "distributes the arranged views"),
    ("ambiguity-suppression", "keeps an otherwise ambiguous size at zero"),
    ("spanning-boundary", "keeps arranged views within the stack"),
    ("text-width-disambiguation", "splits the width between text views"),
  ]

  static func identifierTag(_ identifier: String, item: LayoutItem) -> OriginTag? {
    if let size = SizingContainer.sizedDimension(identifier: identifier) {
      let container = SizingContainer(className: item.className)
      return OriginTag(.cellSize, "the \(container.noun)'s \(size), set by \(container.setter)")
    }
    if identifier.hasPrefix(ConstraintOwnership.interfaceBuilderCellIdentifier) {
      return OriginTag(
        .interfaceBuilder,
        "added by Interface Builder between a cell and its content view (\(identifier)): the cell's size decides it"
      )
    }
    if identifier.hasPrefix("_UITemporaryLayout") || identifier.hasPrefix("fittingSize") {
      return OriginTag(.fittingSize, "a temporary size UIKit sets while it measures a fitting size")
    }
    if identifier.hasPrefix("UISV-") || identifier.hasPrefix("NSSV-") {
      let kind = String(identifier.dropFirst(5))
      let meaning = stackViewKinds.first { kind.hasPrefix($0.0) }?.1 ?? kind
      return OriginTag(.stackView, "stack view (\(identifier)): \(meaning)")
    }
    if identifier.hasPrefix("UIView-") && identifier.contains(text: "argin-guide") {
      return OriginTag(.marginsGuide, "links a view to its layout margins guide (\(identifier))")
    }
    if identifier.hasPrefix("UIViewSafeAreaLayoutGuide") {
      return OriginTag(.safeArea, "the safe area (\(identifier))")
    }
    if identifier.hasPrefix("UIKBAutofill") || identifier.hasPrefix("UIInputWindowController")
      || identifier.hasPrefix("assistant") || identifier.hasPrefix("accessoryView")
      || identifier.hasPrefix("inputView") || identifier.hasPrefix("_UIKB")
    {
      return OriginTag(.keyboard, "the keyboard or its input views (\(identifier))")
    }
    if identifier.hasPrefix("UIButtonBar") || identifier.hasPrefix("_UINavigationBar")
      || identifier.hasPrefix("_UIModernBar") || identifier.hasPrefix("_UIToolbar")
    {
      return OriginTag(.bars, "a navigation bar, toolbar or their buttons (\(identifier))")
    }
    return nil
  }

  /// Tags from the classes of the items the constraint relates.
  static func itemTags(_ constraint: LayoutConstraint, excluding present: Set<Kind>) -> [OriginTag] {
    var tags: [OriginTag] = []
    for item in constraint.items {
      let bare = item.moduleLessClassName ?? ""
      let label = item.label ?? ""
      if label == "UIViewLayoutMarginsGuide" || constraint.firstAttribute.isMargin
        || constraint.secondAttribute?.isMargin == true
      {
        tags.append(OriginTag(.marginsGuide, "measured from layout margins"))
      } else if label.hasPrefix("UIViewSafeAreaLayoutGuide") {
        tags.append(OriginTag(.safeArea, "relates to the safe area"))
      } else if bare.hasPrefix("UIInputSet") || bare.hasPrefix("_UIKB") || bare.hasPrefix("UIKeyboard")
        || bare.hasPrefix("TUI") || bare.hasPrefix("UISystemKeyboard") || bare.hasPrefix("_UIRemoteKeyboard")
      {
        tags.append(OriginTag(.keyboard, "relates to the keyboard or its input views (\(bare))"))
      } else if bare.contains(text: "NavigationBar") || bare.contains(text: "ButtonBar")
        || bare.contains(text: "Toolbar")
        || bare.contains(text: "TabBar") || bare.hasPrefix("_UIModernBarButton")
        || bare.hasPrefix("_UIBarButton")
      {
        tags.append(OriginTag(.bars, "relates to a bar or its buttons (\(bare))"))
      }
    }
    var seen = present
    return tags.filter { seen.insert($0.kind).inserted }
  }
}

extension LayoutAttribute {
  /// Whether the attribute is measured from a layout margin.
  var isMargin: Bool {
    switch self {
    case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
      .centerXWithinMargins, .centerYWithinMargins:
      true
    default: false
    }
  }
}
