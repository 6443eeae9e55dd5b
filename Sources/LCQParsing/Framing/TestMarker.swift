/// A line a test runner prints that says which test is running: XCTest's `Test Case '…' started.`
/// and its end (on macOS, on Linux and for parallel clones), Swift Testing's `◇ Test … started.`
/// and its end, an app's `Starting test: -[Class method]`, and the header Xcode writes when the
/// app under test is (re)launched. Read at the start of a line, as the runners print them.
enum TestMarker: Equatable {
  /// The test named started.
  case started(String)
  /// The app printed that the test named starts (`Starting test:`): there is no end marker, so
  /// it runs until the next one.
  case startedInApp(String)
  /// The test named ended (passed, failed or skipped).
  case ended(String)
  /// The app under test was (re)launched: whatever ran before, the new process's messages
  /// belong to a test only once a marker names it.
  case relaunched

  /// The bytes a marker line may start with: `S` (`Starting test:`, `Standard output…`), `T`
  /// (`Test Case`) and the first byte of Swift Testing's symbols (`◇`, `✔`, `✘`).
  static let firstBytes: (UInt8, UInt8, UInt8) = (UInt8(ascii: "S"), UInt8(ascii: "T"), 0xE2)

  /// The longest line read as a marker: a test's name is short, and one stored with every
  /// occurrence must be.
  static let maxLineLength = 1_024

  /// The marker `line` holds, or `nil`.
  static func read(_ line: ArraySlice<UInt8>) -> TestMarker? {
    guard let first = line.first, first == firstBytes.0 || first == firstBytes.1 || first == firstBytes.2,
      line.count <= maxLineLength
    else { return nil }
    var text = Substring(decoding: line, as: UTF8.self)
    while text.last == "\r" || text.last == " " { text = text.dropLast() }
    if let name = text.after("Starting test: ") { return .startedInApp(testName(name)) }
    if text.hasPrefix("Standard output and standard error from "), text.contains(" with process ID ") {
      return .relaunched
    }
    if let rest = text.after("Test Case '") ?? text.after("Test case '"),
      let quote = rest.firstIndex(of: "'")
    {
      let name = testName(rest[..<quote])
      let outcome = rest[rest.index(after: quote)...]
      if outcome.hasPrefix(" started") { return .started(name) }
      for word in [" passed", " failed", " skipped"] where outcome.hasPrefix(word) { return .ended(name) }
      return nil
    }
    for symbol in ["◇ Test ", "✔ Test ", "✘ Test ", "➜ Test "] {
      guard let rest = text.after(symbol) else { continue }
      // `◇ Test run started.` is the whole run's (a test named `run` prints `run()`).
      if symbol == "◇ Test ", let name = rest.before(" started.") {
        return name == "run" ? nil : .started(String(name))
      }
      for ending in [" passed after ", " failed after ", " skipped"] {
        if let range = rest.range(of: ending) { return .ended(String(rest[..<range.lowerBound])) }
      }
      return nil
    }
    return nil
  }

  /// XCTest's `-[Module.Class method]` as `Module.Class.method`; a name already dotted (Linux's
  /// `Class.method`) as it is.
  private static func testName(_ printed: Substring) -> String {
    guard printed.hasPrefix("-["), printed.hasSuffix("]"),
      let space = printed.firstIndex(of: " ")
    else { return String(printed) }
    let type = printed[printed.index(printed.startIndex, offsetBy: 2)..<space]
    let method = printed[printed.index(after: space)..<printed.index(before: printed.endIndex)]
    return "\(type).\(method)"
  }
}

/// The tests running in one input, as its markers say: a message belongs to a test when exactly
/// one is running (XCTest runs one at a time in a process; Swift Testing may run several, and
/// then no message is given a test it may not belong to).
struct RunningTests {
  private var names: [String] = []

  /// The one test running, or `nil` when none or several are.
  var current: String? { names.count == 1 ? names[0] : nil }

  /// Follows `marker`.
  mutating func follow(_ marker: TestMarker) {
    switch marker {
    case .started(let name):
      names.removeAll { $0 == name }
      names.append(name)
    case .startedInApp(let name): names = [name]
    case .ended(let name): names.removeAll { $0 == name }
    case .relaunched: names.removeAll()
    }
  }
}

/// The tests an input started, as its markers say: each name handed over once, in the order first
/// started.
struct TestsStarted {
  /// How many names are remembered, so that each is handed over once: a suite has thousands of
  /// tests, not millions; past this, a name may be handed over again (storing it twice changes
  /// nothing), and memory stays bounded.
  static let remembered = 100_000

  private var seen: Set<String> = []
  private var untaken: [String] = []

  /// Notes the test `marker` starts, if it starts one.
  mutating func follow(_ marker: TestMarker) {
    switch marker {
    case .started(let name), .startedInApp(let name):
      if seen.contains(name) { return }
      if seen.count < Self.remembered { seen.insert(name) }
      untaken.append(name)
    case .ended, .relaunched: return
    }
  }

  /// The names started since the last call.
  mutating func take() -> [String] {
    defer { untaken.removeAll(keepingCapacity: true) }
    return untaken
  }
}

extension Substring {
  /// The text after `prefix`, when it starts with it.
  fileprivate func after(_ prefix: String) -> Substring? {
    hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : nil
  }

  /// The text before `suffix`, when it ends with it.
  fileprivate func before(_ suffix: String) -> Substring? {
    hasSuffix(suffix) ? self[..<index(endIndex, offsetBy: -suffix.count)] : nil
  }
}
