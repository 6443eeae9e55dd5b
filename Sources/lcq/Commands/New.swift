import ArgumentParser
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq new`: conflicts that appeared after a build or a time.
  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "new",
      abstract: "List conflicts new since a build (never seen in it or before) or first seen since a time.",
      discussion: """
        With --since-build, runs that recorded no build say nothing either way.

        \(ExitStatus.databaseHelp)
        """)

    @Option(help: "Conflicts never seen in this build or an earlier one (builds compare numerically).")
    var sinceBuild: String?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var team: TeamOption
    @Option(help: OwnerFilter.help(default: .all)) var owner: OwnerFilter = .all
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if (sinceBuild == nil) == (filters.since == nil) {
        throw ValidationError("give exactly one of --since-build B or --since TIME")
      }
    }

    mutating func run() throws {
      let now = currentTime
      var filter = filters.filter(now: now)
      filter.team = team.team
      filter.owner = owner
      let build = sinceBuild
      let (rows, why) = try usingStore(database) { store throws(StoreError) in
        let rows =
          if let build { try store.newSince(build: build, filter) } else {
            try store.newSince(time: filter.since ?? now, filter)
          }
        return (rows, rows.isEmpty ? try EmptyAnswer.reasonForChanges(store, filter) : nil)
      }
      printOutput(
        ResultTable(changes: rows, command: "new").rendered(as: output.format, width: TerminalWidth.forTables)
      )
      if let why, output.format != .json { StandardError.write("lcq: " + why) }
    }
  }
}
