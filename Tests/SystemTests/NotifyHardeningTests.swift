import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq notify` against webhooks that misbehave (security review 2: N3–N8, N11, N15), on the
/// store fixture (``StoreFixture``: 14 changes with `--owner all`, see ``NotifyCommandTests``).
final class NotifyHardeningTests: XCTestCase {
  var fixture: StoreFixture!
  /// Tries again after 0.05 s and 0.1 s, not 1 s and 2 s.
  let environment = StoreFixture.environment.merging(["LCQ_NOTIFY_RETRY_WAIT": "0.05"]) { $1 }

  override func setUpWithError() throws { fixture = try StoreFixture.fourteenChanges() }

  override func tearDown() { fixture.remove() }

  private func notify(_ url: String, _ extra: [String] = []) throws -> MeasuredRun {
    try MeasuredRun.lcq(
      ["notify", "--db", fixture.database, "--webhook-url", url, "--payload", "json", "--owner", "all"]
        + extra,
      environment: environment)
  }

  /// `lcq notify` to `url` from a store of one change (corpus 009's conflict, new).
  private func notifyOneChange(_ url: String) throws -> MeasuredRun {
    let single = try StoreFixture()
    defer { single.remove() }
    XCTAssertEqual(try single.lcq(["ingest", LCQProcess.corpusFile("009")]).status, 0)
    return try MeasuredRun.lcq(
      ["notify", "--db", single.database, "--webhook-url", url, "--payload", "json", "--owner", "all"],
      environment: environment)
  }

  /// N4, N5, N6, N8 together: two runs at once against a webhook that drips its answer, redirects,
  /// answers 500 and answers 3 GB. Every change is received with success exactly once across
  /// them and a third run (which posts what the redirects left pending); nothing follows a
  /// redirect; each run stays under 100 MB and ends long before a drip would.
  func testN4N5N6N8EachChangeIsPostedOnceWhateverTheWebhookDoes() throws {
    let server = try HostileWebhookServer()
    let arguments = [
      "notify", "--db", fixture.database, "--webhook-url", server.url("mixed"), "--payload", "json",
      "--owner", "all",
    ]
    let environment = self.environment
    let results = DispatchQueue.concurrentResults(2) {
      try MeasuredRun.lcq(arguments, environment: environment)
    }
    let measured = try results.map { try $0.get() }
    for run in measured {
      print("lcq notify: peak RSS \(run.maxrss) KB, \(run.seconds) s")
      XCTAssertLessThan(run.maxrss, 100 * 1024, "peak memory of a run, in KB")
      XCTAssertLessThan(run.seconds, 40, "a drip of 60 s is not waited for")
      XCTAssertFalse(run.stderr.contains("XOXB"), run.stderr)
    }
    // The redirected changes (every fifth from the second) are pending: the runs say why.
    let said = measured.map(\.stderr).joined()
    XCTAssertTrue(said.contains("the webhook answered HTTP 307, a redirect, which lcq does not follow"), said)
    XCTAssertEqual(measured.map(\.status).sorted().last, 1, said)
    let third = try notify(server.url("ok"))
    XCTAssertEqual(third.status, 0, third.stderr)
    let fourth = try notify(server.url("ok"))
    XCTAssertEqual(fourth.stderr, "lcq: nothing to notify\n")

    let requests = try server.requests()
    XCTAssertFalse(requests.contains { $0.path.hasPrefix("/ok/redirected") }, "no redirect followed")
    XCTAssertTrue(requests.allSatisfy { $0.method == "POST" })
    let accepted = requests.filter { (200..<300).contains($0.status) }.compactMap(\.change)
    XCTAssertEqual(accepted.count, 14, "\(requests.map { "\($0.status) \($0.path)" })")
    XCTAssertEqual(Set(accepted).count, 14, "no change received twice")
    // Every behaviour was met: 3 drips or huge answers, 3 redirects, 3 refusals.
    let firstAnswers = Dictionary(grouping: requests, by: { $0.change ?? "" }).mapValues { $0[0].status }
    XCTAssertEqual(firstAnswers.values.filter { $0 == 307 }.count, 3)
    XCTAssertEqual(firstAnswers.values.filter { $0 == 500 }.count, 3)
  }

  /// N3: a webhook that takes the post and never answers costs 10 s a try, not 60 (URLSession's
  /// default on Linux), and the change is left pending with the documented words.
  func testN3AHangingWebhookCostsTenSecondsATry() throws {
    let server = try HostileWebhookServer()
    let run = try notifyOneChange(server.url("hang"))
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("left pending: the webhook did not answer within 10 s"), run.stderr)
    XCTAssertEqual(try server.requests().count, 3, "three tries")
    XCTAssertGreaterThan(run.seconds, 29)
    XCTAssertLessThan(run.seconds, 45, "three tries of 10 s, not of 60 s")
  }

  /// N7: `Retry-After` is honoured: 1 s is waited for and the post then goes through; 3,600 s
  /// is more than a run waits, so the change is left pending at once, saying why.
  func testN7RetryAfterIsHonoured() throws {
    let server = try HostileWebhookServer()
    let short = try notify(server.url("e429/1"))
    XCTAssertEqual(short.status, 0, short.stderr)
    XCTAssertGreaterThan(short.seconds, 14, "a second waited for each of 14 changes")
    let accepted = try server.requests().filter { $0.status == 200 }
    XCTAssertEqual(accepted.count, 14)

    let long = try HostileWebhookServer()
    let refused = try notifyOneChange(long.url("e429/3600"))
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(
      refused.stderr.contains("left pending: the webhook answered HTTP 429 and asked to wait 3600 s"),
      refused.stderr)
    XCTAssertEqual(try long.requests().count, 1, "not tried again within the run")
    XCTAssertLessThan(refused.seconds, 10)
  }
}

extension NotifyHardeningTests {
  /// N15: a log of many new conflicts (the whole real corpus) makes 20 posts and one digest of
  /// the rest, each change recorded once: the next run posts nothing.
  func testN15PastTwentyChangesTheRestGoInOneDigest() throws {
    let many = try StoreFixture()
    defer { many.remove() }
    let logs = try LCQProcess.corpusLogs().filter { $0.contains("/real/") }
    XCTAssertEqual(try many.lcq(["ingest"] + logs).status, 0)
    let dry = try many.lcq(["notify", "--dry-run", "--owner", "all"])
    let count = try XCTUnwrap(Int(dry.stderr.split(separator: " ")[3]), dry.stderr)
    XCTAssertGreaterThan(count, 40)
    XCTAssertEqual(
      dry.stderr,
      "lcq: dry run: \(count) changes would be posted (20 one by one, \(count - 20) in one digest)\n")
    let server = try WebhookServer()
    let run = try many.lcq(["notify", "--webhook-url", server.url(), "--payload", "json", "--owner", "all"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stderr.contains("past 20 changes, \(count - 20) went in one digest message"), run.stderr)
    let requests = try server.requests()
    XCTAssertEqual(requests.count, 21)
    let digest = try XCTUnwrap(requests.last?.body)
    XCTAssertEqual(digest["change"] as? String, "digest")
    XCTAssertEqual(digest["count"] as? Int, count - 20)
    let listed = (digest["changes"] as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String }
    let single = requests.dropLast().compactMap { $0.body["fingerprint"] as? String }
    XCTAssertEqual(Set(listed + single).count, count, "every change once, in a post or in the digest")
    XCTAssertEqual(
      try many.lcq(["notify", "--webhook-url", server.url(), "--owner", "all"]).stderr,
      "lcq: nothing to notify\n")
  }
}

extension DispatchQueue {
  /// Runs `body` `count` times at once and returns each result, in no particular order.
  static func concurrentResults<T>(_ count: Int, _ body: @escaping @Sendable () throws -> T) -> [Result<
    T, any Error
  >] {
    let lock = NSLock()
    nonisolated(unsafe) var results: [Result<T, any Error>] = []
    concurrentPerform(iterations: count) { _ in
      let result = Result { try body() }
      lock.withLock { results.append(result) }
    }
    return results
  }
}
