import LCQParsing
import XCTest

@testable import LCQAnalysis

/// The classes and SnapKit files a conflict names, as the app's source would declare them.
final class SourceCluesTests: XCTestCase {
  func testPrintedClassNamesAreReadAsDeclared() {
    let cases: [(String, String?)] = [
      ("MyApp.ProfileCell", "ProfileCell"),
      ("ProfileCell", "ProfileCell"),
      ("NSKVONotifying_LQRoundedCornerView", "LQRoundedCornerView"),
      ("_TtC5MyApp11ProfileCell", "ProfileCell"),
      ("_TtCC5MyApp5Outer5Inner", "Inner"),
      ("MyApp.Generic<Swift.Int>", "Generic"),
      ("UIKit.UIView", nil),
      ("SwiftUI._UIHostingView<SwiftUI.AnyView>", nil),
      ("_UILayoutGuide", nil),
      // A mangled name of another shape is not guessed at.
      ("_TtC5MyApp", nil),
    ]
    for (printed, declared) in cases {
      XCTAssertEqual(SourceClues.appClassName(printed), declared, printed)
    }
  }

  func testTheDescribedConstraintsComeFirstAndTheRestApart() {
    let list = [
      "<SnapKit.LayoutConstraint:0x1@CCBaseCell.swift#88 MyApp.Card:0x10.height >= 44.0>",
      "<NSLayoutConstraint:0x2 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x20.height == 44   (active)>",
      "<NSLayoutConstraint:0x3 MyApp.Badge:0x30.width == 20   (active)>",
      "<SnapKit.LayoutConstraint:0x4@/Users/me/App/Cells/CCTargetCells.swift#43 MyApp.Card:0x10.top == MyApp.Cell:0x40.top>",
    ]
    let clues = SourceClues(block: ListMessage.analyze(list).block, described: [1, 0])
    XCTAssertEqual(clues.described.classes, ["UITableViewCellContentView", "Card"])
    XCTAssertEqual(clues.described.files, ["CCBaseCell.swift"])
    XCTAssertEqual(clues.elsewhere.classes, ["Badge", "Cell"])
    XCTAssertEqual(clues.elsewhere.files, ["/Users/me/App/Cells/CCTargetCells.swift"])
  }
}
