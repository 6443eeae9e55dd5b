import Foundation
import LCQEndToEndSupport
import XCTest

/// The README followed literally, as a newcomer on Linux would: every `sh` block, line by line
/// and in order, in a fresh folder with a fresh home, run with bash against the built `lcq`;
/// each must exit 0, or the status its comment says (`# exit 1`). A line is left out only for a
/// reason named below (Apple's tools, a server that keeps running, the test run itself); the
/// release build stands as the tests' own build (a release build takes minutes), and what
/// installs into `/usr/local` or `/etc` installs into a folder of the test's.
final class ReadmeWalkthroughTests: XCTestCase {
  /// Why a line is not run, by what it contains.
  static let leftOut: [(String, String)] = [
    ("xcrun", "Apple's tools"), ("log stream", "Apple's tools"), ("xcodebuild", "Apple's tools"),
    ("idevicesyslog", "a device over USB"), ("ideviceinfo", "a device over USB"),
    ("pymobiledevice3", "a device over USB"),
    ("kill %1", "Apple's tools"),
    ("uikit.log", "reads the logs Apple's tools write above"), ("scripts/test", "this test is part of it"),
    ("datasette lcq.sqlite", "keeps a server running (DatasetteTests runs it)"),
    ("lcq serve", "keeps a server running (CollectorTests runs it)"),
    ("hooks.slack.com", "posts to Slack (NotifyCommandTests posts to a server of their own)"),
    ("lcq diff 1239 1240", "names builds of the reader's own history"),
    ("* * cd /srv/lcq", "a crontab entry"),
  ]

  /// The README's `sh` blocks as commands: continuation lines joined, comments and blank
  /// lines dropped.
  static func commands(_ readme: String) -> [String] {
    var commands: [String] = []
    var inBlock = false
    var pending = ""
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock = line == "```sh"
        continue
      }
      guard inBlock else { continue }
      if line.hasSuffix("\\") {
        pending += line.dropLast() + " "
        continue
      }
      let command = (pending + line).trimmingCharacters(in: .whitespaces)
      pending = ""
      if command.isEmpty || command.hasPrefix("#") { continue }
      commands.append(command)
    }
    return commands
  }

  func testEveryLineOfTheReadmeRunsAsItSays() throws {
    let readme = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let manager = FileManager.default
    for name in ["Examples", "dashboards", "docs"] {
      try manager.copyItem(
        at: LCQProcess.repositoryRoot.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    for name in ["home", "bin", "prefix/bin", "prefix/etc"] {
      try manager.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    // The README's examples name a device log and another; the bundled example stands for both.
    for name in ["device.log", "other.log"] {
      try manager.copyItem(
        at: folder.appendingPathComponent("Examples/simulator.log"), to: folder.appendingPathComponent(name))
    }
    try manager.createSymbolicLink(
      at: folder.appendingPathComponent("bin/lcq"), withDestinationURL: LCQProcess.executable)
    let environment = [
      "HOME": folder.appendingPathComponent("home").path, "LCQ_DB": "", "XDG_DATA_HOME": "",
      "PATH": folder.appendingPathComponent("bin").path + ":"
        + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
      "BUILD_NUMBER": "1240", "CI_JOB_ID": "7", "NO_COLOR": "1",
    ]
    let prefix = folder.appendingPathComponent("prefix").path
    var ran = 0
    for command in Self.commands(readme) {
      if let reason = Self.leftOut.first(where: { command.contains($0.0) })?.1 {
        print("README: left out (\(reason)): \(command)")
        continue
      }
      let expected =
        command.range(of: #"# exit ([0-9]+)"#, options: .regularExpression).map {
          Int32(command[$0].dropFirst(7)) ?? 0
        } ?? 0
      let rewritten =
        command
        .replacingOccurrences(of: "swift build -c release --product lcq && ", with: "")
        .replacingOccurrences(of: "swift run -c release lcq", with: "lcq")
        .replacingOccurrences(of: ".build/release/lcq", with: LCQProcess.executable.path)
        .replacingOccurrences(of: "pip install datasette && ", with: "")
        .replacingOccurrences(of: "/usr/local/", with: prefix + "/")
        .replacingOccurrences(of: "/etc/bash_completion.d/", with: prefix + "/etc/")
      let result = try LCQProcess.execute(
        URL(fileURLWithPath: "/bin/bash"), ["-c", "cd \"$0\" && " + rewritten, folder.path],
        environment: environment)
      XCTAssertEqual(result.status, expected, "README: \(command)\n\(result.stderr)")
      ran += 1
    }
    XCTAssertGreaterThan(ran, 25, "the README's commands were found")
    // What they made is there: the man page in a folder `install -D` made, the report, the pictures.
    for made in [
      "prefix/share/man/man1/lcq.1", "prefix/bin/lcq", "report.html", "lcq-baseline.txt", "lcq.sqlite",
    ] {
      XCTAssertTrue(manager.fileExists(atPath: folder.appendingPathComponent(made).path), made)
    }
    XCTAssertFalse(
      try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("pictures").path).isEmpty)
  }

  /// `docs/team.md`'s local trial, its first `sh` block, run whole with `set -e` as a user who
  /// is not root (PostgreSQL's `initdb` refuses root; the test drops to `nobody` when it runs
  /// as root): a throwaway server, an ingest, `lcq top` from it, the server gone after.
  func testTheTeamStoresLocalTrialRunsAsWritten() throws {
    let team = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("docs/team.md"), encoding: .utf8)
    let block = try XCTUnwrap(
      team.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
    XCTAssertTrue(block.contains("initdb"), block)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-trial-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: LCQProcess.repositoryRoot.appendingPathComponent("Examples"),
      to: folder.appendingPathComponent("Examples"))
    try FileManager.default.copyItem(at: LCQProcess.executable, to: folder.appendingPathComponent("bin/lcq"))
    _ = try LCQProcess.execute(URL(fileURLWithPath: "/bin/chmod"), ["-R", "a+rwX", folder.path])
    // The docs' port, 55432, replaced by a free one: tests never count on a fixed port.
    let port = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
      ]
    ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let script = "set -e\ncd \"$0\"\n" + block.replacingOccurrences(of: "55432", with: port)
    var program = URL(fileURLWithPath: "/bin/bash")
    var arguments = ["-c", script, folder.path]
    if getuid() == 0 {
      arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", program.path] + arguments
      program = URL(fileURLWithPath: "/usr/bin/setpriv")
    }
    let result = try LCQProcess.execute(
      program, arguments,
      environment: [
        "HOME": folder.path, "TMPDIR": folder.path, "LCQ_DB": "", "NO_COLOR": "1",
        "PATH": folder.appendingPathComponent("bin").path + ":/usr/local/bin:/usr/bin:/bin",
      ])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stderr.contains("ingested 7 blocks · 7 conflicts (7 new)"), result.stderr)
    // Piped, `lcq top` fits 100 columns: the fingerprint in its short form, which `show` takes.
    XCTAssertTrue(result.stdout.contains("\nv3:08d276e3  UIImageView width vs cell width "), result.stdout)
    XCTAssertTrue(result.stdout.contains("server stopped"), result.stdout)
  }
}
