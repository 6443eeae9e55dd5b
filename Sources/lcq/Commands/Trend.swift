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
        (change_points).

        """ + "\n" + ExitStatus.databaseHelp)

    @Argument(help: "Only this conflict (a fingerprint prefix).")
    var fingerprint: String?
    @Option(help: "Step by day or by build.")
    var by: TrendStep = .day
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let (filter, step, prefix) = (filters.filter(now: currentTime), by, fingerprint)
      let points = try usingStore(database) { store throws(StoreError) in
        try store.trend(filter, by: step, fingerprint: prefix)
      }
      printOutput(
        ResultTable(trend: points, step: step).rendered(as: output.format, width: TerminalWidth.forTables))
    }
  }
}

extension TrendStep: ExpressibleByArgument {}
