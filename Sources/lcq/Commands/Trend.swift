import ArgumentParser
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq trend`: occurrences per day or per build.
  struct Trend: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "trend",
      abstract: "Count occurrences per UTC day (gaps shown as 0) or per build (in build order).",
      discussion: """
        By build, every build with a run in the filter is listed, with all its runs \
        (all_runs), the share of them that logged no conflict (conflict_free_percent, as a \
        crash-free rate) and its change from the build before in percentage points \
        (change_points). With --test NAME (by build), the runs of each build that ran the test \
        (as the test runners' markers named it), those that logged a conflict in it, and the \
        share of them that logged none: the test's own conflict-free rate (docs/tests.md).

        """ + "\n" + ExitStatus.databaseHelp)

    @Argument(help: "Only this conflict (a fingerprint prefix).")
    var fingerprint: String?
    @Option(help: "Step by day or by build.")
    var by: TrendStep = .day
    @Option(
      help: ArgumentHelp(
        "With --by build: only the runs that ran this test, and the conflicts logged in it.",
        valueName: "name"))
    var test: String?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard test != nil else { return }
      if by != .build { throw ValidationError("--test steps by build; add --by build") }
      if fingerprint != nil { throw ValidationError("give a fingerprint or --test, not both") }
    }

    mutating func run() throws {
      let (filter, step, prefix, test) = (filters.filter(now: currentTime), by, fingerprint, test)
      let (points, why) = try usingStore(database) { store throws(StoreError) in
        let points =
          if let test { try store.trend(ofTest: test, filter) } else {
            try store.trend(filter, by: step, fingerprint: prefix)
          }
        return (points, points.isEmpty ? try EmptyAnswer.reason(store, filter) : nil)
      }
      printOutput(
        ResultTable(trend: points, step: step).rendered(as: output.format, width: TerminalWidth.forTables))
      if let why, output.format != .json { StandardError.write("lcq: " + why) }
    }
  }
}

extension TrendStep: ExpressibleByArgument {}
