import ArgumentParser
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq diff A B`: what a build fixed and what it brought, against another.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "diff",
      abstract: "Compare two builds: conflicts fixed, new, and seen more or less often per run.",
      discussion: """
        Each conflict seen in the runs of either build, with its occurrences per run in each (a \
        build tested twice as often does not look twice as bad): new (seen in B, not in A), \
        fixed (seen in A, not in B), more or less often, or the same. --format markdown writes \
        a comment for a pull request.

        Exit status:
          0   done
          2   a build no ingest recorded (a typo, an empty ingest), or the database could not be \
        opened or read
          64  the command line is wrong
        """)

    @Argument(help: "The build to compare from (as ingested with --build).")
    var buildA: String
    @Argument(help: "The build to compare with it.")
    var buildB: String
    @Option(help: "Only runs of this app.") var app: String?
    @Option(help: OwnerFilter.help(default: .app)) var owner: OwnerFilter = .app
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let (a, b, app, owner) = (buildA, buildB, app, owner)
      let diff = try usingStore(database) { store throws(StoreError) in
        try store.diff(from: a, to: b, app: app, owner: owner)
      }
      let forApp = app.map { " for app \($0)" } ?? ""
      for (build, runs) in [(a, diff.runsA), (b, diff.runsB)] where runs == 0 {
        StandardError.write(
          "lcq: nothing to compare: no ingest recorded build \(TerminalText.oneLine(build))\(forApp) (a typo, or an empty ingest?)"
        )
        throw ExitStatus.databaseError
      }
      switch output.format {
      case .markdown: printOutput(DiffText.markdown(diff))
      case .json: printOutput(DiffText.json(diff))
      case .table, .csv:
        printOutput(ResultTable(diff: diff).rendered(as: output.format, width: TerminalWidth.forTables))
      }
    }
  }
}
