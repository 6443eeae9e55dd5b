import ArgumentParser
import Foundation
import LCQReporting
import LCQStore

/// `--app --build --os-version --device --since --until`, shared by the queries.
struct FilterOptions: ParsableArguments {
  @Option(help: "Only runs of this app.") var app: String?
  @Option(help: "Only runs of this build.") var build: String?
  @Option(help: "Only runs on this OS version.") var osVersion: String?
  @Option(help: "Only runs on this device model.") var device: String?
  @Option(
    help: ArgumentHelp("Only occurrences at or after this time: \(TimeArgument.help).", valueName: "time"))
  var since: String?
  @Option(help: ArgumentHelp("Only occurrences before this time: \(TimeArgument.help).", valueName: "time"))
  var until: String?

  func validate() throws {
    for (name, value) in [("--since", since), ("--until", until)] {
      if let value, TimeArgument.parse(value, now: 0) == nil {
        throw ValidationError("\(name) '\(value)' is not \(TimeArgument.help)")
      }
    }
  }

  /// The filter, with times resolved against `now`.
  func filter(now: Int64) -> QueryFilter {
    QueryFilter(
      app: app, build: build, osVersion: osVersion, device: device,
      since: since.flatMap { TimeArgument.parse($0, now: now) },
      until: until.flatMap { TimeArgument.parse($0, now: now) })
  }
}

/// `--format table|json|csv|markdown`.
struct FormatOption: ParsableArguments {
  @Option(help: "Output format: table, json, csv or markdown.")
  var format: ResultTable.Format = .table
}

extension ResultTable.Format: ExpressibleByArgument {}

/// The current unix time.
var currentTime: Int64 { Int64(Date().timeIntervalSince1970) }

/// Opens the database, runs `body`, and turns store errors into a line on stderr and an exit
/// status: 1 for a fingerprint prefix that matches no conflict or several, 2 for the rest.
func usingStore<T>(
  _ options: DatabaseOptions, creating: Bool = false, _ body: (Store) throws(StoreError) -> T
)
  throws -> T
{
  do {
    let store = try options.open(creating: creating)
    return try body(store)
  } catch {
    StandardError.write("lcq: \(error)")
    switch error {
    case .noConflict, .ambiguous: throw ExitStatus.notFound
    default: throw ExitStatus.databaseError
    }
  }
}

/// Writes `text` to standard output.
func printOutput(_ text: String) {
  let output = StandardOutput()
  output.write(text)
  output.flush()
}
