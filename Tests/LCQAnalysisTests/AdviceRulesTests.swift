import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// The rules that decide whose constraint it is and which fix the app can make, one test per
/// rule, each with its expectation worked out by hand, on real corpus blocks where one exists.
final class AdviceRulesTests: XCTestCase {
  private func analyze(_ constraints: [String], broken: Int? = nil) -> BlockAnalysis {
    ListMessage.analyze(constraints, broken: broken)
  }

  // MARK: An autoresizing mask is its bracketed view's

  /// Shared `067`: `H:[FlippedDocumentView]-(0)-| (Names: '|':NSClipView)` reads as
  /// `NSClipView.trailing == FlippedDocumentView.trailing`, yet the mask is the document view's;
  /// the clip view is placed by its scroll view, so its own mask [5] has no fix.
  func testAMaskPrintedAgainstTheSuperviewIsTheBracketedViews() throws {
    let analysis = BlockAnalyzer().analyze(try XCTUnwrap(Corpus.blocks("067").first))
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    let masks = diagnosis.suggestions.filter { $0.kind == .translatesAutoresizingMask }
    XCTAssertEqual(masks.count, 1, "\(masks.map(\.text))")
    XCTAssertEqual(masks.first?.changes, [0, 3])
    XCTAssertTrue(
      masks.first?.text.hasPrefix(
        "Set translatesAutoresizingMaskIntoConstraints = false on FlippedDocumentView:") == true)
    XCTAssertTrue(
      diagnosis.origins[3].first?.text.hasPrefix("autoresizing mask of FlippedDocumentView, h=-&- v=-&-")
        == true)
    XCTAssertTrue(
      diagnosis.origins[4].first?.text.hasPrefix("autoresizing mask of NSClipView, h=--& v=--&") == true)
    XCTAssertTrue(diagnosis.explanation?.contains("the autoresizing mask of FlippedDocumentView") == true)
    XCTAssertEqual(analysis.title, "FlippedDocumentView: TextViewModuleView leading vs autoresizing mask")
  }

  /// Shared `004`: a mask named `UIView-Encapsulated-Layout-Top` is the position a collection
  /// view gives its cell: there is no mask to turn off; the app's [4] is what can give way.
  func testAMaskTheContainerNamesHasNoFix() throws {
    let analysis = BlockAnalyzer().analyze(try XCTUnwrap(Corpus.blocks("004").first))
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    XCTAssertFalse(diagnosis.suggestions.contains { $0.kind == .translatesAutoresizingMask })
    XCTAssertEqual(diagnosis.bestFix?.kind, .lowerPriority)
    XCTAssertEqual(diagnosis.bestFix?.changes, [3])
    XCTAssertTrue(diagnosis.explanation?.contains("the autoresizing mask of UIView") == true)
  }

  // MARK: Interface Builder's constraints are not the app's code

  /// The badge's prototyping constraints put it 20 from the card's leading edge and 100 wide,
  /// the app's [3] keeps it 20 from the trailing edge and [4] makes the card 300 wide:
  /// 20 + 100 + 20 = 140, not 300. The fix is in the storyboard (both prototyping constraints
  /// go); neither can be lowered in code.
  func testPrototypingConstraintsAreFixedInInterfaceBuilder() {
    let analysis = analyze([
      "<NSIBPrototypingLayoutConstraint:0x1 'IB auto generated at build time for view with fixed frame' H:|-(20)-[MyApp.Badge:0x10]   (active, names: '|':MyApp.Card:0x20 )>",
      "<NSIBPrototypingLayoutConstraint:0x2 'IB auto generated at build time for view with fixed frame' H:[MyApp.Badge:0x10(100)]   (active)>",
      "<NSLayoutConstraint:0x3 MyApp.Badge:0x10.trailing == MyApp.Card:0x20.trailing - 20   (active)>",
      "<NSLayoutConstraint:0x4 MyApp.Card:0x20.width == 300   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    let suggestions = analysis.diagnosis?.suggestions ?? []
    XCTAssertEqual(suggestions.first?.kind, .interfaceBuilderConstraints)
    XCTAssertEqual(suggestions.first?.changes, [0, 1])
    XCTAssertTrue(
      suggestions.first?.text.hasPrefix("In Interface Builder, give Badge constraints of its own") == true)
    XCTAssertEqual(Set(suggestions.filter { $0.kind == .lowerPriority }.flatMap(\.changes)), [2, 3])
  }

  /// IB's `UIIBSystemGenerated` pins the content view to the cell, whose height the table
  /// sets to 44; the app's [4] wants the content view 100 high. Only [4] can give way.
  func testInterfaceBuildersCellConstraintsAreNotLowered() {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 'UIIBSystemGenerated' MyApp.PhotoCell:0x10.bottom == UITableViewCellContentView:0x20.bottom   (active)>",
      "<NSLayoutConstraint:0x2 'UIIBSystemGenerated' UITableViewCellContentView:0x20.top == MyApp.PhotoCell:0x10.top   (active)>",
      "<NSLayoutConstraint:0x3 'UIView-Encapsulated-Layout-Height' MyApp.PhotoCell:0x10.height == 44   (active)>",
      "<NSLayoutConstraint:0x4 UITableViewCellContentView:0x20.height == 100   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.diagnosis?.owners, [.system, .system, .system, .app])
    XCTAssertEqual(analysis.diagnosis?.origins[0].first?.kind, .interfaceBuilder)
    let changed = Set((analysis.diagnosis?.suggestions ?? []).flatMap(\.changes))
    XCTAssertEqual(changed, [3])

    // With UIKit's temporary height in place of the app's, nothing in code can change: say where.
    let systemOnly = analyze([
      "<NSLayoutConstraint:0x1 'UIIBSystemGenerated' MyApp.PhotoCell:0x10.bottom == UITableViewCellContentView:0x20.bottom   (active)>",
      "<NSLayoutConstraint:0x2 'UIIBSystemGenerated' UITableViewCellContentView:0x20.top == MyApp.PhotoCell:0x10.top   (active)>",
      "<NSLayoutConstraint:0x3 'UIView-Encapsulated-Layout-Height' MyApp.PhotoCell:0x10.height == 44   (active)>",
      "<NSLayoutConstraint:0x4 '_UITemporaryLayoutHeight' UITableViewCellContentView:0x20.height == 100   (active)>",
    ])
    XCTAssertEqual(systemOnly.diagnosis?.suggestions.count, 0)
    XCTAssertTrue(
      systemOnly.diagnosis?.noFixReason?.contains(
        "[1] is Interface Builder's, between a cell and its content view: change the cell's size instead")
        == true,
      systemOnly.diagnosis?.noFixReason ?? "")
  }

  // MARK: A private container's anonymous views are UIKit's

  /// An iPad action sheet: the plain views 0x10 and 0x30 are related only to
  /// `_UIAlertControllerView`; 304 ≥ 320 cannot hold, and none of it is the app's.
  func testAPlainViewOnlyAPrivateViewRelatesToIsTheSystems() {
    let constraints = [
      "<NSLayoutConstraint:0x1 UIView:0x10.width == 304   (active)>",
      "<NSLayoutConstraint:0x2 _UIAlertControllerView:0x20.width == UIView:0x10.width   (active)>",
      "<NSLayoutConstraint:0x3 _UIAlertControllerView:0x20.width >= UIView:0x30.width   (active)>",
      "<NSLayoutConstraint:0x4 'UIView-Encapsulated-Layout-Width' UIView:0x30.width == 320   (active)>",
    ]
    let sheet = analyze(constraints)
    XCTAssertEqual(sheet.verdict, .conflict)
    XCTAssertEqual(sheet.diagnosis?.owners, [.system, .system, .system, .system])
    XCTAssertEqual(sheet.diagnosis?.conflictOwner, .system)
    XCTAssertEqual(sheet.diagnosis?.suggestions.count, 0)

    // The same views, once the app's header is pinned to 0x10: 0x10 may be the app's again.
    let pinned = analyze(
      constraints + ["<NSLayoutConstraint:0x5 MyApp.Header:0x40.leading == UIView:0x10.leading   (active)>"])
    XCTAssertEqual(pinned.diagnosis?.owners, [.app, .app, .system, .system, .app])
    XCTAssertEqual(pinned.diagnosis?.conflictOwner, .app)
    // A labelled or identified view is the app's too.
    let identified = analyze(
      constraints + ["<NSLayoutConstraint:0x5 'sheetWidth' UIView:0x10.width <= 500   (active)>"])
    XCTAssertEqual(identified.diagnosis?.owners.first, .app)
  }

  /// Shared `085`: the top layout guide (`_UILayoutGuide`) is private by class, but the app pins
  /// its views to it: two spacings from it to one view are the app's, a swap done in the wrong
  /// order.
  func testAPlainViewPinnedToTheTopLayoutGuideStaysTheApps() throws {
    let analysis = BlockAnalyzer().analyze(try XCTUnwrap(Corpus.blocks("085").first))
    XCTAssertEqual(analysis.diagnosis?.owners, [.app, .app])
    XCTAssertEqual(analysis.diagnosis?.bestFix?.kind, .deactivateFirst)
  }

  // MARK: Known OS behaviour

  /// Shared `033`: the action sheet's `UIView.width == - 16` of iOS 12.2 is UIKit's.
  func testTheActionSheetsNegativeWidthIsAKnownUIKitBug() throws {
    let analysis = BlockAnalyzer().analyze(try XCTUnwrap(Corpus.blocks("033").first))
    let diagnosis = try XCTUnwrap(analysis.diagnosis)
    XCTAssertEqual(diagnosis.owners, [.system])
    XCTAssertEqual(diagnosis.conflictOwner, .system)
    XCTAssertEqual(diagnosis.suggestions.count, 0)
    XCTAssertTrue(diagnosis.noFixReason?.contains("rdar://49289931") == true, diagnosis.noFixReason ?? "")
    XCTAssertTrue(diagnosis.noFixReason?.contains("iOS 12.2") == true)
    // iOS 10 printed - 20.
    let older = analyze(["<NSLayoutConstraint:0x1 UIView:0x10.width == - 20   (active)>"])
    XCTAssertEqual(older.diagnosis?.owners, [.system])
    // Another negative width, or the app's own class, is not this bug.
    let app = analyze(["<NSLayoutConstraint:0x1 MyApp.Badge:0x10.width == - 16   (active)>"])
    XCTAssertEqual(app.diagnosis?.owners, [.app])
    // Nor is an app's view whose class reads like one, nor a UIView the app labelled.
    for description in [
      "<NSLayoutConstraint:0x1 MyApp.CardView:0x10.width == - 16   (active)>",
      "<NSLayoutConstraint:0x1 UIView:0x10'Badge'.width == - 16   (active)>",
    ] {
      XCTAssertEqual(analyze([description]).diagnosis?.owners, [.app], description)
    }
  }

  // MARK: Whose code it is

  /// The same list logged by the app and by SpringBoard: in SpringBoard's message every view is
  /// Apple's, so nothing is the app's to fix (and the two are analysed apart).
  func testAMessageAnAppleProcessLogsIsApplesThroughout() {
    func message(_ process: String) -> String {
      """
      Mar  5 14:10:01 iPhone \(process)(UIKitCore)[57] <Notice>: Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x1 MyApp.Badge:0x10.width == 100   (active)>",
          "<NSLayoutConstraint:0x2 MyApp.Badge:0x10.width == 120   (active)>"
      )

      """
    }
    let blocks = ConflictScanner.blocks(in: message("MyApp") + message("SpringBoard"), file: "t.log")
    XCTAssertEqual(blocks.map(\.source.process), ["MyApp", "SpringBoard"])
    let app = BlockAnalyzer().analyze(blocks[0])
    let apple = BlockAnalyzer().analyze(blocks[1])
    XCTAssertEqual(app.diagnosis?.owners, [.app, .app])
    XCTAssertEqual(apple.diagnosis?.owners, [.system, .system])
    XCTAssertEqual(apple.diagnosis?.suggestions.count, 0)
    XCTAssertEqual(
      apple.diagnosis?.noFixReason,
      "the message was logged by SpringBoard, Apple's own process: none of its views or constraints is the app's"
    )
    var keys = ListKey.Builder()
    XCTAssertNotEqual(keys.key(of: blocks[0]), keys.key(of: blocks[1]))
  }

  // MARK: A sign error is not a priority problem

  func testANegativeSizeIsASignErrorNotAPriority() {
    let analysis = analyze(["<NSLayoutConstraint:0x1 UIView:0x10.width == -50   (active)>"])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.diagnosis?.owners, [.app])
    XCTAssertEqual(analysis.diagnosis?.suggestions.count, 0)
    XCTAssertEqual(
      analysis.diagnosis?.noFixReason,
      "[1] asks for a width of -50, and no size can be negative: it is a sign or arithmetic error in that "
        + "constraint's constant, not a priority to lower")
    // `height <= -1` cannot hold either; `width >= -50` always holds and is no conflict.
    let atMost = analyze(["<NSLayoutConstraint:0x1 UIView:0x10.height <= -1   (active)>"])
    XCTAssertTrue(atMost.diagnosis?.noFixReason?.hasPrefix("[1] asks for a height of -1") == true)
    XCTAssertEqual(
      analyze(["<NSLayoutConstraint:0x1 UIView:0x10.width >= -50   (active)>"]).verdict, .satisfiable)
  }

  // MARK: Swift names read back

  /// The app's `CardView` beside a SwiftUI hosting view of its `ContentView` (both printed
  /// mangled, both starting with `_`) are the app's; UIKit's nested bar wrapper and iOS 26's
  /// `_UITAMICAdaptorView` are UIKit's.
  func testMangledSwiftClassesAreOwnedByTheirModule() {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 _TtC5MyApp8CardView:0x10.width == _TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_:0x20.width   (active)>",
      "<NSLayoutConstraint:0x2 _TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_:0x20.width == 200   (active)>",
      "<NSLayoutConstraint:0x3 _TtC5MyApp8CardView:0x10.width == 300   (active)>",
      "<NSLayoutConstraint:0x4 _TtCC5UIKit19NavigationButtonBar15ItemWrapperView:0x30.width == _UITAMICAdaptorView:0x40.width   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.diagnosis?.owners, [.app, .app, .app, .system])
    XCTAssertEqual(
      analysis.diagnosis?.sentences[0], "CardView: width = _UIHostingView<ContentView>'s width")
    XCTAssertEqual(analysis.diagnosis?.suggestions.count, 3)
    let clues = SourceClues(block: analysis.block, described: [0, 1, 2])
    XCTAssertEqual(clues.described.classes, ["CardView", "ContentView"])
  }

  /// Every corpus block with each module-qualified class (`MyApp.ProfileCell`) printed as Swift's
  /// runtime name instead (`_TtC5MyApp11ProfileCell`, mangled here by the test's own rule) keeps
  /// its owners, its sentences and its fixes. (Only views are renamed: a constraint's own class,
  /// `SnapKit.LayoutConstraint`, is not generic and prints as it is.)
  func testTheCorpusWithSwiftRuntimeNamesKeepsItsAdvice() throws {
    let qualified = try NSRegularExpression(
      pattern: "\\b([A-Za-z][A-Za-z0-9_]*)\\.([A-Za-z_][A-Za-z0-9_]*):0x")
    var changedBlocks = 0
    for file in Corpus.realFiles {
      let text = try String(contentsOf: Corpus.root.appendingPathComponent("real/" + file), encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      var mangled = text
      for match in qualified.matches(in: text, range: range).reversed() {
        let module = (text as NSString).substring(with: match.range(at: 1))
        let name = (text as NSString).substring(with: match.range(at: 2))
        let isConstraintClass =
          match.range.location > 0 && (text as NSString).character(at: match.range.location - 1) == 60
        guard module != "UIKit", module != "AppKit", !isConstraintClass,
          let whole = Range(match.range, in: mangled)
        else { continue }
        mangled.replaceSubrange(whole, with: "_TtC\(module.utf8.count)\(module)\(name.utf8.count)\(name):0x")
      }
      guard mangled != text else { continue }
      let before = ConflictScanner.blocks(in: text, file: file).map { BlockAnalyzer().analyze($0) }
      let after = ConflictScanner.blocks(in: mangled, file: file).map { BlockAnalyzer().analyze($0) }
      XCTAssertEqual(before.count, after.count, file)
      for (old, new) in zip(before, after) {
        changedBlocks += 1
        XCTAssertEqual(old.verdict, new.verdict, file)
        XCTAssertEqual(old.diagnosis?.owners, new.diagnosis?.owners, file)
        XCTAssertEqual(old.diagnosis?.conflictOwner, new.diagnosis?.conflictOwner, file)
        XCTAssertEqual(old.diagnosis?.sentences, new.diagnosis?.sentences, file)
        XCTAssertEqual(
          old.diagnosis?.suggestions.map(\.changes), new.diagnosis?.suggestions.map(\.changes), file)
        XCTAssertEqual(old.diagnosis?.suggestions.map(\.text), new.diagnosis?.suggestions.map(\.text), file)
      }
    }
    XCTAssertGreaterThan(changedBlocks, 20, "the corpus has module-qualified classes to mangle")
  }

  // MARK: AppKit's vertical axis, one-item rows too

  /// A 50-high view 20 from its 60-high panel's top (flipped) overflows the bottom:
  /// 20 + 50 = 70 > 60; 20 from the panel's bottom (not flipped) it overflows the top:
  /// 60 − 20 − 50 = −10 < 0. Both readings fail, so it is a conflict.
  func testAOneItemVerticalRowIsDecidedBothWays() {
    let rows = [
      "<NSAutoresizingMaskLayoutConstraint:0x1 h=--& v=--& NSView:0x10.minY == 20   (active, names: '|':MyApp.Panel:0x20 )>",
      "<NSAutoresizingMaskLayoutConstraint:0x2 h=--& v=--& NSView:0x10.height == 50   (active)>",
      "<NSLayoutConstraint:0x3 MyApp.Panel:0x20.height == 60   (active)>",
      "<NSLayoutConstraint:0x4 MyApp.Panel:0x20.bottom >= NSView:0x10.bottom   (active)>",
    ]
    let both = ListMessage.analyze(
      rows + ["<NSLayoutConstraint:0x5 NSView:0x10.top >= MyApp.Panel:0x20.top   (active)>"],
      header: ListMessage.appkit)
    XCTAssertEqual(both.verdict, .conflict)
    XCTAssertTrue(both.replay?.note?.hasPrefix("decided both ways") == true, both.replay?.note ?? "")
    // Without [5], only the flipped reading fails: the log does not say which it is.
    let one = ListMessage.analyze(rows, header: ListMessage.appkit)
    XCTAssertEqual(one.verdict, .undecidable)
    XCTAssertEqual(one.replay?.missing.contains(.flipped), true)
  }

  // MARK: Every corpus block

  /// No `translatesAutoresizingMask` fix names or changes a view other than the mask's own: the
  /// test finds the view by its own reading (the bracketed view of visual format, else the
  /// first item).
  func testEveryCorpusMaskFixIsOnTheMasksOwnView() throws {
    var maskFixes = 0
    for block in Corpus.allBlocks {
      let analysis = BlockAnalyzer().analyze(block)
      guard let diagnosis = analysis.diagnosis else { continue }
      for fix in diagnosis.suggestions where fix.kind == .translatesAutoresizingMask {
        maskFixes += 1
        let views = Set(
          fix.changes.map { index -> String in
            let constraint = block.constraints[index].constraint!
            let view = constraint.firstItem.isSuperview ? constraint.secondItem! : constraint.firstItem
            return diagnosis.names.name(of: view)
          })
        XCTAssertEqual(views.count, 1, "\(block.source.file):\(block.source.line): \(fix.text)")
        let view = try XCTUnwrap(views.first)
        XCTAssertTrue(
          fix.text.hasPrefix("Set translatesAutoresizingMaskIntoConstraints = false on \(view)"),
          "\(block.source.file):\(block.source.line): \(fix.text)")
      }
    }
    XCTAssertGreaterThan(maskFixes, 10)
  }

  // MARK: One owner per member

  /// Shared `022`: `SomeView` kept above the safe area with system spacing [1] (`bottom ≤ safe
  /// area's bottom + 8`, a `_UISystemBaselineConstraint`, UIKit's private class, between edges,
  /// not baselines) and pinned by the app to the keyboard's host view [4]. What each relates to
  /// is said as such, not as an owner: [1] names none (it is UIKit's), [4] only the app.
  func testWhatAConstraintRelatesToIsNotASecondOwner() throws {
    let diagnosis = try XCTUnwrap(
      BlockAnalyzer().analyze(try XCTUnwrap(Corpus.blocks("022").first)).diagnosis)
    XCTAssertEqual(
      diagnosis.origins[0].map(\.text),
      [
        "system spacing (made with a system-spacing anchor method, such as "
          + "constraint(equalToSystemSpacingBelow:multiplier:))",
        "relates to the safe area",
      ])
    XCTAssertEqual(
      diagnosis.origins[3].map(\.text),
      [
        "relates to the keyboard or its input views (UIInputSetHostView)",
        "the app's own constraint (code or storyboard)",
      ])
    XCTAssertEqual(diagnosis.owners[0], .system)
    XCTAssertEqual(diagnosis.owners[3], .app)
  }

  /// Shared `014`: a stack view's `UISV-spacing` made as a `_UISystemBaselineConstraint`
  /// between a stack view and a button (`V:[UIStackView]-(8)-[UIButton]`: bottom to top) is
  /// system spacing, not spacing between baselines; one between baselines keeps that name.
  func testSystemSpacingIsBetweenBaselinesOnlyWhereItRelatesThem() throws {
    let diagnosis = try XCTUnwrap(
      BlockAnalyzer().analyze(try XCTUnwrap(Corpus.blocks("014").first)).diagnosis)
    let tags = diagnosis.origins.joined().filter { $0.kind == .systemBaseline }
    XCTAssertFalse(tags.isEmpty)
    XCTAssertFalse(tags.contains { $0.text.contains("baselines") }, "\(tags)")
    // Written here in 022's form, between two labels' baselines.
    let between = try ConstraintParser().parse(
      "<_UISystemBaselineConstraint:0x1 UILabel:0x7f2.firstBaseline == UILabel:0x7f3.lastBaseline "
        + "NSLayoutAnchorConstraintSpace(8)   (active)>"
    ).get()
    XCTAssertEqual(between.origin, .systemBaseline)
    XCTAssertEqual(OriginTag.systemSpacing(between), "system spacing between baselines")
  }
}
