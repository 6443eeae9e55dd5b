import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// Apple's views without a leading underscore are Apple's (``AppleCatalogue``): the owners, the
/// words and the fixes of the shared corpus's blocks that name them, each worked out by hand from
/// the log, and the ways a log shows such a class is the app's after all.
final class AppleCatalogueTests: XCTestCase {
  private func analyze(_ descriptions: [String], source: AppSource? = nil) throws -> BlockAnalysis {
    var text = ListMessage.uikit + "\n(\n" + descriptions.map { "    \"\($0)\"" }.joined(separator: ",\n")
    text += "\n)\n\n"
    let block = try XCTUnwrap(ConflictScanner.blocks(in: text, file: "test.log").first)
    return BlockAnalyzer(appSource: source).analyze(block)
  }

  /// Shared 160: the app makes the map 412 tall; MapKit's own 'Edge Insets' guide sits 72 below
  /// its top and 341 above its bottom (72 + 341 = 413). The guide's two constraints are
  /// MapKit's, so the one fix is the app's height, and the words name MapKit.
  func testMapKitsEdgeInsetsGuideIsMapKitsAndTheFixIsTheMapsHeight() throws {
    let block = try XCTUnwrap(Corpus.blocks("160").first)
    let analysis = BlockAnalyzer().analyze(block)
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    XCTAssertEqual(diagnosis.owners, [.app, .system, .system])
    XCTAssertEqual(diagnosis.origins[1].first?.text, "MapKit's own constraint on its 'Edge Insets' guide")
    XCTAssertEqual(
      diagnosis.explanation,
      "These 3 constraints cannot all hold: the app's constraint [1] on MKMapView against MapKit's own "
        + "constraint on its 'Edge Insets' guide [2] [3]. Together they make UILayoutGuide 'Edge Insets' about −1 pt "
        + "tall, and no size can be negative.")
    // The guide is the map's: its host in the catalogue, related to it by [2] and [3].
    XCTAssertEqual(
      diagnosis.sentences[1],
      "UILayoutGuide 'Edge Insets' (MKMapView's guide): top edge = MKMapView's top edge + 72")
    XCTAssertFalse(diagnosis.suggestions.isEmpty)
    for fix in diagnosis.suggestions { XCTAssertEqual(fix.changes, [0], fix.text) }
  }

  /// A guide labelled 'Edge Insets' on the app's own view is the app's: the label is MapKit's
  /// only on a map.
  func testAGuideOfTheSameLabelOnTheAppsViewIsTheApps() throws {
    let analysis = try analyze([
      "<NSLayoutConstraint:0x1 MyApp.CardView:0x10.height == 412   (active)>",
      "<NSLayoutConstraint:0x2 UILayoutGuide:0x30'Edge Insets'.top == MyApp.CardView:0x10.top + 72   (active)>",
      "<NSLayoutConstraint:0x3 UILayoutGuide:0x30'Edge Insets'.bottom == MyApp.CardView:0x10.bottom - 341   (active)>",
    ])
    XCTAssertEqual(analysis.diagnosis?.owners, [.app, .app, .app])
  }

  /// Shared 061, the share sheet of iOS 8 in a root view 0 wide: the AirDrop icon 0 from the
  /// root view's leading edge, its label 15 after it and 12 before the root view's right edge.
  /// Every view is the share sheet's (the plain `UIView` and `UILabel` are constrained to
  /// Sharing's icon), so no constraint is the app's and there is no fix.
  func testTheShareSheetsViewsAreTheSharingFrameworks() throws {
    let block = try XCTUnwrap(
      Corpus.blocks("061").first {
        $0.constraints.count == 4 && $0.constraints[0].description.contains("SFAirDropIconView")
      })
    let diagnosis = try XCTUnwrap(BlockAnalyzer().analyze(block).diagnosis)
    XCTAssertEqual(diagnosis.owners, [.system, .system, .system, .system])
    XCTAssertEqual(diagnosis.conflictOwner, .system)
    XCTAssertEqual(diagnosis.suggestions.count, 0)
    XCTAssertEqual(
      diagnosis.origins[0].first?.text, "the Sharing framework's own constraint between its views")
    XCTAssertEqual(
      diagnosis.noFixReason,
      "there is no fix in the app's constraints: every constraint of the conflict is the Sharing framework "
        + "and UIKit's own (the app can only change how it configures those views)")
  }

  /// The icon 76 wide between the edges of a root view 50 wide. Unnamed, it is Sharing's, with
  /// the root view beside it; the app's module, its Swift runtime name or the app's source tree
  /// make it the app's, and then the root view's width alone is UIKit's.
  func testAClassOfTheCatalogueIsTheAppsWhenTheLogSaysSo() throws {
    func icon(_ className: String) -> [String] {
      [
        "<NSLayoutConstraint:0x1 \(className):0x10.width == 76   (active)>",
        "<NSLayoutConstraint:0x2 H:|-(0)-[\(className):0x10]   (active, names: '|':UIView:0x20 )>",
        "<NSLayoutConstraint:0x3 H:[\(className):0x10]-(0)-|   (active, names: '|':UIView:0x20 )>",
        "<NSLayoutConstraint:0x4 'UIView-Encapsulated-Layout-Width' UIView:0x20.width == 50   (active)>",
      ]
    }
    XCTAssertEqual(
      try analyze(icon("SFAirDropIconView")).diagnosis?.owners, [.system, .system, .system, .system])
    XCTAssertEqual(
      try analyze(icon("MyApp.SFAirDropIconView")).diagnosis?.owners, [.app, .app, .app, .system])
    XCTAssertEqual(
      try analyze(icon("_TtC5MyApp17SFAirDropIconView")).diagnosis?.owners, [.app, .app, .app, .system])
    let declared = try analyze(
      icon("SFAirDropIconView"), source: AppSource(declaredClasses: ["SFAirDropIconView"]))
    XCTAssertEqual(declared.diagnosis?.owners, [.app, .app, .app, .system])
    XCTAssertEqual(declared.diagnosis?.bestFix?.changes.allSatisfy { $0 < 3 }, true)
  }

  /// Shared 122: the autoresizing masks of FinderKit's views inside an open panel and of the
  /// clip view between them. AppKit's and FinderKit's own: no mask of theirs is the app's to turn
  /// off, and the sentence names both.
  func testFinderKitsViewsInAnOpenPanelGetNoAutoresizingFix() throws {
    let block = try XCTUnwrap(Corpus.blocks("122").first)
    let diagnosis = try XCTUnwrap(BlockAnalyzer().analyze(block).diagnosis)
    XCTAssertEqual(diagnosis.conflictOwner, .system)
    XCTAssertEqual(diagnosis.suggestions.count, 0)
    XCTAssertTrue(
      diagnosis.explanation?.contains(": FinderKit and AppKit's own constraints contradict each other (")
        == true,
      diagnosis.explanation ?? "")
  }

  /// Shared 145's toolbar button, written whole: its title label is UIKit's `UIButtonLabel`
  /// (20 tall, 4 inside a 6-pt button: 4 + 20 + 4 is not 6), and `TB_…` identifiers are the
  /// toolbar's own. The app's badge pinned to the title label (apps reach it as
  /// `UIButton.titleLabel`) stays the app's.
  func testAToolbarButtonsLabelAndIdentifiersAreUIKits() throws {
    let analysis = try analyze([
      "<NSLayoutConstraint:0x1 UIButtonLabel:0x10'Next'.top == _UIModernBarButton:0x20'Next'.top + 4   (active)>",
      "<NSLayoutConstraint:0x2 UIButtonLabel:0x10'Next'.bottom == _UIModernBarButton:0x20'Next'.bottom - 4   (active)>",
      "<NSLayoutConstraint:0x3 _UIModernBarButton:0x20'Next'.height == 6   (active)>",
      "<NSLayoutConstraint:0x4 UIButtonLabel:0x10'Next'.height == 20   (active)>",
      "<NSLayoutConstraint:0x5 'TB_Baseline_Baseline' _UIModernBarButton:0x20'Next'.lastBaseline == UILayoutGuide:0x30'UIViewLayoutMarginsGuide'.bottom   (active)>",
      "<NSLayoutConstraint:0x6 MyApp.Badge:0x50.leading == UIButtonLabel:0x10'Next'.trailing + 2   (active)>",
    ])
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    XCTAssertEqual(diagnosis.owners, [.system, .system, .system, .system, .system, .app])
    XCTAssertEqual(diagnosis.conflictOwner, .system)
    XCTAssertEqual(diagnosis.suggestions.count, 0)
  }

  /// Shared 076: a text view's own mask (2 wide) against the masks AppKit gives its private
  /// content view. The app can turn its text view's mask off, so the sentence gives that mask
  /// its own side instead of calling every member AppKit's.
  func testTheAppsOwnMaskIsNotCalledAppKitsOwn() throws {
    let block = try XCTUnwrap(Corpus.blocks("076").first)
    let diagnosis = try XCTUnwrap(BlockAnalyzer().analyze(block).diagnosis)
    XCTAssertEqual(diagnosis.conflictOwner, .app)
    // The content view's width: 2 − 0 − 49 = −47.
    XCTAssertEqual(
      diagnosis.explanation,
      "These 3 constraints cannot all hold: the autoresizing mask of NSTextView [3] against AppKit's own "
        + "constraints (the autoresizing mask of _NSTextContentView [1] [2]). Together they make _NSTextContentView "
        + "about −47 pt wide, and no size can be negative. AppKit broke [2], which resolves it."
    )
  }

  /// Over every block of the shared corpus: no fix changes a constraint of Apple's views, as this
  /// test decides it by its own list (a private class, a catalogue view of the issue: `SFAirDrop…`,
  /// `FI_T…`, `UIButtonLabel`, the keyboard's containers; the 'Edge Insets' guide on its map), and
  /// the sentence agrees with the owner: "X's own constraints contradict each other" only when no
  /// member is the app's to change, and then no fix.
  func testNoCorpusFixTouchesApplesViewsAndTheSentenceAgreesWithTheOwner() {
    let prefixes = [
      "_", "SFAirDrop", "FI_T", "UIButtonLabel", "UIInputSet", "UIKeyboard", "UITextEffectsWindow",
    ]
    func isApples(_ item: LayoutItem) -> Bool {
      guard let name = item.className, !name.hasPrefix("_Tt"), !name.contains(".") else { return false }
      return prefixes.contains { name.hasPrefix($0) }
    }
    func isMapsGuide(_ constraint: LayoutConstraint) -> Bool {
      constraint.items.contains { $0.label == "Edge Insets" }
        && constraint.items.allSatisfy { $0.label == "Edge Insets" || $0.className == "MKMapView" }
    }
    var checked = 0
    var ownSentences = 0
    for block in Corpus.allBlocks {
      guard let diagnosis = BlockAnalyzer().analyze(block).diagnosis else { continue }
      let place = "\(block.source.file.split(separator: "/").last ?? ""):\(block.source.line)"
      for fix in diagnosis.suggestions {
        for index in fix.changes {
          guard let constraint = block.constraints[index].constraint else { continue }
          checked += 1
          if case .autoresizingMask = constraint.origin {
            let view = constraint.firstItem.isSuperview ? constraint.secondItem! : constraint.firstItem
            XCTAssertFalse(isApples(view), "\(place): \(fix.text)")
            continue
          }
          let items = constraint.items + constraint.names.map(\.item)
          XCTAssertFalse(items.allSatisfy(isApples) || isMapsGuide(constraint), "\(place): \(fix.text)")
        }
      }
      let explanation = diagnosis.explanation ?? ""
      let saysOwn =
        explanation.contains("own constraints contradict each other")
        || explanation.range(of: #"own constraint \[\d+\] asks"#, options: .regularExpression) != nil
      if saysOwn, !explanation.contains("the app's"), !explanation.contains(" against ") {
        ownSentences += 1
        XCTAssertNotEqual(diagnosis.conflictOwner, .app, "\(place): \(explanation)")
        XCTAssertEqual(diagnosis.suggestions.count, 0, "\(place): \(explanation)")
      }
      if diagnosis.conflictOwner == .system {
        XCTAssertFalse(explanation.contains("the app's constraint"), "\(place): \(explanation)")
        XCTAssertEqual(diagnosis.suggestions.count, 0, "\(place): \(explanation)")
      }
    }
    // 275 changed constraints in the fixes of the corpus when this was written.
    XCTAssertGreaterThan(checked, 260, "the corpus still gets its fixes")
    XCTAssertGreaterThan(ownSentences, 5, "the corpus still has conflicts among Apple's own constraints")
  }
}
