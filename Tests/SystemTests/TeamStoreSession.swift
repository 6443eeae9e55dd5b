// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQEndToEndSupport
  import XCTest

  /// A session of lcq's use that the team store's tests replay on each store (two builds, a run
  /// ingested again, a resolved and an ignored conflict), and every read command in every
  /// format that they compare across stores.
  enum TeamStoreSession {
    /// The window every comparison reads (explicit, so both stores are asked the same).
    static let window = ["--since", "2000-01-01", "--until", "2026-11-25T00:00:00Z"]

    /// Every read command in every format, as the comparisons run them.
    static func readCommands(fingerprints: [String]) -> [[String]] {
      var commands: [[String]] = []
      for format in ["table", "json", "csv", "markdown"] {
        commands += [
          ["top"] + window + ["--format", format, "--limit", "500"],
          ["top", "--by", "runs"] + window + ["--format", format],
          ["top", "--by", "devices", "--owner", "all"] + window + ["--format", format],
          ["top", "--by", "tests", "--owner", "all"] + window + ["--format", format],
          ["new"] + window + ["--format", format],
          ["new", "--since-build", "100", "--format", format],
          ["regressed"] + window + ["--format", format],
          ["quiet", "--for", "1d", "--format", format],
          ["quiet", "--builds", "1", "--format", format],
          ["trend"] + window + ["--format", format],
          ["trend", "--by", "build"] + window + ["--format", format],
          ["diff", "100", "101", "--format", format],
          ["diff", "100", "101", "--owner", "all", "--format", format],
        ]
      }
      // The corpus's `.xcresult` sample's conflict, logged in one test three times (docs/tests.md).
      for fingerprint in fingerprints.prefix(3) + ["v3:b2227e50637a5738"] {
        commands += [
          ["show", fingerprint], ["show", fingerprint, "--format", "json"],
          ["trend", fingerprint] + window + ["--by", "build"],
        ]
      }
      commands += [
        ["check", "--build", "101", "--format", "markdown"], ["check", "--build", "101", "--format", "json"],
        ["check", "--build", "100", "--owner", "all"], ["check", "--run-id", "again"],
        ["report"] + window + ["--format", "json"], ["report"] + window + ["--format", "markdown"],
        ["report", "--since", "2024-03-01", "--until", "2024-03-07", "--format", "json"],
      ]
      return commands
    }

    /// The same session (two builds, a run ingested again, a resolved and an ignored conflict)
    /// in `db`; returns the fingerprints by occurrences.
    static func ingest(into db: String, logs: [String]) throws -> [String] {
      let half = logs.count / 2
      let common = ["--db", db, "--ingest-time", "2026-11-20T10:00:00Z", "--app", "Demo"]
      for arguments in [
        common + ["--build", "100"] + logs[..<half], common + ["--build", "101"] + logs[half...],
        common + ["--build", "101", "--run-id", "again"] + logs[..<half],
      ] {
        let ingest = try LCQProcess.run(["ingest"] + arguments)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
      }
      let fingerprints = try LCQProcess.topFingerprints(["--db", db, "--owner", "all"] + window)
      XCTAssertGreaterThan(fingerprints.count, 3)
      XCTAssertEqual(
        try LCQProcess.run(["resolve", fingerprints[0], "--in-build", "100", "--db", db]).status, 0)
      XCTAssertEqual(try LCQProcess.run(["ignore", fingerprints[1], "--db", db]).status, 0)
      return fingerprints
    }

    /// What `runners` `lcq notify` processes started at once against `db` posted, each change as
    /// `fingerprint change`, sorted; each must exit 0. Past 20 changes a run posts the rest in one
    /// digest: each change counts once, in a post or in a digest's list.
    static func notifiedAtOnce(_ db: String, runners: Int, environment: [String: String] = [:]) throws
      -> [String]
    {
      let server = try WebhookServer()
      let command = [
        "notify", "--db", db, "--webhook-url", server.url(), "--payload", "json", "--owner", "all", "--since",
        "2000-01-01",
      ]
      let list = ResultList()
      DispatchQueue.concurrentPerform(iterations: runners) { _ in
        list.append(Result { try LCQProcess.run(command, environment: environment) })
      }
      for result in try list.all.map({ try $0.get() }) { XCTAssertEqual(result.status, 0, result.stderr) }
      return try server.requests().flatMap { request in
        (request.body["changes"] as? [[String: Any]] ?? [request.body]).map {
          "\($0["fingerprint"] ?? "") \($0["change"] ?? "")"
        }
      }.sorted()
    }
  }
#endif
