import LCQAnalysis
import XCTest

/// CODEOWNERS as GitHub reads it, each expectation worked out by hand from GitHub's documented
/// examples: the last matching line wins, a line without owners leaves its files with none.
final class CodeOwnersRulesTests: XCTestCase {
  private let file = """
    # A comment, then a blank line.

    *                       @acme/ios
    /Chat/                  @acme/chat
    Chat/Legacy/*           @acme/legacy
    *.m                     @acme/objc-guild   # a comment after the owners
    Shared/Cells/           @acme/cells @alice
    Shared/Cells/Generated/
    Browser/**/*.swift      @acme/browser dev@example.com
    apps/                   @acme/apps
    /build/logs/            @acme/build
    docs/*                  @acme/docs
    \\#notes.md              @acme/notes
    !Shop/                  @acme/shop
    Shop/[ab].swift         @acme/shop
    Tools/                  acme
    """

  private var rules: CodeOwnersRules { CodeOwnersRules(file, file: "CODEOWNERS") }

  func testTheLastMatchingLineWins() {
    let cases: [(String, [String])] = [
      // Only `*` matches.
      ("App/AppDelegate.swift", ["@acme/ios"]),
      // `/Chat/` covers everything under Chat at the root.
      ("Chat/MessageInputBar.swift", ["@acme/chat"]),
      ("Chat/Deep/Er/Bubble.swift", ["@acme/chat"]),
      // Not at the root: `/Chat/` is anchored.
      ("Features/Chat/Bubble.swift", ["@acme/ios"]),
      // `Chat/Legacy/*` matches the files directly in it, not deeper ones.
      ("Chat/Legacy/ChatBubble.swift", ["@acme/legacy"]),
      ("Chat/Legacy/Old/ChatBubble.swift", ["@acme/chat"]),
      // `*.m` at any depth, unless a later line matches.
      ("Legacy/LQRoundedCornerView.m", ["@acme/objc-guild"]),
      ("Chat/Legacy/Thing.m", ["@acme/objc-guild"]),
      ("Shared/Cells/Thing.m", ["@acme/cells", "@alice"]),
      // A line without owners: nobody.
      ("Shared/Cells/Generated/CCTargetCells.swift", []),
      // `**` matches no folder or several.
      ("Browser/UnifiedToggleInputToolbarView.swift", ["@acme/browser", "dev@example.com"]),
      ("Browser/Tabs/Strip/TabView.swift", ["@acme/browser", "dev@example.com"]),
      ("Browser/TabView.m", ["@acme/objc-guild"]),
      // `apps/` (no slash but the last): an `apps` folder at any depth, never a file so named.
      ("apps/a.swift", ["@acme/apps"]),
      ("Modules/apps/b/c.swift", ["@acme/apps"]),
      ("Modules/apps", ["@acme/ios"]),
      // `/build/logs/`: anchored.
      ("build/logs/today.log", ["@acme/build"]),
      ("x/build/logs/today.log", ["@acme/ios"]),
      // `docs/*`: anchored (a slash in the middle), direct files only.
      ("docs/getting-started.md", ["@acme/docs"]),
      ("docs/build-app/troubleshooting.md", ["@acme/ios"]),
      // `\#` is a pattern starting with `#`, at any depth.
      ("#notes.md", ["@acme/notes"]),
      ("a/#notes.md", ["@acme/notes"]),
      // Skipped lines change nothing.
      ("Shop/a.swift", ["@acme/ios"]),
      ("Tools/lint.swift", ["@acme/ios"]),
    ]
    let rules = self.rules
    for (path, owners) in cases {
      XCTAssertEqual(rules.owners(of: path), owners, path)
    }
  }

  func testWhatGitHubDoesNotReadIsReportedWithItsPlace() {
    XCTAssertEqual(
      rules.issues,
      [
        "CODEOWNERS:14:1: negated pattern '!Shop/': GitHub's CODEOWNERS does not support '!'; line skipped",
        "CODEOWNERS:15:1: character range in 'Shop/[ab].swift': GitHub's CODEOWNERS does not support '[…]'; line skipped",
        "CODEOWNERS:16:25: 'acme' is not an owner (@user, @org/team or an e-mail address); line skipped",
      ])
    XCTAssertEqual(rules.rules.map(\.line), Array(3...13))
  }

  func testAFileWithoutRulesOwnsNothing() {
    let empty = CodeOwnersRules("# nothing here\n\n", file: "CODEOWNERS")
    XCTAssertEqual(empty.owners(of: "a.swift"), [])
    XCTAssertNil(empty.rule(for: "a.swift"))
    XCTAssertEqual(empty.issues, [])
  }

  func testWindowsLineEndsAreRead() {
    let rules = CodeOwnersRules("*.swift @a\r\n/Chat/ @b\r\n", file: "CODEOWNERS")
    XCTAssertEqual(rules.owners(of: "Chat/x.swift"), ["@b"])
    XCTAssertEqual(rules.owners(of: "y.swift"), ["@a"])
  }

  /// A pattern written to make a backtracking matcher try every way (many `**` and `*`, and a
  /// path that almost matches) is decided, and rightly: the recursive matcher this replaced
  /// tries billions of ways here (a Python copy of it ran past 20 s without an answer), so
  /// this test would not finish.
  func testPatternsOfManyStarsCostLittle() {
    let stars = Array(repeating: "**/a*a*a*a*a", count: 12).joined(separator: "/") + "/b"
    let path = Array(repeating: "aaaaaaaaaaaaaaaaaaaaaaaa", count: 40).joined(separator: "/")
    let rules = CodeOwnersRules("\(stars) @slow\n*.swift @fast\n", file: "CODEOWNERS")
    XCTAssertEqual(rules.owners(of: path), [])
    XCTAssertEqual(rules.owners(of: path + "/b"), ["@slow"])
    XCTAssertEqual(rules.owners(of: path + "/x.swift"), ["@fast"])
  }

  // MARK: Security review 2 (S5, S10, S12)

  /// S5: a "CODEOWNERS" that is really a process's environment is rejected without repeating
  /// it: a word with a NUL is named only as such, any other rejected word by at most 40
  /// characters, so no secret further along reaches the message.
  func testS5ARejectedWordIsNeverEchoedWhole() {
    let environment =
      "CI_COMMIT_MESSAGE=fix layout\u{0}LCQ_WEBHOOK_URL=https://hooks.slack.com/services/T000/B000/XOXBSECRETTOKEN"
      + "\u{0}PGPASSWORD=hunter2\u{0}BUILD_NAME=nightly run"
    let rules = CodeOwnersRules(environment, file: "CODEOWNERS")
    XCTAssertEqual(
      rules.issues,
      [
        "CODEOWNERS:1:23: a word with control characters is not an owner (@user, @org/team or an e-mail address); line skipped"
      ])
    let long = CodeOwnersRules("* " + String(repeating: "x", count: 30) + "PASSWORD=hunter2", file: "C")
    XCTAssertEqual(
      long.issues,
      [
        "C:1:3: '\(String(repeating: "x", count: 30))PASSWORD=h…' is not an owner (@user, @org/team or an e-mail address); line skipped"
      ])
    for issue in rules.issues + long.issues {
      XCTAssertFalse(issue.contains("XOXB") || issue.contains("hunter2"), issue)
    }
  }

  /// S10: an owner with an escape sequence, a C1 control or a bidi override is not an owner.
  func testS10OwnersWithControlCharactersAreRefused() {
    let rules = CodeOwnersRules(
      "* @acme/security-team @evil\u{1B}]0;pwned\u{7} x@y.z\u{202E}moc.evil\n*.m @ok\u{9B}m\n", file: "C")
    XCTAssertEqual(rules.rules.count, 0)
    XCTAssertEqual(rules.issues.count, 2)
    XCTAssertTrue(rules.issues.allSatisfy { $0.contains("a word with control characters is not an owner") })
  }

  /// S12: a pattern of more than 20 `**` segments is skipped with its place; 20 are read.
  func testS12PatternsOfTooManyDoubleStarsAreSkipped() {
    let twenty = "/" + Array(repeating: "**/a", count: 20).joined(separator: "/") + "/b/ @acme/y"
    let many = "/" + Array(repeating: "**/a", count: 100).joined(separator: "/") + "/b/ @acme/y"
    let rules = CodeOwnersRules(twenty + "\n" + many + "\n", file: "CODEOWNERS")
    XCTAssertEqual(rules.rules.map(\.line), [1])
    XCTAssertEqual(
      rules.issues,
      ["CODEOWNERS:2:1: pattern with more than 20 '**' segments: too costly to match; line skipped"])
  }
}
