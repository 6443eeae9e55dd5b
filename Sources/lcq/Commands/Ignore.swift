import ArgumentParser
import LCQStore

extension LCQCommand {
  /// `lcq ignore`: accepts a conflict.
  struct Ignore: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ignore",
      abstract: "Mark a conflict ignored: still counted, never new or regressed.",
      discussion: ExitStatus.databaseHelp)

    @Argument(help: "The fingerprint, or enough of its first digits.")
    var fingerprint: String
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      try StatusCommand.set(.ignored, of: fingerprint, database, verb: "ignored")
    }
  }
}
