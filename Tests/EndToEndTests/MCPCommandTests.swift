import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq mcp` driven by a real MCP client (PyPI's `mcp`, `Tests/Agents/mcp_session.py`): it
/// initialises, lists the tools, and gets from `analyze_log` exactly the objects `lcq analyze
/// --format json` prints for the same log, and from the store tools what `lcq top`, `show` and
/// `check` print; every malformed call gets an error result that says what is wrong, and the
/// server answers after them.
final class MCPCommandTests: XCTestCase {
  var fixture: StoreFixture!
  let log = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    let ingest = try fixture.lcq(["ingest", "--build", "7", log])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    // An `.xcresult` app console: one conflict logged three times in SmokeTestCase.testOpenTab
    // on 2023-10-09 (docs/tests.md).
    let tests = try fixture.lcq([
      "ingest", "--build", "7",
      LCQProcess.corpus.appendingPathComponent("test-markers/xcresult-app-side-diagnostics.log").path,
    ])
    XCTAssertEqual(tests.status, 0, tests.stderr)
  }

  override func tearDown() { fixture.remove() }

  private func session() throws -> [String: Any] {
    let script = LCQProcess.repositoryRoot.appendingPathComponent("Tests/Agents/mcp_session.py").path
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", script, LCQProcess.executable.path, fixture.database, log,
        LCQProcess.fixture("owners-app"),
      ])
    XCTAssertEqual(result.status, 0, result.stderr)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  private func objects(_ text: String) throws -> [NSDictionary] {
    try text.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary)
    }
  }

  func testAnAgentGetsWhatTheCommandsPrint() throws {
    let answers = try session()
    XCTAssertEqual((answers["server"] as? [String: String])?["name"], "lcq")
    XCTAssertEqual(
      answers["tools"] as? [String],
      ["analyze_log", "check_build", "conflict_tests", "show_conflict", "top_conflicts"])

    let analyze = try XCTUnwrap(answers["analyze"] as? [String: Any])
    XCTAssertEqual(analyze["is_error"] as? Bool, false)
    let structured = try XCTUnwrap(analyze["structured"] as? [String: Any])
    let blocks = try XCTUnwrap(structured["blocks"] as? [NSDictionary])
    let cli = try LCQProcess.run(["analyze", "--format", "json", log])
    XCTAssertEqual(cli.status, 0, cli.stderr)
    let expected = try objects(cli.stdout)
    XCTAssertEqual(blocks.count, 7)
    XCTAssertEqual(blocks, expected, "analyze_log's blocks are lcq analyze --format json's objects")
    // Among them, where a container's size decides the conflict, on which sizes it fires
    // (docs/envelope.md).
    XCTAssertTrue(
      blocks.contains { ($0["envelope"] as? [[String: Any]])?.first?["words"] as? String != nil },
      "the envelope reaches agents")
    XCTAssertEqual(structured["conflicts_found"] as? Int, 7)
    // The text content is the same JSON, for clients that read only text.
    let text = try XCTUnwrap(analyze["text"] as? String)
    XCTAssertEqual(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, structured as NSDictionary)

    // With the app's source, each block also names its files and owners, as `lcq analyze
    // --source-root` does.
    let owned = try XCTUnwrap((answers["owned"] as? [String: Any])?["structured"] as? [String: Any])
    let ownedCLI = try LCQProcess.run([
      "analyze", "--format", "json", "--source-root", LCQProcess.fixture("owners-app"), log,
    ])
    XCTAssertEqual(owned["blocks"] as? [NSDictionary], try objects(ownedCLI.stdout))
    let named = (owned["blocks"] as? [[String: Any]] ?? []).compactMap { $0["code_owners"] as? [String] }
    XCTAssertEqual(named.filter { !$0.isEmpty }.count, 6)

    // The tests behind a conflict, as `lcq show` counts them; none after the day it was logged.
    let tests = try XCTUnwrap((answers["tests"] as? [String: Any])?["structured"] as? NSDictionary)
    XCTAssertEqual(
      tests,
      [
        "schema": "lcq-conflict-tests/1", "fingerprint": "v3:b2227e50637a5738",
        "first_seen_in_test": "SmokeTestCase.testOpenTab",
        "tests": [["test": "SmokeTestCase.testOpenTab", "occurrences": 3]], "test_count": 1,
      ] as NSDictionary)
    let later = try XCTUnwrap((answers["tests_since"] as? [String: Any])?["structured"] as? [String: Any])
    XCTAssertEqual(later["test_count"] as? Int, 0)
    XCTAssertTrue(later["first_seen_in_test"] is NSNull)

    for (tool, arguments) in [
      ("top", ["top", "--limit", "3", "--owner", "all"]), ("show", ["show", "v3:08d2"]), ("check", ["check"]),
      ("top_damage", ["top", "--limit", "3", "--owner", "all", "--by", "damage", "--min-damage", "1"]),
      ("check_damage", ["check", "--min-damage", "1000"]),
    ] {
      let answer = try XCTUnwrap(answers[tool] as? [String: Any])
      XCTAssertEqual(answer["is_error"] as? Bool, false, tool)
      let command = try fixture.lcq(arguments + ["--format", "json"])
      XCTAssertEqual(
        answer["structured"] as? NSDictionary,
        try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? NSDictionary, tool)
    }
  }

  func testMalformedCallsGetErrorsThatSayWhatIsWrong() throws {
    let answers = try session()
    let bad = try XCTUnwrap(answers["bad"] as? [String: [String: Any]])
    let expected: [String: String] = [
      "missing_log": "analyze_log needs 'log': the log's text",
      "log_not_text": "analyze_log: 'log' must be a string",
      "unknown_argument": "analyze_log takes no argument 'colour' (it takes: file_name, log, source_root)",
      "too_big":
        "analyze_log: the log is 4194305 bytes; one call reads at most 4194304 (4 MiB). Pipe a larger log to `lcq analyze --format json`.",
      "limit_out_of_range": "top_conflicts: 'limit' must be an integer from 1 to 100",
      "bad_owner": "top_conflicts: 'owner' must be one of app, system, library, all, not 'everyone'",
      "bad_min_damage": "top_conflicts: 'min_damage' must be a number of points, 0 or more (such as 1)",
      "no_such_conflict": "lcq: no conflict has a fingerprint starting with 'v3:ffff'",
      "both_scopes": "check_build: give 'build' or 'run_id', not both",
      "tests_without_fingerprint":
        "conflict_tests needs 'fingerprint': a fingerprint (v3:…) or its first digits",
      "no_source_root": "analyze_log: 'source_root' /nonexistent/app is not a folder lcq can read",
    ]
    for (name, message) in expected {
      XCTAssertEqual(bad[name]?["is_error"] as? Bool, true, name)
      XCTAssertEqual(bad[name]?["text"] as? String, message, name)
    }
    XCTAssertEqual(bad["bad_since"]?["is_error"] as? Bool, true)
    XCTAssertTrue(
      (bad["bad_since"]?["text"] as? String ?? "").hasPrefix("top_conflicts: 'since' 'yesterday-ish'"))
    XCTAssertTrue((answers["unknown_tool"] as? String ?? "").contains("no tool named 'no_such_tool'"))
    let after = try XCTUnwrap(answers["after"] as? [String: Any])
    XCTAssertEqual(after["is_error"] as? Bool, false, "the server answers after the bad calls")
    XCTAssertEqual((after["structured"] as? [String: Any])?["conflicts_found"] as? Int, 0)
  }

  /// Without a client library: requests piped in and input closed get their answers before
  /// lcq exits, and a message over the limit is answered with an error naming its id, the
  /// next one still answered.
  func testPipedRequestsAreAnsweredAndAnOverlongMessageIsRefused() throws {
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"#
      + #""clientInfo":{"name":"test","version":"1"}}}"#
    let list = #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#
    let overlong =
      #"{"jsonrpc":"2.0","id":"big-7","method":"tools/call","params":{"log":""#
      + String(repeating: "y", count: 17 << 20) + #""}}"#
    let input =
      [initialize, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, overlong, list]
      .joined(separator: "\n") + "\n"
    let result = try fixture.lcq(["mcp"], stdin: Data(input.utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    let answers = try objects(result.stdout)
    XCTAssertEqual(answers.count, 3, result.stdout)
    let refused = try XCTUnwrap(answers.first { $0["id"] as? String == "big-7" })
    XCTAssertEqual(
      (refused["error"] as? NSDictionary)?["message"] as? String,
      "message too long: lcq mcp reads messages of at most 16777216 bytes")
    let tools = try XCTUnwrap(answers.first { $0["id"] as? Int == 3 })
    XCTAssertEqual(((tools["result"] as? NSDictionary)?["tools"] as? [Any])?.count, 5)
  }
}
