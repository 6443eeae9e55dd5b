import ArgumentParser
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
      let details = try usingStore(database) { store throws(StoreError) in
        try store.details(of: prefix, filter)
      }
      printOutput(ConflictDetailsText.render(details, as: output.format))
    }
  }
}
