import LCQParsing
import XCTest

/// Swift runtime names read back; each expectation is the name worked out by hand from the
/// mangling (length-prefixed names, `C` a class, `V` a struct, `G…_` generic arguments, `S_` the
/// first module or type written, `P` a private name's discriminator).
final class SwiftTypeNameTests: XCTestCase {
  func testAClassInAModule() {
    let name = SwiftTypeName(runtimeName: "_TtC5MyApp8CardView")
    XCTAssertEqual(name?.module, "MyApp")
    XCTAssertEqual(name?.readable, "CardView")
    XCTAssertEqual(name?.qualified, "MyApp.CardView")
  }

  func testANestedClass() {
    let name = SwiftTypeName(runtimeName: "_TtCC5UIKit19NavigationButtonBar15ItemWrapperView")
    XCTAssertEqual(name?.module, "UIKit")
    XCTAssertEqual(name?.path, ["NavigationButtonBar", "ItemWrapperView"])
    XCTAssertEqual(name?.readable, "NavigationButtonBar.ItemWrapperView")
  }

  /// The shared corpus's `017`: module `MyAppXYZ` (8), `CardView` (8), then one argument: a class
  /// (`C`) in the first substitution (`S_`, the module), private (`P`, discriminator
  /// `$105829144`, 10), named `RecoveryKeyView` (15); `_` closes the arguments.
  func testAGenericClassWithAPrivateArgument() {
    let name = SwiftTypeName(runtimeName: "_TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_")
    XCTAssertEqual(name?.readable, "CardView<RecoveryKeyView>")
    XCTAssertEqual(name?.qualified, "MyAppXYZ.CardView<RecoveryKeyView>")
    XCTAssertEqual(name?.modules, ["MyAppXYZ", "MyAppXYZ"])
  }

  func testASwiftUIHostingViewOfTheAppsView() {
    let name = SwiftTypeName(runtimeName: "_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_")
    XCTAssertEqual(name?.readable, "_UIHostingView<ContentView>")
    XCTAssertEqual(name?.modules, ["SwiftUI", "MyApp"])
  }

  func testOtherNamesAreNotRead() {
    for text in [
      "UIView", "MyApp.CardView", "_UIHostingView", "_TtC5MyApp", "_TtC5MyApp8Card", "_TtC5MyApp8CardViewX",
      "_TtGC5MyApp8CardView", "_TtC999999999MyApp", "_TtCS_4Card", "_Tt",
    ] {
      XCTAssertNil(SwiftTypeName(runtimeName: text), text)
    }
  }

  func testItemsShowTheReadName() {
    let item = LayoutItem(className: "_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_", address: "0x1")
    XCTAssertEqual(item.moduleLessClassName, "_UIHostingView<ContentView>")
    XCTAssertEqual(item.readableClassName, "SwiftUI._UIHostingView<ContentView>")
    XCTAssertEqual(LayoutItem(className: "MyApp.CardView").readableClassName, "MyApp.CardView")
  }
}
