import ArgumentParser
import Foundation

/// The `lcq` command: reads Auto Layout conflict messages from logs and explains them.
@main
struct LCQCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lcq",
    abstract: "Find and read the Auto Layout constraint conflicts in iOS and macOS logs.",
    discussion: """
      lcq reads any log that holds "Unable to simultaneously satisfy constraints" or \
      "Conflicting constraints detected" messages: Xcode's console, `log stream` and \
      `log show` (every style, JSON included), `xcrun simctl spawn booted log stream`, \
      idevicesyslog, pymobiledevice3 (text or JSON), syslog, Console.app, or pasted text.
      """,
    version: LCQVersion.current,
    subcommands: [
      Analyze.self, Ingest.self, Top.self, Show.self, Trend.self, New.self, Regressed.self, Quiet.self,
      Resolve.self, Ignore.self, Reopen.self, Check.self, Diff.self, Notify.self, Report.self, Database.self,
      MCPServer.self, Serve.self, Token.self,
    ]
  )

  /// Runs the command; `lcq check` reports a wrong command line with exit status 2 (a CI gate
  /// keeps 1 for "conflicts found"), every other command with 64.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let commands = configuration.subcommands.map { $0._commandName }
    if let hint = CommandLineHints.hint(for: arguments, commands: commands) {
      StandardError.write("lcq: \(hint)")
      Foundation.exit(arguments.first == "check" ? 2 : 64)
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch {
      if arguments.first == "check", exitCode(for: error) == .validationFailure {
        StandardError.write(fullMessage(for: error))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}

/// The version lcq reports and records.
enum LCQVersion {
  static let current = "0.1.0"
}
