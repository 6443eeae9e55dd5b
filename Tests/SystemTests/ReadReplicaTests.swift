// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQEndToEndSupport
  import LCQTestSupport
  import XCTest

  /// The team store's read replica (docs/team.md): a hot standby, copied from the primary with
  /// `pg_basebackup` and streaming its changes, answers every read command exactly as the
  /// primary does once it has replayed them; `check`, which asks about the run just ingested,
  /// refuses it and asks for the primary; a write is refused in one line that says why.
  final class ReadReplicaTests: XCTestCase {
    func testEveryReadCommandAnswersOnAStandbyAsOnThePrimary() throws {
      let primary = try PostgresTestServer.shared()
      let url = try primary.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      let fingerprints = try TeamStoreSession.ingest(
        into: url, logs: Array(try LCQProcess.corpusLogs().prefix(40)))
      let standby = try PostgresTestStandby(of: primary)
      defer { standby.stop() }
      let replica = standby.url(database: database)
      // A run ingested after the copy reaches the standby by streaming.
      let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
      let later = try LCQProcess.run([
        "ingest", "--db", url, "--build", "102", "--app", "Demo", "--ingest-time", "2026-11-20T11:00:00Z",
        example,
      ])
      XCTAssertEqual(later.status, 0, later.stderr)
      try standby.waitForReplay(of: primary)
      XCTAssertEqual(try standby.query("SELECT pg_is_in_recovery()"), "t\n")

      // The bytes a database takes on disk are its files', and a standby's free-space maps are
      // its own (PostgreSQL does not replicate all of them): `db stats` may differ there alone.
      func shown(_ text: String, port: Int) -> String {
        text.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:PORT")
          .replacingOccurrences(of: #""bytes":[0-9]+,"#, with: "", options: .regularExpression)
      }
      let commands =
        TeamStoreSession.readCommands(fingerprints: fingerprints).filter { $0.first != "check" } + [
          ["new", "--since-build", "101", "--format", "json"], ["db", "stats", "--format", "json"],
        ]
      for arguments in commands {
        let onPrimary = try LCQProcess.run(arguments + ["--db", url])
        let onStandby = try LCQProcess.run(arguments + ["--db", replica])
        XCTAssertEqual(onStandby.status, onPrimary.status, "\(arguments): \(onStandby.stderr)")
        XCTAssertEqual(
          shown(onStandby.stdout, port: standby.port), shown(onPrimary.stdout, port: primary.port))
        XCTAssertEqual(
          shown(onStandby.stderr, port: standby.port), shown(onPrimary.stderr, port: primary.port))
      }
      // The streamed run is there: build 102's conflicts are new on both.
      let streamed = try LCQProcess.run(["new", "--since-build", "101", "--format", "json", "--db", replica])
      XCTAssertTrue(streamed.stdout.contains("\"102\""), streamed.stdout)

      // check needs the primary, and says so.
      let onPrimary = try LCQProcess.run(["check", "--build", "102", "--db", url])
      XCTAssertNotEqual(onPrimary.status, 2, onPrimary.stderr)
      let checked = try LCQProcess.run(["check", "--build", "102", "--db", replica])
      XCTAssertEqual(checked.status, 2)
      XCTAssertEqual(checked.stdout, "")
      XCTAssertEqual(
        checked.stderr,
        "lcq: postgres://lcq:***@127.0.0.1:\(standby.port)/\(database)?sslmode=disable: a standby (read replica), "
          + "which may not have replayed the run just ingested; check needs the primary's URL, the one the "
          + "runners write to (docs/team.md)\n")

      // A write is refused by the standby in one line that names the primary.
      let refused = try LCQProcess.run(["ingest", "--db", replica, "--build", "103", example])
      XCTAssertEqual(refused.status, 2)
      XCTAssertTrue(refused.stderr.contains("read-only transaction"), refused.stderr)
      XCTAssertTrue(refused.stderr.contains("need the primary (docs/team.md)"), refused.stderr)
      XCTAssertEqual(refused.stderr.split(separator: "\n").filter { $0.hasPrefix("lcq: postgres") }.count, 1)
      XCTAssertFalse(refused.stderr.contains(PostgresTestServer.password))
    }
  }
#endif
