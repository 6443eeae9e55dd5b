import Foundation
import LCQEndToEndSupport
import XCTest

/// The failures of the second security review (RELIABILITY.md, "Security review 2"), one test per case (its id in the
/// name), each reproduced as the review did it against the real `lcq` binary. The notify
/// cases are in ``NotifyHardeningTests``; the rules under them have unit tests of their own
/// (`TeammateFileTests`, `CodeOwnersRulesTests`, `PostgresLocationTests`, `NotifyPayloadTests`).
final class SecurityReview2Tests: XCTestCase {
  private var fixture: StoreFixture!
  private let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
  /// What a CI job's environment holds, as the review's S5 set it.
  private let secrets = [
    "CI_COMMIT_MESSAGE": "fix layout",
    "LCQ_WEBHOOK_URL": "https://hooks.slack.com/services/T000/B000/XOXBSECRETTOKEN",
    "PGPASSWORD": "hunter2", "BUILD_NAME": "nightly run",
  ]

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  private func path(_ name: String) -> String { fixture.folder.appendingPathComponent(name).path }

  private func write(_ text: String, _ name: String) throws -> String {
    let file = path(name)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  // MARK: Owners and source files

  /// S5: a CODEOWNERS committed as a link to `/proc/self/environ` is not read, and nothing of
  /// the environment reaches the output: found by convention, the run goes on without owners;
  /// named with `--codeowners`, it is a usage error.
  func testS5ACodeOwnersLinkToTheEnvironmentLeaksNothing() throws {
    _ = try write("final class MessageInputBar: UIView {}\n", "src/Chat/MessageInputBar.swift")
    try FileManager.default.createSymbolicLink(
      atPath: path("src/CODEOWNERS"), withDestinationPath: "/proc/self/environ")
    let ingest = try LCQProcess.run(
      ["ingest", "--db", fixture.database, "--source-root", path("src"), example], environment: secrets)
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    XCTAssertTrue(
      ingest.stderr.contains(
        "lcq: \(path("src"))/CODEOWNERS (the source tree's CODEOWNERS): is a symbolic link that leads out of "
          + "\(path("src")); not read; no owners this run"), ingest.stderr)
    let named = try LCQProcess.run(
      [
        "ingest", "--db", fixture.database, "--source-root", path("src"), "--codeowners",
        path("src/CODEOWNERS"), example,
      ],
      environment: secrets)
    XCTAssertEqual(named.status, 64, named.stderr)
    XCTAssertTrue(
      named.stderr.contains("--codeowners \(path("src/CODEOWNERS")): is a symbolic link"), named.stderr)
    for output in [ingest.stdout + ingest.stderr, named.stdout + named.stderr] {
      XCTAssertFalse(
        output.contains("XOXB") || output.contains("hunter2") || output.contains("nightly"), output)
    }
    // The source files were still read: the input bar's conflicts name their file.
    let rows = try fixture.rows(["top", "--owner", "all"])
    XCTAssertTrue(
      rows.contains { ($0["source_files"] as? [String]) == ["Chat/MessageInputBar.swift"] }, "\(rows)")
  }

  /// S9: a source file whose name holds a line break and escapes cannot forge a line of `show`
  /// (its name is on one line, its escapes spelled out), nor reach CSV raw.
  func testS9AFileNameCannotForgeALine() throws {
    let evil = "Chat/Evil\u{1B}]0;owned\u{7}\nOwners: @acme/security.swift"
    _ = try write("final class MessageInputBar: UIView {}\n", "src/" + evil)
    let ingest = try fixture.lcq(["ingest", "--source-root", path("src"), example])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let row = try XCTUnwrap(
      try fixture.rows(["top", "--owner", "all"]).first { ($0["source_files"] as? [String]) == [evil] })
    let fingerprint = try XCTUnwrap(row["fingerprint"] as? String)
    let show = try fixture.lcq(["show", fingerprint])
    XCTAssertEqual(show.status, 0, show.stderr)
    XCTAssertFalse(
      show.stdout.split(separator: "\n").contains { $0.hasPrefix("Owners: @acme/security") }, show.stdout)
    XCTAssertTrue(
      show.stdout.contains(#"Chat/Evil\u{1B}]0;owned\u{7} Owners: @acme/security.swift"#), show.stdout)
    for format in ["csv", "markdown", "table"] {
      let top = try fixture.lcq(["top", "--owner", "all", "--format", format])
      XCTAssertFalse(top.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, top.stdout)
    }
  }

  /// S10: a label with an escape sequence (OSC 52, which writes the clipboard), a C1 control
  /// and a bidi override (here in a stack view's identifier, which the title repeats) reaches no
  /// CSV raw: `top`, `new`, `quiet` and `diff` spell them out.
  func testS10CSVSpellsOutControlAndBidiCharacters() throws {
    let label = "Pay\u{1B}]52;c;aGk=\u{7}\u{9B}31m\u{202E}moc.evil"
    let log = try write(
      """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600000000001 'UISV-\(label)' UILabel:0x7f0000000001.width == 40   (active)>",
          "<NSLayoutConstraint:0x600000000002 UILabel:0x7f0000000001.width == 60   (active)>"
      )

      """, "label.log")
    XCTAssertEqual(
      try fixture.lcq(["ingest", "--build", "1", "--ingest-time", "2024-01-01T00:00:00Z", log]).status, 0)
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "2", example]).status, 0)
    let commands = [
      ["top", "--owner", "all"], ["new", "--owner", "all", "--since", "2000-01-01"],
      ["quiet", "--for", "1d"],
      ["diff", "2", "1", "--owner", "all"],
    ]
    for command in commands {
      let result = try fixture.lcq(command + ["--format", "csv"])
      XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
      let raw = result.stdout.unicodeScalars.filter { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }
      XCTAssertTrue(raw.isEmpty, "\(command): \(result.stdout.debugDescription)")
      XCTAssertTrue(
        result.stdout.contains(#"Pay\u{1B}]52;c;aGk=\u{7}\u{9B}31m\u{202E}moc.evil"#),
        "\(command): the label is kept, spelled out: \(result.stdout.debugDescription)")
    }
  }

  // MARK: Database locations

  /// P3: a password with an unescaped `/`, `#` or `?` appears in no message, in any command.
  func testP3APasswordWithURLCharactersIsNeverPrinted() throws {
    let urls = [
      "postgres://lcq_writer:Wr1ter/pw#x?y@127.0.0.1:1/lcq",
      "postgres://lcq_writer:Wr1ter#pw@127.0.0.1:1/lcq",
      "postgres://lcq_writer:Wr1ter?xy@127.0.0.1:1/lcq", "postgres://u:p@127.0.0.1:1/lcq?pass%77ord=WRONGPW3",
    ]
    for url in urls {
      for arguments in [["top", "--db", url], ["db", "copy", "--from", url, "--to", path("copy.sqlite")]] {
        let result = try LCQProcess.run(arguments, environment: ["LCQ_RECONNECT_SECONDS": "0"])
        let output = result.stdout + result.stderr
        XCTAssertEqual(result.status, 2, output)
        for secret in ["Wr1ter", "pw#x", "xy@", "WRONGPW3"] {
          XCTAssertFalse(output.contains(secret), "\(url): \(output)")
        }
      }
    }
  }

  #if TeamStore
    /// P8: a server that declines TLS and asks for the password in clear gets no password when the
    /// sslmode asks for TLS, and lcq says why in one sentence. (The default for a host that is not
    /// this machine is `require`: `PostgresLocationTests`; no test may reach such a host.)
    func testP8NoPasswordGoesToAServerThatDeclinesTLS() throws {
      let server = try FakeCleartextPostgres()
      let url = "postgres://lcq:TopSecretPW@127.0.0.1:\(server.port)/lcq?sslmode=require&connect_timeout=3"
      let result = try LCQProcess.run(["top", "--db", url], environment: ["LCQ_RECONNECT_SECONDS": "0"])
      XCTAssertEqual(result.status, 2, result.stderr)
      // The sslmode this URL gave is the reason named, and no default is said to apply (a
      // newcomer's round 3: a loopback URL was told of the default for other hosts).
      XCTAssertTrue(
        result.stderr.contains("the server does not offer TLS, and sslmode=require asks for it;"),
        result.stderr)
      XCTAssertFalse(result.stderr.contains("default"), result.stderr)
      XCTAssertFalse(result.stderr.contains("TopSecretPW"))
      XCTAssertFalse(try server.passwordsReceived().contains("TopSecretPW"), "no password was sent")
      // The fake server does catch a password sent in clear (this machine, sslmode=disable, asked
      // for knowingly): the check above could fail.
      let clear = "postgres://lcq:OnPurposePW@127.0.0.1:\(server.port)/lcq?sslmode=disable&connect_timeout=3"
      _ = try LCQProcess.run(["top", "--db", clear], environment: ["LCQ_RECONNECT_SECONDS": "0"])
      XCTAssertTrue(try server.passwordsReceived().contains("OnPurposePW"))
    }
  #endif

  /// P14: `db copy` carries what `lcq notify` posted: a copy posts nothing again.
  func testP14ACopyKeepsWhatWasPosted() throws {
    try fixture.ingestAll()
    let server = try WebhookServer()
    let posted = try fixture.lcq([
      "notify", "--webhook-url", server.url(), "--payload", "json", "--owner", "all",
    ])
    XCTAssertEqual(posted.status, 0, posted.stderr)
    XCTAssertEqual(try server.requests().count, 13)
    let copy = path("copy.sqlite")
    let copied = try LCQProcess.run(["db", "copy", "--from", fixture.database, "--to", copy])
    XCTAssertEqual(copied.status, 0, copied.stderr)
    XCTAssertTrue(copied.stderr.contains("13 notification records"), copied.stderr)
    let again = try LCQProcess.run(
      ["notify", "--db", copy, "--dry-run", "--owner", "all", "--since", "100000d"],
      environment: StoreFixture.environment)
    XCTAssertEqual(again.stderr, "lcq: dry run: 0 changes would be posted\n")
    // A second copy adds nothing.
    let twice = try LCQProcess.run(["db", "copy", "--from", fixture.database, "--to", copy])
    XCTAssertTrue(twice.stderr.contains("0 notification records"), twice.stderr)
  }

  // MARK: Files lcq writes

  /// F2: the `--svg` folder is created owner-only, whatever the umask.
  func testF2ThePictureFolderIsOwnerOnly() throws {
    let pictures = path("pics")
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "umask 022; \"$0\" analyze --svg \"$1\" \"$2\" >/dev/null", LCQProcess.executable.path,
        pictures, example,
      ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try CraftedInputTests.mode(pictures), 0o700)
  }

  /// F4: a dangling link at `--db` is refused; nothing is created where it points.
  func testF4ADanglingLinkAtTheDatabaseIsRefused() throws {
    let victim = path("victim.sqlite")
    try FileManager.default.createSymbolicLink(atPath: path("dang.sqlite"), withDestinationPath: victim)
    let result = try LCQProcess.run(["ingest", "--db", path("dang.sqlite"), example])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("it is a symbolic link to nothing"), result.stderr)
    for name in [victim, victim + "-wal", victim + "-shm"] {
      XCTAssertFalse(FileManager.default.fileExists(atPath: name), name)
    }
  }

  // MARK: Other

  /// O2: a log line dated 9999-12-31 (10000-01-01 in UTC) or 2024-99-99 is no time: the
  /// occurrence takes the ingest time, so the conflict can become quiet like any other.
  func testO2ImpossibleTimestampsTakeTheIngestTime() throws {
    let block = CraftedInputTests.block(constant: "40")
    let text =
      "9999-12-31 23:59:59.000000-0800 0x1f2e3d   Default     0x0                  4242   0    MyApp: (UIKitCore) [com.apple.UIKit:LayoutConstraints] "
      + block.replacingOccurrences(of: "60   (active)", with: "61   (active)")
      + "2024-99-99 99:99:99.000000-0800 0x1f2e3d   Default     0x0                  4242   0    MyApp: (UIKitCore) [com.apple.UIKit:LayoutConstraints] "
      + block
    let log = try write(text, "dates.log")
    let ingest = try fixture.lcq(["ingest", "--ingest-time", "2026-11-20T10:00:00Z", log])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let rows = try fixture.rows(["top", "--owner", "all", "--since", "2000-01-01"])
    XCTAssertEqual(rows.count, 2, "\(rows)")
    XCTAssertEqual(Set(rows.compactMap { $0["last_seen"] as? String }), ["2026-11-20T10:00:00Z"], "\(rows)")
  }

  /// M7: requests whose ids JSON-RPC does not allow are answered with "invalid request" and
  /// id null, the next request is answered, and the server exits when its input ends.
  func testM7RequestsWithDisallowedIdsAreAnsweredAndTheServerExits() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    let lines =
      [Self.initialize, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#]
      + ["1.5", "true", #"{"a":1}"#, "[1]", "123456789012345678901234567890", "null"].map {
        #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"#
      } + [#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#]
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["20", LCQProcess.executable.path, "mcp", "--db", fixture.database],
      stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
    XCTAssertEqual(result.status, 0, "exits at the end of its input (124: it hung)")
    let answers = try result.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let refused = answers.filter { $0["id"] is NSNull }
    XCTAssertEqual(refused.count, 6, result.stdout)
    XCTAssertTrue(refused.allSatisfy { ($0["error"] as? [String: Any])?["code"] as? Int == -32600 })
    XCTAssertTrue(answers.contains { $0["id"] as? Int == 9 && $0["result"] != nil }, result.stdout)
  }

  /// M17: the read-only tools never migrate: a store of an older schema is answered "needs
  /// lcq db migrate", and the file is unchanged to the byte.
  func testM17TheMCPToolsNeverMigrate() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    let call =
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"top_conflicts","arguments":{}}}"#
    // M16 (held): on the current schema the tools answer and write nothing.
    _ = try fixture.python("db.execute('PRAGMA wal_checkpoint(TRUNCATE)')")
    let current = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    let read = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["20", LCQProcess.executable.path, "mcp", "--db", fixture.database],
      stdin: Data((Self.initialize + "\n" + call + "\n").utf8))
    XCTAssertTrue(read.stdout.contains(#"lcq-top/1"#), read.stdout)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.database)), current)
    _ = try fixture.python(
      """
      db.execute("DROP TABLE code_owners")
      db.execute("DELETE FROM grdb_migrations WHERE identifier LIKE '0008%'")
      db.commit()
      db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      """)
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["20", LCQProcess.executable.path, "mcp", "--db", fixture.database],
      stdin: Data((Self.initialize + "\n" + call + "\n").utf8))
    XCTAssertEqual(result.status, 0, result.stderr)
    let answer = try XCTUnwrap(
      result.stdout.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }.first { $0["id"] as? Int == 2 })
    let content = try XCTUnwrap(answer["result"] as? [String: Any])
    XCTAssertEqual(content["isError"] as? Bool, true, "\(answer)")
    XCTAssertTrue("\(content)".contains("lcq db migrate"), "\(content)")
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: fixture.database)), before, "the file is unchanged")
    XCTAssertEqual(
      try fixture.python(
        "print(db.execute(\"SELECT count(*) FROM grdb_migrations WHERE identifier LIKE '0008%'\").fetchone()[0])"
      ), "0")
  }

  // MARK: What held, kept

  /// M8, M11, M13 (held): deep nesting, bytes that are not UTF-8 and a half line at the end of
  /// input get errors; the server answers the next request and exits 0 when its input ends.
  func testHoldsM8M11M13MalformedMessagesLeaveTheServerUp() throws {
    var input = Data((Self.initialize + "\n").utf8)
    input.append(
      Data(
        ("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"log\":"
          + String(repeating: "[", count: 100_000) + "}}\n").utf8))
    input.append(Data([0xFF, 0xFE, 0xFD, 0x0A]))
    input.append(Data(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#.utf8 + [0x0A]))
    input.append(Data(#"{"jsonrpc":"2.0","id":4,"meth"#.utf8))
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["20", LCQProcess.executable.path, "mcp", "--db", path("none.sqlite")],
      stdin: input)
    XCTAssertEqual(result.status, 0, result.stderr)
    let answers = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    XCTAssertTrue(answers.contains { $0["id"] as? Int == 3 && $0["result"] != nil }, result.stdout)
    XCTAssertGreaterThanOrEqual(
      answers.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }.count, 2)
  }

  /// N2 (held): a line break in the webhook URL cannot add a header to the post.
  func testHoldsN2NoHeaderCanBeInjectedThroughTheURL() throws {
    try fixture.ingestAll()
    let server = try HostileWebhookServer()
    let result = try fixture.lcq(
      ["notify", "--payload", "json", "--webhook-url", server.url("ok") + "\r\nX-Injected: 1"])
    XCTAssertFalse((result.stdout + result.stderr).contains("XOXB"), result.stderr)
    XCTAssertFalse(try server.requests().contains { $0.headers.contains { $0.lowercased() == "x-injected" } })
  }

  /// F5 (held): a link at `--db` to a file that is not a database is refused, the file untouched.
  func testHoldsF5ALinkToAnotherFileIsRefused() throws {
    let precious = try write("TARGET\n", "precious.txt")
    try FileManager.default.createSymbolicLink(atPath: path("p.sqlite"), withDestinationPath: precious)
    let result = try LCQProcess.run(["ingest", "--db", path("p.sqlite"), example])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("not an lcq database"), result.stderr)
    XCTAssertEqual(try String(contentsOfFile: precious, encoding: .utf8), "TARGET\n")
  }

  static let initialize =
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"#
    + #""clientInfo":{"name":"test","version":"1"}}}"#
}

/// A PostgreSQL server that is not one: on 127.0.0.1, it declines TLS (`N` to an SSLRequest),
/// asks for the password in clear (AuthenticationCleartextPassword), and records any password
/// message it gets. For P8.
final class FakeCleartextPostgres {
  private let server: PythonServer
  var port: Int { server.port }

  init() throws {
    let script = """
      import socket, struct, sys, threading
      record = sys.argv[1]
      server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(8)
      print(server.getsockname()[1], flush=True)
      def read(conn, n):
          data = b""
          while len(data) < n:
              chunk = conn.recv(n - len(data))
              if not chunk: raise EOFError
              data += chunk
          return data
      def serve(conn):
          try:
              while True:
                  length, code = struct.unpack("!ii", read(conn, 8))
                  rest = read(conn, length - 8)
                  if code == 80877103:
                      conn.sendall(b"N")
                      continue
                  break
              conn.sendall(b"R" + struct.pack("!ii", 8, 3))
              kind = read(conn, 1)
              length, = struct.unpack("!i", read(conn, 4))
              body = read(conn, length - 4)
              if kind == b"p":
                  with open(record, "a") as out: out.write(body.rstrip(b"\\0").decode() + "\\n")
          except Exception:
              pass
          finally:
              conn.close()
      while True:
          conn, _ = server.accept()
          threading.Thread(target=serve, args=(conn,), daemon=True).start()
      """
    server = try PythonServer(script: script)
  }

  /// The passwords received, one a line.
  func passwordsReceived() throws -> String { try server.recorded() }
}
