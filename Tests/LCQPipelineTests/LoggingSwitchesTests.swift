import Foundation
import XCTest

@testable import LCQPipeline

/// What turns the conflict messages off, found in Swift, Objective-C and Xcode schemes as
/// projects write them; the places expected are read off each snippet by hand.
final class LoggingSwitchesTests: XCTestCase {
  private let uikitOff =
    "turns off UIKit's conflict messages (_UIConstraintBasedLayoutLogUnsatisfiable = false)"
  private let activityOff = "turns off the unified log's messages (OS_ACTIVITY_MODE = disable)"

  func testSwiftAndObjectiveCThatTurnTheMessagesOff() {
    let swift = """
      import UIKit

      @main
      final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: Any?) -> Bool {
          UserDefaults.standard.set(false, forKey: "_UIConstraintBasedLayoutLogUnsatisfiable")
          // Left on: the default.
          UserDefaults.standard.set(true, forKey: "_UIConstraintBasedLayoutLogUnsatisfiable")
          setenv("OS_ACTIVITY_MODE", "disable", 1)
          return true
        }
      }
      """
    XCTAssertEqual(
      LoggingSwitches.inCode(Data(swift.utf8), path: "App/AppDelegate.swift"),
      [
        LoggingSwitch(path: "App/AppDelegate.swift", line: 6, what: uikitOff),
        LoggingSwitch(path: "App/AppDelegate.swift", line: 9, what: activityOff),
      ])
    let objectiveC =
      "#import \"AppDelegate.h\"\r\n\r\n@implementation AppDelegate\r\n"
      + "- (BOOL)application:(UIApplication *)app didFinishLaunchingWithOptions:(NSDictionary *)options {\r\n"
      + "  [[NSUserDefaults standardUserDefaults] setBool:NO forKey:@\"_UIConstraintBasedLayoutLogUnsatisfiable\"];\r\n"
      + "  return YES;\r\n}\r\n@end\r\n"
    XCTAssertEqual(
      LoggingSwitches.inCode(Data(objectiveC.utf8), path: "App/AppDelegate.m"),
      [LoggingSwitch(path: "App/AppDelegate.m", line: 5, what: uikitOff)])
    XCTAssertEqual(
      LoggingSwitches.inCode(Data("let mode = \"OS_ACTIVITY_MODE\"\n".utf8), path: "a.swift"), [])
  }

  func testASchemeThatTurnsTheMessagesOffWhileEnabled() {
    let scheme = """
      <?xml version="1.0" encoding="UTF-8"?>
      <Scheme
         LastUpgradeVersion = "1500"
         version = "1.7">
         <LaunchAction
            buildConfiguration = "Debug">
            <CommandLineArguments>
               <CommandLineArgument
                  argument = "-_UIConstraintBasedLayoutLogUnsatisfiable NO"
                  isEnabled = "YES">
               </CommandLineArgument>
               <CommandLineArgument
                  argument = "-_UIConstraintBasedLayoutLogUnsatisfiable NO"
                  isEnabled = "NO">
               </CommandLineArgument>
            </CommandLineArguments>
            <EnvironmentVariables>
               <EnvironmentVariable
                  key = "OS_ACTIVITY_MODE"
                  value = "disable"
                  isEnabled = "YES">
               </EnvironmentVariable>
               <EnvironmentVariable
                  key = "OS_ACTIVITY_MODE"
                  value = "default"
                  isEnabled = "YES">
               </EnvironmentVariable>
            </EnvironmentVariables>
         </LaunchAction>
      </Scheme>
      """
    let path = "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme"
    XCTAssertEqual(
      LoggingSwitches.inScheme(Data(scheme.utf8), path: path),
      [
        LoggingSwitch(path: path, line: 8, what: uikitOff),
        LoggingSwitch(path: path, line: 18, what: activityOff),
      ])
  }

  func testASourceTreeFindsThemInCodeAndSchemes() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-switches-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try write("App/AppDelegate.swift", "import UIKit\nsetenv(\"OS_ACTIVITY_MODE\", \"disable\", 1)\n")
    try write(
      "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme",
      "<EnvironmentVariable key = \"OS_ACTIVITY_MODE\" value = \"disable\" isEnabled = \"YES\">\n")
    try write("App/View.swift", "final class View: UIView {}\n")
    let index = try SourceIndex(root: root)
    XCTAssertEqual(index.fileCount, 2)
    XCTAssertEqual(
      index.loggingSwitches,
      [
        LoggingSwitch(path: "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", line: 1, what: activityOff),
        LoggingSwitch(path: "App/AppDelegate.swift", line: 2, what: activityOff),
      ])
  }
}
