import ArgumentParser
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq top`: the conflicts that happen most.
  struct Top: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "top",
      abstract: "List the conflicts with the most occurrences (or runs, or devices).",
      discussion: ExitStatus.databaseHelp)

    @Option(
      name: [.customLong("by"), .customLong("sort")],
      help:
        "Rank by occurrences, runs, devices (device models), tests (tests that logged it) or damage (points)."
    )
    var by: TopOrder = .occurrences
    @Option(help: "How many conflicts to list.")
    var limit: Int = 20
    @OptionGroup var filters: FilterOptions
    @OptionGroup var team: TeamOption
    @Option(help: OwnerFilter.help(default: .all)) var owner: OwnerFilter = .all
    @Option(
      help: ArgumentHelp(
        "Only conflicts that fire at some screen width from 320 pt (the narrowest device in lcq's table) "
          + "up to this many points, as their envelope says (docs/envelope.md).", valueName: "points"))
    var firesBelow: Double?
    @Option(
      help: ArgumentHelp(
        "Only conflicts whose damage misses by at least this many points or collapses a view (docs/diagnosis.md).",
        valueName: "points"))
    var minDamage: Double?
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    func validate() throws { try MinDamage.validate(minDamage) }

    mutating func run() throws {
      var filter = filters.filter(now: currentTime)
      filter.team = team.team
      filter.owner = owner
      filter.firesBelow = firesBelow
      filter.minDamage = minDamage
      let (order, limit) = (by, limit)
      let (rows, why) = try usingStore(database) { store throws(StoreError) in
        let rows = try store.top(filter, by: order, limit: limit)
        return (rows, rows.isEmpty ? try EmptyAnswer.reason(store, filter) : nil)
      }
      printOutput(
        ResultTable(top: rows, by: order, minDamage: minDamage).rendered(
          as: output.format, width: TerminalWidth.forTables))
      if let why, output.format != .json { StandardError.write("lcq: " + why) }
    }
  }
}

extension TopOrder: ExpressibleByArgument {}
