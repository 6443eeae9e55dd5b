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
      discussion: """
        With --builds N --significance LEVEL (such as 0.05), a conflict is listed only when the \
        newest builds ran enough runs for its absence to mean something: had it kept firing as \
        often as in the runs of the builds it was seen in (k of n), the chance that none of the \
        m runs of the newest builds would see it, C(n, k) / C(n + m, k), is at or below LEVEL. \
        A conflict seen in 1 of 20 runs is not likely fixed after 3 builds of one run each; \
        those left out are counted on standard error.

        Where the logs held the test runners' markers, a conflict logged in a test is not \
        listed while the runs since its last occurrence ran none of its tests (its absence from \
        them says nothing), and --significance weighs the runs that ran them (docs/team.md).

        """ + "\n" + ExitStatus.databaseHelp)

    @Option(
      name: .customLong("for"),
      help: ArgumentHelp(
        "Not seen for this long before the window's end (--until, default now): 14d, 36h. Default: the database's quiet_days (14 days; docs/report.md).",
        valueName: "duration"))
    var duration: String?
    @Option(help: "Not seen in any of the newest N builds (of runs started before --until).")
    var builds: Int?
    @Option(
      help: ArgumentHelp(
        "With --builds: only when the newest builds' runs make its absence beyond chance at this level.",
        valueName: "LEVEL"))
    var significance: Double?
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
      if let significance {
        guard builds != nil else {
          throw ValidationError("--significance weighs the runs of --builds N; give both")
        }
        guard significance > 0, significance < 1 else {
          throw ValidationError("--significance must be between 0 and 1 (such as 0.05), not \(significance)")
        }
      }
    }

    mutating func run() throws {
      let now = currentTime
      var filter = filters.filter(now: now)
      filter.team = team.team
      let (builds, duration, significance) = (builds, duration.flatMap(TimeArgument.duration), significance)
      var leftOut = 0
      var why: String?
      let rows = try usingStore(database) { store throws(StoreError) in
        let rows: [ConflictChange]
        if let builds {
          let quiet = try store.quiet(forBuilds: builds, filter)
          if let significance {
            let shares = try store.quietShares(of: quiet, forBuilds: builds, filter)
            rows = quiet.filter { shares[$0.fingerprint]?.isBeyondChance(at: significance) == true }
            leftOut = quiet.count - rows.count
          } else {
            rows = quiet
          }
        } else {
          let seconds: Int64
          if let duration { seconds = duration } else { seconds = try Self.defaultSeconds(store) }
          // Quiet as of the window's end, as the report's list is.
          rows = try store.quiet(lastSeenAtOrBefore: (filter.until ?? now) - seconds, filter)
        }
        if rows.isEmpty { why = try EmptyAnswer.reasonForChanges(store, filter) }
        return rows
      }
      if leftOut > 0 {
        StandardError.write(
          "lcq: \(Wording.counted(leftOut, "conflict")) not seen in the newest builds left out: "
            + "too few runs since to tell them from chance (--significance)")
      }
      printOutput(
        ResultTable(changes: rows, command: "quiet").rendered(
          as: output.format, width: TerminalWidth.forTables))
      if let why, output.format != .json { StandardError.write("lcq: " + why) }
    }

    /// The report's `quiet_days` as seconds: `lcq quiet` and the report's quiet list agree.
    static func defaultSeconds(_ store: any ConflictStore) throws(StoreError) -> Int64 {
      let settings = try store.panel(Panels.Settings.self, ReportScope(since: 0, until: 0)).first
      return (settings?.quietDays.integer ?? 0) * 86_400
    }
  }
}
