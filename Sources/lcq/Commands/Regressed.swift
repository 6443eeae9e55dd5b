import ArgumentParser
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq regressed`: resolved conflicts that came back.
  struct Regressed: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "regressed",
      abstract: "List resolved conflicts seen again in the build they were resolved in or a later one.",
      discussion: """
        Occurrences from older builds, or from runs that recorded no build, never make a regression.

        \(ExitStatus.databaseHelp)
        """)

    @OptionGroup var filters: FilterOptions
    @OptionGroup var team: TeamOption
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      var filter = filters.filter(now: currentTime)
      filter.team = team.team
      let (rows, why) = try usingStore(database) { store throws(StoreError) in
        let rows = try store.regressed(filter)
        return (rows, rows.isEmpty ? try EmptyAnswer.reasonForChanges(store, filter) : nil)
      }
      printOutput(
        ResultTable(changes: rows, command: "regressed", showsResolvedBuild: true).rendered(
          as: output.format, width: TerminalWidth.forTables)
      )
      if let why, output.format != .json { StandardError.write("lcq: " + why) }
    }
  }
}
