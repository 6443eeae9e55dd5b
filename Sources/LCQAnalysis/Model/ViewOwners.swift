import LCQParsing

/// Who placed those views of one block that their class alone does not settle: the plain views
/// only the system relates to (``SystemPlacedViews``), and the views of a third-party library
/// (``LibraryViews``). Worked out once per block; the owners, the fixes, the title and the
/// explanation all read it.
struct ViewOwners: Sendable {
  /// Identities (``LayoutItem/identity``) of the plain views only the system relates to.
  var systemPlaced: Set<String> = []
  /// The library views, by identity.
  var libraries: [String: LibraryView] = [:]
  /// The framework of each plain view a framework's screen holds (``SystemPlacedViews``), by
  /// identity.
  var screenFrameworks: [String: String] = [:]
  /// Identities of the views whose class is in Apple's catalogue (``AppleCatalogue``) but which
  /// the app's source tree declares (`--source-root`): the app's own.
  var declaredByApp: Set<String> = []

  /// No view settled beyond its class.
  init() {}

  /// The views of `block`, with the app's source tree when it was read.
  init(block: ConflictBlock, source: AppSource? = nil) {
    if let source { declaredByApp = Self.catalogueClassesDeclared(in: block, by: source) }
    systemPlaced = SystemPlacedViews.identities(in: block, declaredByApp: declaredByApp)
    if !systemPlaced.isEmpty {
      screenFrameworks = SystemPlacedViews.screenFrameworks(in: block, declaredByApp: declaredByApp)
        .filter { systemPlaced.contains($0.key) }
    }
    libraries = LibraryViews.find(in: block, source: source)
  }

  /// Whether `item` is the system's: a private class or a system container the app does not
  /// declare, or a plain view only the system relates to.
  func isSystems(_ item: LayoutItem) -> Bool {
    if !systemPlaced.isEmpty, systemPlaced.contains(item.identity) { return true }
    if !declaredByApp.isEmpty, declaredByApp.contains(item.identity) { return false }
    return ConstraintOwnership.isSystemContainer(item)
  }

  /// The framework that made `constraint` when the catalogue names one other than UIKit and
  /// AppKit (MapKit for its guide, the Sharing framework for the share sheet's views), for the
  /// words: `nil` for the app's and a library's constraints, and where the log's own framework
  /// made it.
  func framework(of constraint: LayoutConstraint) -> String? {
    guard ConstraintOwnership.isMadeOutsideTheApp(constraint, views: self) else { return nil }
    // An identifier UIKit or AppKit gives (the container's `UIView-Encapsulated-Layout-Width`)
    // says the log's framework made it, whatever views it relates.
    if let identifier = constraint.identifier,
      ConstraintOwnership.systemIdentifierPrefixes.contains(where: identifier.hasPrefix)
    {
      return nil
    }
    if let guide = ConstraintOwnership.hostGuideEntry(of: constraint, views: self) {
      return AppleCatalogue.isCore(guide.framework) ? nil : guide.framework
    }
    let items: [LayoutItem]
    if case .autoresizingMask = constraint.origin {
      items = [ConstraintOwnership.subjectView(of: constraint)]
    } else {
      items = constraint.items + constraint.names.map(\.item)
    }
    for item in items where !declaredByApp.contains(item.identity) {
      let framework =
        ConstraintOwnership.catalogueEntry(of: item)?.framework ?? screenFrameworks[item.identity]
      if let framework, !AppleCatalogue.isCore(framework) { return framework }
    }
    return nil
  }

  /// The identities of the block's items whose class is in Apple's catalogue and declared by the
  /// app's source.
  static func catalogueClassesDeclared(in block: ConflictBlock, by source: AppSource) -> Set<String> {
    var declared = Set<String>()
    for logged in block.constraints {
      guard let constraint = logged.constraint else { continue }
      for item in constraint.items + constraint.names.map(\.item) {
        guard let name = item.moduleLessClassName, AppleCatalogue.entry(forClass: name) != nil,
          source.declaredClasses.contains(LibraryViews.plainName(name))
        else { continue }
        declared.insert(item.identity)
      }
    }
    return declared
  }

  /// The proven library view `constraint` belongs to: one of its items when the constraint is
  /// the library's, the mask's own view when it is an autoresizing mask.
  func library(of constraint: LayoutConstraint) -> LibraryView? {
    // Most blocks name no library: no need to ask who owns the constraint.
    guard !libraries.isEmpty else { return nil }
    switch ConstraintOwnership.owner(of: constraint, views: self) {
    case .library:
      return (constraint.items + constraint.names.map(\.item)).lazy.compactMap(provenLibrary).first
    case .autoresizing: return provenLibrary(ConstraintOwnership.subjectView(of: constraint))
    case .app, .system: return nil
    }
  }

  /// The library `constraint` probably belongs to (``LibraryView/isProven`` is `false`): every
  /// item of the app's constraint is a probable library view or the system's.
  func probableLibrary(of constraint: LayoutConstraint) -> LibraryView? {
    guard !libraries.isEmpty, ConstraintOwnership.owner(of: constraint, views: self) == .app else {
      return nil
    }
    let items = constraint.items + constraint.names.map(\.item)
    let guesses = items.compactMap { libraries[$0.identity] }
    guard let first = guesses.first,
      items.allSatisfy({
        libraries[$0.identity] != nil || isSystems($0)
      })
    else { return nil }
    return first
  }

  /// The library `item` belongs to, proven (``LibraryView/isProven``).
  func provenLibrary(_ item: LayoutItem) -> LibraryView? {
    guard !libraries.isEmpty else { return nil }
    return libraries[item.identity].flatMap { $0.isProven ? $0 : nil }
  }
}
