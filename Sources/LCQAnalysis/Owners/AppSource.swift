/// What the app's own source tree declares (`--source-root`), for telling the app's views from a
/// third-party library's: the classes declared in the app's code, and the classes declared in a
/// library's folder vendored into the tree (`Pods/GoogleMaps/…`, `Carthage/Checkouts/…`), by
/// library.
public struct AppSource: Sendable, Hashable {
  /// Classes the app's own code declares (outside the vendored folders).
  public var declaredClasses: Set<String>
  /// Classes declared only in a vendored library's folder, with the library's name (the folder's).
  public var vendoredClasses: [String: String]

  /// Creates a source description.
  public init(declaredClasses: Set<String>, vendoredClasses: [String: String] = [:]) {
    self.declaredClasses = declaredClasses
    self.vendoredClasses = vendoredClasses
  }

  /// Folders that hold other people's code, as the package managers lay them out: the library is
  /// the folder that follows (`Pods/<library>/…`, `Carthage/Checkouts/<library>/…`,
  /// `SourcePackages/checkouts/<library>/…`, `Vendor/<library>/…`).
  public static let vendorFolders: [[String]] = [
    ["Pods"], ["Carthage", "Checkouts"], ["Carthage", "Build"], ["SourcePackages", "checkouts"],
    ["Vendor"], ["vendor"], ["ThirdParty"], ["third_party"], ["External"],
  ]

  /// The library whose vendored folder holds `path` (relative, `/`-separated), or `nil` for the
  /// app's own code.
  public static func vendoredLibrary(of path: String) -> String? {
    let components = path.split(separator: "/").map(String.init)
    for start in components.indices {
      for folder in vendorFolders where components[start...].starts(with: folder) {
        let library = start + folder.count
        // A file directly in `Pods/` (`Pods/Target Support Files` is a folder, so is a library's).
        if library < components.count - 1 { return components[library] }
      }
    }
    return nil
  }
}
