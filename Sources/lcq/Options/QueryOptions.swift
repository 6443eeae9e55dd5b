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
  @Option(help: ArgumentHelp(TimeWindow.sinceHelp, valueName: "time")) var since: String?
  @Option(help: ArgumentHelp(TimeWindow.untilHelp, valueName: "time")) var until: String?

  func validate() throws {
    _ = try TimeWindow(since: since, until: until, now: currentTime)
  }

  /// The filter, with times resolved against `now` (``TimeWindow``; checked by `validate`).
  func filter(now: Int64) -> QueryFilter {
    let window = try? TimeWindow(since: since, until: until, now: now)
    return QueryFilter(
      app: app, build: build, osVersion: osVersion, device: device, since: window?.since, until: window?.until
    )
  }
}

/// `--format table|json|csv|markdown`.
struct FormatOption: ParsableArguments {
  @Option(help: "Output format: table, json, csv or markdown.")
  var format: ResultTable.Format = .table
}

extension ResultTable.Format: ExpressibleByArgument {}

extension OwnerFilter: ExpressibleByArgument {
  /// `--owner`'s help, with the command's default.
  static func help(default value: OwnerFilter) -> ArgumentHelp {
    ArgumentHelp(
      "Only conflicts owned by: app (the app can fix them; also those not yet known), system "
        + "(UIKit's or AppKit's own constraints conflict: no fix in the app), library (a third-party "
        + "library's views conflict, known with --source-root: no fix in the app), or all. Default: "
        + "\(value.rawValue).", valueName: "owner")
  }
}

/// The current unix time.
var currentTime: Int64 { Int64(Date().timeIntervalSince1970) }

/// Opens the database, runs `body`, and turns store errors into a line on stderr and an exit
/// status: 1 for a fingerprint prefix that matches no conflict or several, 2 for the rest.
func usingStore<T>(
  _ options: DatabaseOptions, access: DatabaseOptions.Access = .read,
  _ body: (any ConflictStore) throws(StoreError) -> T
)
  throws -> T
{
  do {
    let store = try options.open(access)
    // Every row written is in the database file itself when lcq exits (``ConflictStore/close()``).
    defer { store.close() }
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

/// `--team`: only conflicts a team owns.
struct TeamOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Only conflicts whose code owners (from the latest `lcq ingest --source-root` that saw them) "
        + "include this owner: @org/team, @user or an e-mail address.",
      valueName: "owner"))
  var team: String?

  func validate() throws {
    if let team, team.isEmpty || team.contains(where: \.isWhitespace) {
      throw ValidationError("--team '\(team)' is not an owner: @org/team, @user or an e-mail address")
    }
  }
}
