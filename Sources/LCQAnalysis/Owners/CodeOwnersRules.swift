import LCQParsing

/// The rules of a CODEOWNERS file, in GitHub's syntax: each line a path pattern and the owners
/// of the files it matches (`@user`, `@org/team` or an e-mail address); for a file, the **last**
/// matching line wins, and a line with no owners leaves its files with none.
///
/// Patterns follow GitHub's reading of gitignore's: a pattern with no `/` but a trailing one
/// matches at any depth (`*.swift`, `apps/`); one with a `/` at its start or middle is relative
/// to the repository's root (`/Sources/`, `docs/*`); a pattern that names a directory matches
/// everything under it, except one ending in `/*`, which matches only the files directly in it;
/// `*` matches within one path segment, `?` one character, `**` any number of segments. What
/// GitHub does not support (`!` negation, `[…]` ranges) is reported and the line skipped.
public struct CodeOwnersRules: Sendable, Hashable {
  /// One line of the file.
  public struct Rule: Sendable, Hashable {
    /// The pattern as written.
    public var pattern: String
    /// The owners, in the order written.
    public var owners: [String]
    /// The 1-based line.
    public var line: Int
    fileprivate var glob: PathGlob
  }

  /// The most `**` segments a pattern may have: matching costs grow with each, and GitHub's
  /// own files need two or three.
  public static let mostDoubleStars = 20

  /// The rules, in the file's order.
  public private(set) var rules: [Rule] = []
  /// What could not be read, as `file:line:column: reason`; those lines are skipped.
  public private(set) var issues: [String] = []

  /// Reads `text`, the contents of the CODEOWNERS file `file` (named in issues).
  public init(_ text: String, file: String) {
    // `\r\n` is one Character: splitting at new lines takes Windows line ends too.
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let lineNumber = offset + 1
      let words = Self.words(of: line)
      guard let first = words.first else { continue }
      func issue(_ column: Int, _ reason: String) {
        issues.append("\(file):\(lineNumber):\(column): \(reason)")
      }
      if first.text.hasPrefix("!") {
        issue(
          first.column,
          "negated pattern '\(InputEcho.excerpt(first.text))': GitHub's CODEOWNERS does not support '!'; line skipped"
        )
        continue
      }
      if first.text.contains("[") {
        issue(
          first.column,
          "character range in '\(InputEcho.excerpt(first.text))': GitHub's CODEOWNERS does not support '[…]'; line skipped"
        )
        continue
      }
      if first.text.split(separator: "/").count(where: { $0 == "**" }) > Self.mostDoubleStars {
        issue(
          first.column,
          "pattern with more than \(Self.mostDoubleStars) '**' segments: too costly to match; line skipped")
        continue
      }
      var owners: [String] = []
      var valid = true
      for word in words.dropFirst() {
        guard Self.isOwner(word.text) else {
          let shown =
            word.text.unicodeScalars.contains(where: InputEcho.isControl)
            ? "a word with control characters" : "'\(InputEcho.excerpt(word.text))'"
          issue(word.column, "\(shown) is not an owner (@user, @org/team or an e-mail address); line skipped")
          valid = false
          break
        }
        owners.append(word.text)
      }
      guard valid else { continue }
      rules.append(Rule(pattern: first.text, owners: owners, line: lineNumber, glob: PathGlob(first.text)))
    }
  }

  /// The rule that decides `path` (relative to the repository's root, `/`-separated): the last
  /// that matches, or `nil` when none does.
  public func rule(for path: String) -> Rule? {
    let segments = path.split(separator: "/").map(String.init)
    return rules.last { $0.glob.matches(segments) }
  }

  /// The owners of `path`: the last matching rule's (empty when it names none, or when no rule
  /// matches).
  public func owners(of path: String) -> [String] {
    rule(for: path)?.owners ?? []
  }

  /// `@user`, `@org/team` or `name@domain`: nothing else GitHub accepts as an owner. Quotes,
  /// backslashes, control and bidi characters are refused too, so that an owner is always plain
  /// JSON text that reads the same in every output (CSV included).
  static func isOwner(_ word: String) -> Bool {
    guard !word.contains(where: { $0 == "\"" || $0 == "\\" }),
      !word.unicodeScalars.contains(where: InputEcho.isControl)
    else { return false }
    if word.hasPrefix("@") {
      let name = word.dropFirst()
      let parts = name.split(separator: "/", omittingEmptySubsequences: false)
      return (parts.count == 1 || parts.count == 2) && parts.allSatisfy { !$0.isEmpty }
    }
    let halves = word.split(separator: "@", omittingEmptySubsequences: false)
    return halves.count == 2 && !halves[0].isEmpty && halves[1].contains(".")
  }

  /// The line's words and their 1-based columns, up to a `#` that starts a comment; `\#` and
  /// `\ ` stand for a `#` and a space in a pattern.
  static func words(of line: Substring) -> [(text: String, column: Int)] {
    var words: [(text: String, column: Int)] = []
    var current = ""
    var start = 0
    var escaped = false
    for (offset, character) in line.enumerated() {
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      switch character {
      case "\\":
        if current.isEmpty { start = offset + 1 }
        escaped = true
      case "#" where current.isEmpty:
        return words
      case " ", "\t":
        if !current.isEmpty { words.append((current, start)) }
        current = ""
      default:
        if current.isEmpty { start = offset + 1 }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append((current, start)) }
    return words
  }
}

/// A CODEOWNERS path pattern, matched against a path's segments.
struct PathGlob: Sendable, Hashable {
  /// The pattern's segments; `**` stands for any number of segments.
  private let segments: [String]
  /// Whether the pattern matches only directories (it ended in `/`), so only what is under them.
  private let directoryOnly: Bool
  /// Whether a match of a directory also matches everything under it (not for `…/*`).
  private let coversContents: Bool

  init(_ pattern: String) {
    var text = Substring(pattern)
    directoryOnly = text.count > 1 && text.hasSuffix("/")
    if directoryOnly { text = text.dropLast() }
    let anchored = text.dropLast().contains("/") || text.hasPrefix("/")
    if text.hasPrefix("/") { text = text.dropFirst() }
    var segments = text.split(separator: "/").map(String.init)
    if !anchored { segments.insert("**", at: 0) }
    self.segments = segments
    coversContents = !(anchored && segments.last == "*")
  }

  /// Whether the pattern matches the path `path` (its segments): the path itself, or, for a
  /// pattern that covers contents, one of the directories it lies in.
  func matches(_ path: [String]) -> Bool {
    if !directoryOnly, Self.match(segments[...], path[...]) { return true }
    guard coversContents, path.count > 1 else { return false }
    for length in 1..<path.count where Self.match(segments[...], path[..<length]) { return true }
    return false
  }

  private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    wildcard(Array(pattern), Array(path), isStar: { $0 == "**" }) { segment, name in
      wildcard(Array(segment.unicodeScalars), Array(name.unicodeScalars), isStar: { $0 == "*" }) {
        $0 == "?" || $0 == $1
      }
    }
  }

  /// Whether `pattern` matches all of `text`, where a star element matches any run of elements
  /// (none included) and `matches` decides each other one. One star is backtracked to at a
  /// time, so a pattern of many stars costs at most its length times the text's, never an
  /// exponential search (a CODEOWNERS line is text anyone with the repository can write).
  private static func wildcard<Element, Item>(
    _ pattern: [Element], _ text: [Item], isStar: (Element) -> Bool, matches: (Element, Item) -> Bool
  ) -> Bool {
    var (patternIndex, textIndex) = (0, 0)
    var lastStar: (pattern: Int, text: Int)?
    while textIndex < text.count {
      if patternIndex < pattern.count, isStar(pattern[patternIndex]) {
        lastStar = (patternIndex, textIndex)
        patternIndex += 1
      } else if patternIndex < pattern.count, matches(pattern[patternIndex], text[textIndex]) {
        patternIndex += 1
        textIndex += 1
      } else if let star = lastStar {
        // The last star takes one more element, and matching goes on after it.
        lastStar = (star.pattern, star.text + 1)
        patternIndex = star.pattern + 1
        textIndex = star.text + 1
      } else {
        return false
      }
    }
    while patternIndex < pattern.count, isStar(pattern[patternIndex]) { patternIndex += 1 }
    return patternIndex == pattern.count
  }
}
