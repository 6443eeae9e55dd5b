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

  /// No view settled beyond its class.
  init() {}

  /// The views of `block`, with the app's source tree when it was read.
  init(block: ConflictBlock, source: AppSource? = nil) {
    systemPlaced = SystemPlacedViews.identities(in: block)
    libraries = LibraryViews.find(in: block, source: source)
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
        libraries[$0.identity] != nil || ConstraintOwnership.isSystemContainer($0)
          || systemPlaced.contains($0.identity)
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
