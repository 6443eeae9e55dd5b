import ArgumentParser
import LCQPipeline
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq show`: everything about one conflict.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one conflict: its set, counts per build, device and OS, and a sample block.",
      discussion: ExitStatus.databaseHelp)

    @Argument(
      help: ArgumentHelp(
        "The fingerprint, or enough of its first digits to name one conflict (v3: may be left out; "
          + "an older version's fingerprint names the conflict it became)."))
    var fingerprint: String
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: FormatOption
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let (filter, prefix) = (filters.filter(now: currentTime), fingerprint)
      let shown = try usingStore(database) { store throws(StoreError) in
        try ShownConflict.load(prefix, filter, from: store)
      }
      printOutput(ConflictDetailsText.render(shown.details, analysis: shown.analysis, as: output.format))
    }
  }
}
