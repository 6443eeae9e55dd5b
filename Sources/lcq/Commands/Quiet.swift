import ArgumentParser
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq quiet`: open conflicts that stopped happening.
  struct Quiet: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "quiet",
      abstract:
        "List open conflicts not seen for a while (likely fixed): for a time, or for the newest builds.",
      discussion: ExitStatus.databaseHelp)

    @Option(
      name: .customLong("for"),
      help: ArgumentHelp(
        "Not seen for this long before the window's end (--until, default now): 14d, 36h. Default: the database's quiet_days (14 days; docs/report.md).",
        valueName: "duration"))
    var duration: String?
    @Option(help: "Not seen in any of the newest N builds (of runs started before --until).")
    var builds: Int?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var team: TeamOption
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let duration, TimeArgument.duration(duration) == nil {
        throw ValidationError("--for '\(duration)' is not a duration such as 14d or 36h")
      }
      if duration != nil, builds != nil { throw ValidationError("give --for or --builds, not both") }
      if let builds, builds < 1 { throw ValidationError("--builds must be at least 1") }
    }

    mutating func run() throws {
      let now = currentTime
      var filter = filters.filter(now: now)
      filter.team = team.team
      let (builds, duration) = (builds, duration.flatMap(TimeArgument.duration))
      let rows = try usingStore(database) { store throws(StoreError) in
        if let builds { return try store.quiet(forBuilds: builds, filter) }
        let seconds: Int64
        if let duration { seconds = duration } else { seconds = try Self.defaultSeconds(store) }
        // Quiet as of the window's end, as the report's list is.
        return try store.quiet(lastSeenAtOrBefore: (filter.until ?? now) - seconds, filter)
      }
      printOutput(
        ResultTable(changes: rows, command: "quiet").rendered(
          as: output.format, width: TerminalWidth.forTables))
    }

    /// The report's `quiet_days` as seconds: `lcq quiet` and the report's quiet list agree.
    static func defaultSeconds(_ store: any ConflictStore) throws(StoreError) -> Int64 {
      let settings = try store.panel(Panels.Settings.self, ReportScope(since: 0, until: 0)).first
      return (settings?.quietDays.integer ?? 0) * 86_400
    }
  }
}
