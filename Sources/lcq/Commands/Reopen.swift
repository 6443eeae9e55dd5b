import ArgumentParser
import LCQStore

extension LCQCommand {
  /// `lcq reopen`: undoes `resolve` or `ignore`.
  struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reopen",
      abstract: "Mark a resolved or ignored conflict open again.",
      discussion: ExitStatus.databaseHelp)

    @Argument(help: "The fingerprint, or enough of its first digits.")
    var fingerprint: String
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      try StatusCommand.set(.open, of: fingerprint, database, verb: "reopened")
    }
  }
}
