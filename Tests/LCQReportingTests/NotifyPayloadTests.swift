import Foundation
import LCQAnalysis
import LCQReporting
import XCTest

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
    XCTAssertEqual(
      body["text"] as? String,
      "Layout conflict seen again after its fix in build 101: Banner: <!channel> & UILabel width")
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
    XCTAssertEqual(Set(body.keys).count, 16)
  }
}
