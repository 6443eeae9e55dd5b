import Foundation

/// A place in an app's source tree that turns off the messages lcq reads, so that a run with no
/// conflict may only be a run that printed none.
public struct LoggingSwitch: Sendable, Hashable {
  /// The file, relative to the source root.
  public var path: String
  /// Its 1-based line.
  public var line: Int
  /// What it turns off, in a few words.
  public var what: String
}

/// Finds what turns the conflict messages off: UIKit's user default
/// `_UIConstraintBasedLayoutLogUnsatisfiable` set to false in Swift or Objective-C code or in a
/// scheme's launch arguments, and `OS_ACTIVITY_MODE` set to `disable` (which silences the
/// unified log where Xcode shows the app's console) in code or in a scheme's environment.
/// A scheme's switch counts only while it is enabled (`isEnabled = "YES"`).
enum LoggingSwitches {
  /// UIKit's user default that, set to false, stops "Unable to simultaneously satisfy
  /// constraints" from being printed.
  static let unsatisfiableKey = "_UIConstraintBasedLayoutLogUnsatisfiable"
  static let unsatisfiableOff = "turns off UIKit's conflict messages (\(unsatisfiableKey) = false)"
  static let activityOff = "turns off the unified log's messages (OS_ACTIVITY_MODE = disable)"

  /// The switches in a Swift or Objective-C file: a line that names the key with `false` or
  /// `NO`, or sets `OS_ACTIVITY_MODE` to `disable`. Comments are not told apart: a commented-out
  /// switch is still worth a look.
  static func inCode(_ source: some DataProtocol, path: String) -> [LoggingSwitch] {
    var found: [LoggingSwitch] = []
    for (number, line) in SourceLines.lines(of: source, containing: [unsatisfiableKey, "OS_ACTIVITY_MODE"]) {
      if line.contains(unsatisfiableKey), words(line).contains(where: { $0 == "false" || $0 == "NO" }) {
        found.append(LoggingSwitch(path: path, line: number, what: unsatisfiableOff))
      } else if line.contains("OS_ACTIVITY_MODE"), line.contains("\"disable\"") {
        found.append(LoggingSwitch(path: path, line: number, what: activityOff))
      }
    }
    return found
  }

  /// The switches in an Xcode scheme (`.xcscheme`): an enabled `EnvironmentVariable` with key
  /// `OS_ACTIVITY_MODE` and value `disable`, or an enabled `CommandLineArgument` that sets the
  /// key to `NO` or `false` (`-_UIConstraintBasedLayoutLogUnsatisfiable NO`). The line is the
  /// element's first.
  static func inScheme(_ source: some DataProtocol, path: String) -> [LoggingSwitch] {
    let text = SourceLines.lines(of: source, containing: []).map { String($0.1) }
    var found: [LoggingSwitch] = []
    var index = 0
    while index < text.count {
      guard let element = ["<EnvironmentVariable", "<CommandLineArgument"].first(where: text[index].contains)
      else {
        index += 1
        continue
      }
      // The element's attributes, up to its `>`.
      var body = text[index]
      var end = index
      while !body.contains(">"), end + 1 < text.count {
        end += 1
        body += " " + text[end]
      }
      let attributes = attributes(of: body)
      if attributes["isEnabled"] == "YES" {
        if element == "<EnvironmentVariable", attributes["key"] == "OS_ACTIVITY_MODE",
          attributes["value"] == "disable"
        {
          found.append(LoggingSwitch(path: path, line: index + 1, what: activityOff))
        }
        if element == "<CommandLineArgument", let argument = attributes["argument"],
          argument.contains(unsatisfiableKey),
          words(Substring(argument)).contains(where: { $0 == "NO" || $0 == "false" || $0 == "0" })
        {
          found.append(LoggingSwitch(path: path, line: index + 1, what: unsatisfiableOff))
        }
      }
      index = end + 1
    }
    return found
  }

  /// The `name = "value"` pairs of an XML element's text.
  static func attributes(of element: String) -> [String: String] {
    var found: [String: String] = [:]
    var rest = Substring(element)
    while let equals = rest.firstIndex(of: "=") {
      let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "<" }).last
      let afterEquals = rest[rest.index(after: equals)...].drop(while: { $0 == " " || $0 == "\t" })
      guard afterEquals.first == "\"", let close = afterEquals.dropFirst().firstIndex(of: "\"") else { break }
      if let name {
        found[String(name)] = String(afterEquals[afterEquals.index(after: afterEquals.startIndex)..<close])
      }
      rest = afterEquals[afterEquals.index(after: close)...]
    }
    return found
  }

  /// The words of `line` (letters, digits and underscores).
  private static func words(_ line: Substring) -> [Substring] {
    line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
  }
}
