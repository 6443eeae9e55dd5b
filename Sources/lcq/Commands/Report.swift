import ArgumentParser
import Foundation
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq report`: the nightly report.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write the nightly report: volume, top, new, regressed and quiet conflicts, ingestion health.",
      discussion: """
        The window is [--since, --until); durations count back from --until (default: now). \
        Volume is compared with the daily mean of the 14 days before the window. Every panel \
        is one query of dashboards/*.sql, run with the same parameters Datasette takes.

        Formats: html (one self-contained page: inline CSS and SVG, no script, no network), \
        markdown (short, for chat or a pull request), json (schema lcq-report/1, see \
        docs/report.md). Without --format, the --out extension decides (.html, .md, .json), \
        else markdown. --out is written whole or not at all.

        A window in which nothing was ingested is a warning in the report, not an error.

        Exit status:
          0   the report was written
          1   the output file could not be written
          2   the database could not be opened or read
          64  the command line is wrong
        """)

    @Option(help: ArgumentHelp("The window's start: \(TimeArgument.help).", valueName: "time"))
    var since: String = "24h"
    @Option(help: ArgumentHelp("The window's end (exclusive; default: now).", valueName: "time"))
    var until: String?
    @Option(help: "Only runs of this app.") var app: String?
    @Option(help: "Output format: html, markdown or json.") var format: ReportFormat?
    @Option(
      help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "path"))
    var out: String?
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let until, TimeArgument.date(until) == nil {
        throw ValidationError("--until '\(until)' is not a UTC date (2024-03-05) or an ISO 8601 time")
      }
      if TimeArgument.parse(since, now: 0) == nil {
        throw ValidationError("--since '\(since)' is not \(TimeArgument.help)")
      }
      if let scope = scope(), scope.since >= scope.until {
        throw ValidationError("--since must be before --until")
      }
    }

    func scope() -> ReportScope? {
      // By default the window ends after the current second, so a run ingested just now counts.
      let end = until.flatMap(TimeArgument.date) ?? currentTime + 1
      guard let start = TimeArgument.parse(since, now: end) else { return nil }
      return ReportScope(since: start, until: end, app: app)
    }

    mutating func run() throws {
      let scope = scope()!
      let format = format ?? ReportFormat(path: out)
      let report = try usingStore(database) { store throws(StoreError) in
        try NightlyReport.load(from: store, scope: scope, drawing: format == .html)
      }
      let text: String =
        switch format {
        case .html: ReportHTML.render(report)
        case .markdown: ReportMarkdown.render(report)
        case .json: ReportJSON.render(report)
        }
      guard let out else { return printOutput(text) }
      do {
        try FilePermissions.writeAtomically(Data(text.utf8), toPath: out)
      } catch {
        StandardError.write("lcq: \(out): cannot write the report: \(error.localizedDescription)")
        throw ExitCode(1)
      }
    }
  }
}

/// `lcq report --format`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case html, markdown, json

  /// The format an output path's extension names (markdown when none does).
  init(path: String?) {
    switch path.map({ ($0 as NSString).pathExtension.lowercased() }) {
    case "html", "htm": self = .html
    case "json": self = .json
    default: self = .markdown
    }
  }
}
