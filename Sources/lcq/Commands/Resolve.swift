import ArgumentParser
import LCQStore

extension LCQCommand {
  /// `lcq resolve`: marks a conflict fixed in a build.
  struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "resolve",
      abstract: "Mark a conflict resolved in a build; occurrences from that build on are regressions.",
      discussion: ExitStatus.databaseHelp)

    @Argument(help: "The fingerprint, or enough of its first digits.")
    var fingerprint: String
    @Option(help: "The build that fixed it.")
    var inBuild: String
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      try StatusCommand.set(
        .resolved(build: inBuild), of: fingerprint, database, verb: "resolved in build \(inBuild)")
    }
  }
}
