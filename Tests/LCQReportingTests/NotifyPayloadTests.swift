import Foundation
import LCQAnalysis
import XCTest

@testable import LCQReporting
@testable import LCQStore

/// What `lcq notify` posts, from a change written out by hand.
final class NotifyPayloadTests: XCTestCase {
  private let notice = ConflictNotice(
    conflictID: 1, kind: .regressed, change: "regressed:1709676601", fingerprint: "v2:0123456789abcdef",
    title: "Banner: <!channel> & UILabel width", owner: "app", occurrences: 3, runs: 1,
    firstSeen: 1_709_676_601,
    lastSeen: 1_709_763_001, firstBuild: "100", lastBuild: "102", resolvedBuild: "101",
    explanation: "These 2 constraints cannot all hold: <@U123> asks for 320 > 300.",
    bestFix: "Lower [1] to priority 999.",
    codeOwnership: CodeOwnership(
      sourceFiles: ["Banner/BannerView.swift"], owners: ["@acme/growth", "a@example.com"]))

  /// Slack's form: the headline as `text`, one `mrkdwn` section; the log's `<`, `>` and `&` are
  /// escaped, so `<!channel>` and `<@U123>` ping nobody.
  func testSlackEscapesWhatCouldMentionOrLink() throws {
    let body = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(NotifyPayload.body(notice, form: .slack).utf8))
        as? [String: Any])
    // N11: `text` is read as mrkdwn too (and shown in notifications): escaped as the section is.
    XCTAssertEqual(
      body["text"] as? String,
      "Layout conflict seen again after its fix in build 101: Banner: &lt;!channel&gt; &amp; UILabel width")
    let blocks = try XCTUnwrap(body["blocks"] as? [[String: Any]])
    let text = try XCTUnwrap((blocks.first?["text"] as? [String: Any])?["text"] as? String)
    XCTAssertEqual(
      text,
      "*Layout conflict seen again after its fix in build 101: Banner: &lt;!channel&gt; &amp; UILabel width* "
        + "`v2:0123456789abcdef` (owner: app)\n"
        + "3 occurrences in 1 run · first seen 2024-03-05T22:10:01Z (build 100) · last seen 2024-03-06T22:10:01Z (build 102)\n"
        + "Owners: @acme/growth, a@example.com · Files: Banner/BannerView.swift\n"
        + "These 2 constraints cannot all hold: &lt;@U123&gt; asks for 320 &gt; 300.\n"
        + "*Fix:* Lower [1] to priority 999.")
  }

  /// The envelope's sentence rides along, escaped, in both forms.
  func testTheEnvelopeIsPosted() throws {
    var sized = notice
    sized.envelope = "[5] It fires when the root view's width is below 375 pt; safe from 375 pt up <!here>."
    let slack = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(NotifyPayload.body(sized, form: .slack).utf8))
        as? [String: Any])
    let blocks = try XCTUnwrap(slack["blocks"] as? [[String: Any]])
    let text = try XCTUnwrap((blocks.first?["text"] as? [String: Any])?["text"] as? String)
    XCTAssertTrue(
      text.hasSuffix(
        "*Sizes:* [5] It fires when the root view's width is below 375 pt; safe from 375 pt up &lt;!here&gt;."
      ),
      text)
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(NotifyPayload.body(sized, form: .json).utf8))
        as? [String: Any])
    XCTAssertEqual(json["envelope"] as? String, sized.envelope)
  }

  func testTheJSONFormNamesEveryField() throws {
    let body = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(NotifyPayload.body(notice, form: .json).utf8))
        as? [String: Any])
    XCTAssertEqual(body["schema"] as? String, "lcq-notify/1")
    XCTAssertEqual(body["change"] as? String, "regressed")
    XCTAssertEqual(body["resolved_build"] as? String, "101")
    XCTAssertEqual(body["first_seen"] as? String, "2024-03-05T22:10:01Z")
    XCTAssertEqual(body["occurrences"] as? Int, 3)
    XCTAssertEqual(body["code_owners"] as? [String], ["@acme/growth", "a@example.com"])
    XCTAssertEqual(body["source_files"] as? [String], ["Banner/BannerView.swift"])
    XCTAssertTrue(body["test"] is NSNull, "no log held test markers")
    XCTAssertTrue(body["envelope"] is NSNull, "the notice has no container-set size")
    XCTAssertTrue(body["damage"] is NSNull && body["damage_points"] is NSNull, "stored without a damage")
    XCTAssertEqual(Set(body.keys).count, 21)
    var damaged = notice
    damaged.damage = DamageSummary(
      line: "Damage (visible): UIKit's layout misses [1] by exactly 24 pt.", points: 24, shows: .visible,
      collapses: false)
    let withDamage = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(NotifyPayload.body(damaged, form: .json).utf8))
        as? [String: Any])
    XCTAssertEqual(withDamage["damage_points"] as? Double, 24)
    XCTAssertEqual(withDamage["damage_shows"] as? String, "visible")
    XCTAssertEqual(
      withDamage["damage"] as? String, "Damage (visible): UIKit's layout misses [1] by exactly 24 pt.")
  }

  private func slackTexts(_ notice: ConflictNotice) throws -> (text: String, section: String) {
    let body = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(NotifyPayload.body(notice, form: .slack).utf8))
        as? [String: Any])
    let blocks = try XCTUnwrap(body["blocks"] as? [[String: Any]])
    let section = try XCTUnwrap((blocks.first?["text"] as? [String: Any])?["text"] as? String)
    return (try XCTUnwrap(body["text"] as? String), section)
  }

  /// N11: a mention or link from a log (an identifier `UISV-<!channel> <https://evil.example|click>`)
  /// reaches neither `text` nor the section as markup.
  func testN11NoMentionOrLinkInEitherText() throws {
    var hostile = notice
    hostile.title = "stack view 'UISV-<!channel> <https://evil.example|click>' @everyone <!here|here>"
    let (text, section) = try slackTexts(hostile)
    for slackText in [text, section] {
      XCTAssertFalse(slackText.contains("<"), slackText)
      XCTAssertFalse(slackText.contains(">"), slackText)
    }
    XCTAssertTrue(text.contains("&lt;!channel&gt; &lt;https://evil.example|click&gt;"), text)
  }

  /// N13: Slack's 3,000-character section limit counts UTF-16 units: a label of 200 × (`e` and
  /// 40 combining accents) is 8,200 units in 200 characters, and is cut to 3,000 units (in the
  /// title, which the headline cuts to 150, and in the explanation, which only the section's
  /// limit cuts).
  func testN13TheSectionIsCutByUTF16Units() throws {
    var heavy = notice
    heavy.title = String(repeating: "e" + String(repeating: "\u{301}", count: 40), count: 200)
    heavy.explanation = heavy.title
    let (text, section) = try slackTexts(heavy)
    XCTAssertLessThanOrEqual(section.utf16.count, 3_000)
    XCTAssertTrue(section.hasSuffix("…"))
    XCTAssertLessThanOrEqual(text.utf16.count, 300)
  }

  /// N14: a 100,000-character identifier makes a headline of at most 300 UTF-16 units, and
  /// the whole body stays small.
  func testN14TheHeadlineIsCapped() throws {
    var long = notice
    long.title = "UISV-" + String(repeating: "A", count: 100_000)
    let (text, section) = try slackTexts(long)
    XCTAssertLessThanOrEqual(text.utf16.count, 300)
    XCTAssertTrue(text.hasSuffix("…"))
    XCTAssertLessThanOrEqual(section.utf16.count, 3_000)
    XCTAssertLessThan(NotifyPayload.body(long, form: .slack).utf8.count, 8_000)
    // An astral character is never cut in half.
    let clipped = NotifyPayload.clipped(String(repeating: "😀", count: 10), to: 6)
    XCTAssertEqual(clipped, "😀😀…")
  }

  /// N15: the changes past a run's cap go in one digest message, in both forms.
  func testN15TheDigestListsEveryChange() throws {
    var second = notice
    second.fingerprint = "v2:fedcba9876543210"
    second.kind = .new
    second.title = "<!channel> second"
    let slack = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(NotifyPayload.digestBody([notice, second], form: .slack).utf8))
        as? [String: Any])
    XCTAssertEqual(slack["text"] as? String, "2 more layout conflicts changed (new or regressed)")
    let blocks = try XCTUnwrap(slack["blocks"] as? [[String: Any]])
    let section = try XCTUnwrap((blocks.first?["text"] as? [String: Any])?["text"] as? String)
    XCTAssertEqual(
      section,
      "*2 more layout conflicts changed (new or regressed)*\n"
        + "• `v2:0123456789abcdef` regressed: Banner: &lt;!channel&gt; &amp; UILabel width\n"
        + "• `v2:fedcba9876543210` new: &lt;!channel&gt; second")
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(NotifyPayload.digestBody([notice, second], form: .json).utf8))
        as? [String: Any])
    XCTAssertEqual(json["change"] as? String, "digest")
    XCTAssertEqual(json["count"] as? Int, 2)
    let changes = try XCTUnwrap(json["changes"] as? [[String: Any]])
    XCTAssertEqual(
      changes.map { $0["fingerprint"] as? String }, ["v2:0123456789abcdef", "v2:fedcba9876543210"])
  }
}
