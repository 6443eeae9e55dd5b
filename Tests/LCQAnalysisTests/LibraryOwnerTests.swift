import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// A third-party library's views are the library's, not the app's: with the app's source tree, a
/// class the app does not declare and Apple does not ship is a library's; without it, a Swift
/// module that is neither the app's nor Apple's is probably one. Each expectation is worked out
/// by hand in the test.
final class LibraryOwnerTests: XCTestCase {
  /// The app declares `MapCard`; Google Maps is vendored under `Pods/GoogleMaps`.
  private let source = AppSource(
    declaredClasses: ["MapCard"],
    vendoredClasses: ["GMSMapView": "GoogleMaps", "GMSCompassButton": "GoogleMaps"])

  /// The map lays its compass 10 from each side and 40 wide ([1]–[3]: the map is 60 wide); the
  /// app makes the map as wide as its card ([4]) and the card 100 wide ([5]).
  private let compass = [
    "<NSLayoutConstraint:0x1 GMSCompassButton:0x20.leading == GMSMapView:0x10.leading + 10   (active)>",
    "<NSLayoutConstraint:0x2 GMSCompassButton:0x20.width == 40   (active)>",
    "<NSLayoutConstraint:0x3 GMSCompassButton:0x20.trailing == GMSMapView:0x10.trailing - 10   (active)>",
  ]

  private func analyze(_ descriptions: [String], source: AppSource?) throws -> BlockAnalysis {
    var text = ListMessage.uikit + "\n(\n" + descriptions.map { "    \"\($0)\"" }.joined(separator: ",\n")
    text += "\n)\n\n"
    let block = try XCTUnwrap(ConflictScanner.blocks(in: text, file: "test.log").first)
    return BlockAnalyzer(appSource: source).analyze(block)
  }

  /// 10 + 40 + 10 = 60 is not 100: all five conflict. [1]–[3] are Google Maps' own, so the
  /// fixes are on the app's [4] and [5] only, and the explanation names the library.
  func testTheAppsConstraintThatMeetsALibrarysIsWhereTheFixIs() throws {
    let analysis = try analyze(
      compass + [
        "<NSLayoutConstraint:0x4 GMSMapView:0x10.width == MyApp.MapCard:0x30.width   (active)>",
        "<NSLayoutConstraint:0x5 MyApp.MapCard:0x30.width == 100   (active)>",
      ], source: source)
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), [0, 1, 2, 3, 4])
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    XCTAssertEqual(diagnosis.owners, [.library, .library, .library, .app, .app])
    XCTAssertEqual(diagnosis.conflictOwner, .app)
    XCTAssertFalse(diagnosis.suggestions.isEmpty)
    for suggestion in diagnosis.suggestions {
      XCTAssertTrue(Set(suggestion.changes).isSubset(of: [3, 4]), suggestion.text)
    }
    XCTAssertEqual(
      diagnosis.origins[0].first,
      OriginTag(
        .library,
        "the GoogleMaps library's own: the app's source does not declare GMSCompassButton, and Apple does not ship it"
      ))
    XCTAssertTrue(
      diagnosis.explanation?.contains("the GoogleMaps library's own") == true, diagnosis.explanation ?? "")
    XCTAssertTrue(
      diagnosis.explanation?.contains("the app's constraints [4] [5]") == true, diagnosis.explanation ?? "")
  }

  /// The map made 100 wide by the library itself: every member is Google Maps', so there is no
  /// fix in the app, and the reason names the library.
  func testAConflictAmongALibrarysOwnConstraintsHasNoFixInTheApp() throws {
    let descriptions = compass + ["<NSLayoutConstraint:0x6 GMSMapView:0x10.width == 100   (active)>"]
    let analysis = try analyze(descriptions, source: source)
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    XCTAssertEqual(diagnosis.owners, [.library, .library, .library, .library])
    XCTAssertEqual(diagnosis.conflictOwner, .library)
    XCTAssertEqual(diagnosis.suggestions.count, 0)
    XCTAssertTrue(
      diagnosis.noFixReason?.hasPrefix(
        "there is no fix in the app's constraints: the conflict is among the GoogleMaps library's own constraints"
      )
        == true, diagnosis.noFixReason ?? "")
    // Without the source tree an Objective-C class cannot be told from the app's: the app's, with fixes.
    let unknown = try XCTUnwrap(try analyze(descriptions, source: nil).diagnosis)
    XCTAssertEqual(unknown.owners, [.app, .app, .app, .app])
    XCTAssertEqual(unknown.conflictOwner, .app)
    XCTAssertFalse(unknown.suggestions.isEmpty)
  }

  /// A library's view whose autoresizing mask is on (320 wide) against the app's 100: the mask is
  /// the library's to turn off, so the fixes are on the app's [2] and [3].
  func testALibraryViewsAutoresizingMaskIsNotTheAppsToTurnOff() throws {
    let descriptions = [
      "<NSAutoresizingMaskLayoutConstraint:0x7 h=--& v=--& GMSMapView:0x10.width == 320   (active)>",
      "<NSLayoutConstraint:0x8 GMSMapView:0x10.width == MyApp.MapCard:0x30.width   (active)>",
      "<NSLayoutConstraint:0x9 MyApp.MapCard:0x30.width == 100   (active)>",
    ]
    let unknown = try XCTUnwrap(try analyze(descriptions, source: nil).diagnosis)
    XCTAssertTrue(unknown.suggestions.contains { $0.kind == .translatesAutoresizingMask })
    let known = try XCTUnwrap(try analyze(descriptions, source: source).diagnosis)
    XCTAssertEqual(known.owners, [.autoresizing, .app, .app])
    XCTAssertEqual(known.conflictOwner, .app)
    XCTAssertFalse(known.suggestions.isEmpty)
    for suggestion in known.suggestions {
      XCTAssertNotEqual(suggestion.kind, .translatesAutoresizingMask, suggestion.text)
      XCTAssertTrue(Set(suggestion.changes).isSubset(of: [1, 2]), suggestion.text)
    }
    XCTAssertEqual(known.origins[0].map(\.kind), [.autoresizingMask, .library])
  }

  /// Shared `051`, logged by RapWordGenerator: `MaterialKit.FlatButton`'s module is neither the
  /// app's nor Apple's, so its own width [4] is probably MaterialKit's: said, but the constraint
  /// stays the app's (nothing proves it). [5] relates it to a plain `UIView`, which may be the
  /// app's: no such guess. With a source tree that declares `FlatButton`, it is the app's.
  func testAForeignSwiftModuleIsProbablyALibrarys() throws {
    let block = try XCTUnwrap(Corpus.blocks("051").first)
    XCTAssertEqual(block.source.process, "RapWordGenerator")
    let diagnosis = try XCTUnwrap(BlockAnalyzer().analyze(block).diagnosis)
    XCTAssertEqual(diagnosis.owners[3], .app)
    XCTAssertEqual(diagnosis.origins[3].first?.kind, .library)
    XCTAssertEqual(
      diagnosis.origins[3].first?.text,
      "counted as the app's, though probably the MaterialKit library's: MaterialKit.FlatButton is in a "
        + "module that is neither the app's (the process that logged the message) nor Apple's; --source-root "
        + "tells for sure")
    // One owner on the line: the guess says the constraint is counted as the app's, so no
    // second tag calls it "the app's own".
    XCTAssertFalse(diagnosis.origins[3].contains { $0.kind == .app }, "\(diagnosis.origins[3])")
    XCTAssertFalse(diagnosis.origins[4].contains { $0.kind == .library })
    let declared = BlockAnalyzer(appSource: AppSource(declaredClasses: ["FlatButton"])).analyze(block)
    XCTAssertFalse(try XCTUnwrap(declared.diagnosis).origins.joined().contains { $0.kind == .library })
  }

  /// The module Xcode makes of a product name, and the classes Apple ships by prefix.
  func testTheAppsModuleAndApplesClasses() {
    XCTAssertEqual(LibraryViews.moduleName(ofProcess: "My App"), "My_App")
    XCTAssertEqual(LibraryViews.moduleName(ofProcess: "9Lives"), "_Lives")
    XCTAssertEqual(LibraryViews.moduleName(ofProcess: "RapWordGenerator"), "RapWordGenerator")
    // A class of the app's own module is the app's, though the tree does not declare it (a
    // class the index cannot read); of another module, that module's library.
    let hidden = LayoutItem(className: "Maps.GeneratedCell", address: "0x1")
    let empty = AppSource(declaredClasses: [])
    XCTAssertNil(LibraryViews.libraryView(hidden, source: empty, appModule: "Maps"))
    XCTAssertEqual(
      LibraryViews.libraryView(hidden, source: empty, appModule: "Weather"),
      LibraryView(library: "Maps", isProven: true, className: "Maps.GeneratedCell"))
    XCTAssertTrue(LibraryViews.isApples(LayoutItem(className: "MKMapView", address: "0x1")))
    XCTAssertTrue(LibraryViews.isApples(LayoutItem(className: "_UILayoutGuide", address: "0x1")))
    XCTAssertTrue(LibraryViews.isApples(LayoutItem(className: "SwiftUI._UIHostingView", address: "0x1")))
    XCTAssertFalse(LibraryViews.isApples(LayoutItem(className: "GMSMapView", address: "0x1")))
    // A prefix counts only before a capital: `Uinstall` is not UIKit's, nor `Skeleton` SpriteKit's.
    XCTAssertFalse(LibraryViews.isApples(LayoutItem(className: "Uinstall", address: "0x1")))
    XCTAssertFalse(LibraryViews.isApples(LayoutItem(className: "Skeleton", address: "0x1")))
  }

  /// The library of a vendored file is the folder after the package manager's.
  func testVendoredFoldersNameTheirLibrary() {
    XCTAssertEqual(AppSource.vendoredLibrary(of: "Pods/GoogleMaps/Maps/GMSMapView.h"), "GoogleMaps")
    XCTAssertEqual(AppSource.vendoredLibrary(of: "ios/Pods/Lottie/Sources/AnimationView.swift"), "Lottie")
    XCTAssertEqual(
      AppSource.vendoredLibrary(of: "Carthage/Checkouts/Kingfisher/Sources/Image.swift"), "Kingfisher")
    XCTAssertNil(AppSource.vendoredLibrary(of: "App/Views/MapCard.swift"))
    XCTAssertNil(AppSource.vendoredLibrary(of: "Pods/Header.h"))
    XCTAssertNil(AppSource.vendoredLibrary(of: "App/PodsList/Cell.swift"))
  }
}
