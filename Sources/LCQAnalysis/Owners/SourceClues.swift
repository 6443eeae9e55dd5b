import LCQParsing

/// What a conflict message says about where in the app's source it was made: the classes of the
/// views its constraints hold, and the files SnapKit printed. A source index (`lcq ingest
/// --source-root`) turns them into files, and CODEOWNERS into owners.
///
/// The clues of the described constraints (the minimal set, else the whole list) come first; the
/// rest of the list is kept apart, for a minimal set that names no class of the app's own (a
/// label against a cell's encapsulated width names no cell).
public struct SourceClues: Sendable, Hashable {
  /// Class and file names, each in order of first appearance.
  public struct Names: Sendable, Hashable {
    /// Class names without their module (`ProfileCell` for `MyApp.ProfileCell`).
    public var classes: [String] = []
    /// Files SnapKit printed after a constraint's address, as printed (a name or a path).
    public var files: [String] = []
    /// The line SnapKit printed with each of `files` (its first constraint's), in their order.
    public var fileLines: [Int] = []

    /// No names.
    public init() {}
  }

  /// The described constraints' names.
  public var described: Names
  /// The names only the rest of the list holds.
  public var elsewhere: Names

  /// No clue at all.
  public init() {
    described = Names()
    elsewhere = Names()
  }

  /// The clues of `block`, whose described constraints are those at `described`.
  public init(block: ConflictBlock, described: [Int]) {
    self.init()
    var seenClasses: Set<String> = []
    var seenFiles: Set<String> = []
    let inDescribed = Set(described)
    let order = described + block.constraints.indices.filter { !inDescribed.contains($0) }
    for index in order {
      guard let constraint = block.constraints[index].constraint else { continue }
      var names = inDescribed.contains(index) ? self.described : elsewhere
      for item in constraint.items + constraint.names.map(\.item) {
        if let name = Self.appClassName(item.className), seenClasses.insert(name).inserted {
          names.classes.append(name)
        }
      }
      if let location = constraint.sourceLocation, seenFiles.insert(location.file).inserted {
        names.files.append(location.file)
        names.fileLines.append(location.line)
      }
      if inDescribed.contains(index) { self.described = names } else { elsewhere = names }
    }
  }

  /// The innermost class the app declares in a Swift name read back: its own when its module is
  /// not Apple's (`CardView` of `MyApp.CardView<RecoveryKeyView>`), else the first generic
  /// argument's (`ContentView` of SwiftUI's `_UIHostingView<MyApp.ContentView>`).
  static func appDeclaredClass(in name: SwiftTypeName) -> String? {
    if !ConstraintOwnership.appleModules.contains(name.module) { return name.path.last }
    return name.arguments.lazy.compactMap(appDeclaredClass(in:)).first
  }

  /// The class as the app's source declares it, or `nil` for a class of UIKit's, AppKit's or
  /// SwiftUI's: the module dropped, key-value observing's subclass prefix dropped, a mangled
  /// `_TtC` name read back.
  static func appClassName(_ printed: String?) -> String? {
    guard var name = printed, !name.isEmpty else { return nil }
    for module in ["UIKit.", "AppKit.", "SwiftUI.", "Foundation."] where name.hasPrefix(module) { return nil }
    if let swiftName = SwiftTypeName(runtimeName: name) { return appDeclaredClass(in: swiftName) }
    if name.hasPrefix("NSKVONotifying_") { name.removeFirst("NSKVONotifying_".count) }
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) {
      name = String(name[name.utf8.index(after: dot)...])
    }
    guard let first = name.first, first != "_" else { return nil }
    return name
  }
}
