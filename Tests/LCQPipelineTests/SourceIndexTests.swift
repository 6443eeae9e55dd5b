import Foundation
import LCQAnalysis
import XCTest

@testable import LCQPipeline

/// Where an app's classes are declared, read from Swift and Objective-C as Xcode projects write
/// them; the declarations expected are read off each snippet by hand.
final class SourceIndexTests: XCTestCase {
  func testSwiftDeclarationsAndWhatIsNotOne() {
    let source = """
      import UIKit
      // class Commented: a comment.
      /// A class that… (documentation)
      final class ProfileCell: UITableViewCell {
        class var reuseIdentifier: String { "cell" }
        class func make() -> ProfileCell { ProfileCell() }
        override class var layerClass: AnyClass { CALayer.self }
        private final class Badge: UIView {}
      }
      @objc(LegacyBubble) open class Bubble: UIView {}
      @MainActor public final class Toolbar<Item>: UIView {}
      let type = ProfileCell.self  // class of nothing
      protocol Shows: class {}
      \tclass\tTabbed: UIView {}\r
      """
    let declarations = DeclaredClasses.swift(Data(source.utf8))
    XCTAssertEqual(declarations.map(\.name), ["ProfileCell", "Badge", "Bubble", "Toolbar", "Tabbed"])
    XCTAssertEqual(declarations.map(\.line), [4, 8, 10, 11, 14])
  }

  /// Lines are numbered as editors number them: CR LF is one line end, a lone CR or LF one each.
  func testDeclarationLinesCountEachKindOfLineEndOnce() {
    let source = "class A {}\r\nclass B {}\rclass C {}\n\r\nclass D {}"
    XCTAssertEqual(
      DeclaredClasses.swift(Data(source.utf8)),
      [
        .init(name: "A", line: 1), .init(name: "B", line: 2), .init(name: "C", line: 3),
        .init(name: "D", line: 5),
      ])
  }

  func testObjectiveCDeclarationsButNotCategories() {
    let header = """
      @interface LQRoundedCornerView : UIView
      @end
      @interface LQRoundedCornerView (Shadow)
      @end
      @interface LQRoundedCornerView ()
      @end
      @interface Box<ObjectType> : NSObject
      @end
      @protocol Shows <NSObject>
      @end
      """
    XCTAssertEqual(
      DeclaredClasses.objectiveC(Data(header.utf8)),
      [.init(name: "LQRoundedCornerView", line: 1), .init(name: "Box", line: 7)])
    let implementation = """
      @implementation LQRoundedCornerView
      @end
      @implementation LQRoundedCornerView (Shadow)
      @end
      @implementation Badge{
      }
      """
    XCTAssertEqual(
      DeclaredClasses.objectiveC(Data(implementation.utf8)),
      [.init(name: "LQRoundedCornerView", line: 1), .init(name: "Badge", line: 5)])
  }

  /// Writes `text` to the file at `path` under `root`, making its folders.
  private static func write(_ text: String, at path: String, under root: URL) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func testATreeIsIndexedWithoutHiddenFoldersAndFilesAreFoundByNameAndClass() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func write(_ path: String, _ text: String) throws { try Self.write(text, at: path, under: root) }
    try write("App/Cells/ProfileCell.swift", "final class ProfileCell: UITableViewCell {}\n")
    try write("App/Legacy/Card.m", "@implementation Card\n@end\n")
    try write("App/Legacy/Card.h", "@interface Card : UIView\n@end\n")
    try write("Old/Cells/ProfileCell.swift", "// the same name, another class\nclass OldCell {}\n")
    try write(".build/checkouts/SnapKit/ProfileCell.swift", "class Hidden {}\n")
    try write("DerivedData/Gen.swift", "class Generated {}\n")
    try write("README.md", "class NotSource\n")
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("App/Loop"), withDestinationURL: root.appendingPathComponent("App"))

    let index = try SourceIndex(root: root)
    XCTAssertEqual(index.fileCount, 4)
    XCTAssertEqual(index.declarations["Card"], ["App/Legacy/Card.h", "App/Legacy/Card.m"])
    XCTAssertNil(index.declarations["Hidden"])
    XCTAssertNil(index.declarations["Generated"])
    var names = SourceClues.Names()
    names.files = ["/Users/me/Project/App/Cells/ProfileCell.swift"]
    names.classes = ["Card", "UILabel"]
    XCTAssertEqual(
      index.files(for: names), ["App/Cells/ProfileCell.swift", "App/Legacy/Card.h", "App/Legacy/Card.m"])
    // Each place's line: the one SnapKit printed with the file, or the class's declaration.
    names.fileLines = [42]
    XCTAssertEqual(
      index.places(for: names),
      [
        SourcePlace(path: "App/Cells/ProfileCell.swift", line: 42),
        SourcePlace(path: "App/Legacy/Card.h", line: 1),
        SourcePlace(path: "App/Legacy/Card.m", line: 1),
      ])
    var old = SourceClues.Names()
    old.classes = ["OldCell"]
    XCTAssertEqual(index.places(for: old), [SourcePlace(path: "Old/Cells/ProfileCell.swift", line: 2)])
    names.fileLines = []
    names.files = ["ProfileCell.swift"]
    XCTAssertEqual(
      index.files(for: names),
      [
        "App/Cells/ProfileCell.swift", "Old/Cells/ProfileCell.swift", "App/Legacy/Card.h",
        "App/Legacy/Card.m",
      ])
    XCTAssertThrowsError(try SourceIndex(root: root.appendingPathComponent("README.md")))
  }

  /// A class declared only under a package manager's folder is that library's; one the app's own
  /// code declares too is the app's (a subclass's name reused, a patched copy), and the app's
  /// files come before the library's.
  func testVendoredClassesAreTheirLibrarysAndTheAppsFilesComeFirst() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func write(_ path: String, _ text: String) throws { try Self.write(text, at: path, under: root) }
    try write("Pods/GoogleMaps/Maps/GMSMapView.h", "@interface GMSMapView : UIView\n@end\n")
    try write(
      "Carthage/Checkouts/Lottie/Sources/AnimationView.swift", "open class AnimationView: UIView {}\n")
    try write("Pods/Patched/Badge.swift", "class Badge: UIView {}\n")
    try write("App/Badge.swift", "final class Badge: UIView {}\n")
    try write("App/MapCard.swift", "final class MapCard: UIView {}\n")

    let source = try SourceIndex(root: root).appSource
    XCTAssertEqual(source.declaredClasses, ["Badge", "MapCard"])
    XCTAssertEqual(source.vendoredClasses, ["GMSMapView": "GoogleMaps", "AnimationView": "Lottie"])
    var names = SourceClues.Names()
    names.classes = ["GMSMapView", "MapCard"]
    XCTAssertEqual(
      try SourceIndex(root: root).files(for: names),
      ["App/MapCard.swift", "Pods/GoogleMaps/Maps/GMSMapView.h"])
  }
}
