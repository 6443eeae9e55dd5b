/// What one cleaned line of a log is, as far as conflict messages go.
enum LineKind {
  /// `Unable to simultaneously satisfy constraints.` / `:` or `Conflicting constraints detected:`,
  /// with the text before it (the log prefix) and after it.
  case header(ConflictBlock.Header, prefixEnd: Int, restStart: Int)
  /// `Probably at least one of the constraints…`, the header's second line.
  case explanation
  /// `Try this:`, `(1) look at…`, `(Note: …)` and other header text.
  case headerText
  /// `(` opening the list (possibly with the first item on the same line).
  case listOpen
  /// `)` closing the list (also `).`, `}`, `))`).
  case listClose
  /// One or more constraint descriptions.
  case descriptions
  /// `Will attempt to recover by breaking constraint`, with where the rest starts.
  case recovery(restStart: Int)
  /// A footer line (`Make a symbolic breakpoint…`, `Set the NSUserDefault…`).
  case footer
  /// `<private>`.
  case redacted
  /// A quoted list item that is not a `<…>` description (a library's own `-description`).
  case quotedItem
  /// A description whose `"<` and `>"` were lost in pasting:
  /// `NSLayoutConstraint:0x… A.leading == B.leading + 5,` (read as one only inside a list).
  case bareItem
  /// `...` or `(...........)`: text elided by whoever pasted the log.
  case elision
  case blank
  /// Anything else: an unrelated log line.
  case other

  static func classify(_ content: [UInt8]) -> LineKind {
    if content.isEmpty { return .blank }
    for (phrase, header) in headerPhrases {
      if let range = content.firstRange(of: phrase, from: 0) {
        var rest = range.upperBound
        var kind = header
        if header == .unableToSatisfyPeriod, rest < content.count, content[rest] == UInt8(ascii: ":") {
          kind = .unableToSatisfyColon
        }
        if rest < content.count, content[rest] == UInt8(ascii: ".") || content[rest] == UInt8(ascii: ":") {
          rest += 1
        }
        return .header(kind, prefixEnd: range.lowerBound, restStart: rest)
      }
    }
    if let recovery = findRecovery(in: content) { return .recovery(restStart: recovery.restStart) }
    if content.matches(explanationPhrase, at: 0) { return .explanation }
    if content == redactedMarker { return .redacted }
    if DescriptionFinder.hasDescription(content) {
      return content.first == UInt8(ascii: "(") ? .listOpen : .descriptions
    }
    if footerPhrases.contains(where: { content.firstRange(of: $0, from: 0) != nil }) { return .footer }
    if isListOpen(content) { return .listOpen }
    if isListClose(content) { return .listClose }
    if content.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) {
      return .elision
    }
    if headerTextPrefixes.contains(where: { content.matches($0, at: 0) }) { return .headerText }
    if content.count >= 2, content.first == UInt8(ascii: "\""),
      content.last == UInt8(ascii: "\"") || content.suffix(2) == [UInt8(ascii: "\""), UInt8(ascii: ",")]
    {
      return .quotedItem
    }
    if DescriptionFinder.startsWithBareDescription(content) { return .bareItem }
    return .other
  }

  static let headerPhrases: [([UInt8], ConflictBlock.Header)] = [
    (Array("Unable to simultaneously satisfy constraints".utf8), .unableToSatisfyPeriod),
    (Array("Conflicting constraints detected".utf8), .conflictingConstraintsDetected),
    (Array("Unable to Satisfy constraints simultaneously".utf8), .unableToSatisfyPeriod),
  ]
  /// `<private>`, what os_log privacy prints instead of the list or the broken constraint.
  static let redactedMarker = Array("<private>".utf8)
  /// The last line of a UIKit footer, and AppKit's one-line footer: a message ends there.
  static let lastFooterPhrases: [[UInt8]] = ["may also be helpful", "NSUserDefault"].map { Array($0.utf8) }
  /// What AppKit's footer contains and UIKit's does not.
  static let appKitFooterPhrase = Array("NSUserDefault".utf8)
  private static let recoveryPhrase = Array("Will attempt to recover by breaking".utf8)
  private static let recoveryConstraintWord = Array(" constraint".utf8)

  /// Where "Will attempt to recover by breaking [constraint]" stands in `content`: the phrase's
  /// start, and where the text after it (the broken constraint, if on the same line) begins.
  static func findRecovery(in content: [UInt8]) -> (start: Int, restStart: Int)? {
    guard let range = content.firstRange(of: recoveryPhrase, from: 0) else { return nil }
    var rest = range.upperBound
    if content.matches(recoveryConstraintWord, at: rest) { rest += recoveryConstraintWord.count }
    return (range.lowerBound, rest)
  }
  private static let explanationPhrase = Array("Probably at least one of the constraints".utf8)
  private static let footerPhrases: [[UInt8]] = [
    "UIViewAlertForUnsatisfiableConstraints", "UIConstraintBasedLayoutDebugging",
    "NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints",
    "objc_exception_throw to catch this in the debugger",
    "LAYOUT_CONSTRAINTS_NOT_SATISFIABLE",
  ].map { Array($0.utf8) }
  private static let headerTextPrefixes: [[UInt8]] = [
    "Try this", "(1)", "(2)", "(Note:", "Probably", "look at each constraint", "find the code that added",
  ].map { Array($0.utf8) }

  private static let arrayClassWord = Array("__NSArray".utf8)

  private static func isListOpen(_ content: [UInt8]) -> Bool {
    if content == [UInt8(ascii: "(")] { return true }
    // lldb `po`: `<__NSArrayM 0x600000252510>(` or `< __NSArrayM 0x…>(`.
    if content.last == UInt8(ascii: "("), content.firstRange(of: arrayClassWord, from: 0) != nil {
      return true
    }
    return isPrefixed(content, ending: [UInt8(ascii: "(")])
  }

  private static let listClosers: [[UInt8]] = [")", ").", "}", "))", ")\"", "),"].map { Array($0.utf8) }

  private static func isListClose(_ content: [UInt8]) -> Bool {
    if content.count <= 2 && listClosers.contains(content) { return true }
    return listClosers.contains { isPrefixed(content, ending: $0) }
  }

  /// Whether `content` is `ending` after a log tool's prefix alone, as in a list whose every
  /// line carries it when no header taught the reader the prefix (`Mar  5 14:10:01 iPhone
  /// MyApp[4242] <Notice>: (`, `[IOS_SYSLOG_ROW] )`, `[debug] [XCUITest] (`): the text before it
  /// is a log prefix with a time, or bracketed tags only.
  static func isPrefixed(_ content: [UInt8], ending: [UInt8]) -> Bool {
    guard content.count > ending.count, content.suffix(ending.count).elementsEqual(ending) else {
      return false
    }
    var end = content.count - ending.count
    guard content[end - 1].isBlank || content[end - 1] == UInt8(ascii: ":") else { return false }
    while end > 0, content[end - 1].isBlank || content[end - 1] == UInt8(ascii: ":") { end -= 1 }
    let before = Array(content[..<end])
    guard !before.isEmpty else { return false }
    if LogPrefix.parse(bytes: before).timestamp != nil { return true }
    return isBracketedTags(before)
  }

  /// `[IOS_SYSLOG_ROW]`, `[debug] [XCUITest]`: bracketed words separated by blanks, nothing else.
  private static func isBracketedTags(_ text: [UInt8]) -> Bool {
    var index = 0
    var tags = 0
    while index < text.count {
      if text[index].isBlank {
        index += 1
        continue
      }
      guard text[index] == UInt8(ascii: "["), let close = text[index...].firstIndex(of: UInt8(ascii: "]")),
        close > index + 1
      else { return false }
      tags += 1
      index = close + 1
    }
    return tags > 0
  }
}

extension LineKind {
  /// Whether the line opens a constraint list.
  var isListOpen: Bool {
    if case .listOpen = self { return true }
    return false
  }
}
