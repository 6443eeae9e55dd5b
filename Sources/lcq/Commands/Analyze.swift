import ArgumentParser
import Foundation
import LCQAnalysis
import LCQParsing
import LCQPipeline
import LCQReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LCQCommand {
  /// `lcq analyze`: prints every conflict block of the inputs.
  struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "analyze",
      abstract: "Print every conflict block found in log files or standard input.",
      discussion: """
        Reads each FILE (or standard input when there is none, or for '-') and prints each \
        conflict message: where it was logged, its constraint list, the constraint UIKit \
        broke and anything that could not be read (as file:line:column notes). On a live pipe, \
        a message is printed once the pipe has been quiet for half a second after it.

        Text output shows the minimal conflicting set first, in plain English with where each \
        constraint comes from, then the best fix that re-solving proved, then the rest of the \
        list, dimmed. Colour is used only on a terminal (never with NO_COLOR set or when piped).

        With --format json, prints one JSON object per block per line (NDJSON); the keys are \
        documented in docs/analyze-json.md.

        With --source-root, each conflict also names the app's files it comes from and their \
        owners from CODEOWNERS (docs/owners.md): a line that names them, or the JSON keys \
        code_owners and source_files.

        With --svg DIR, also writes a picture of each conflict to DIR (made if missing) as \
        FILE-LINE.svg: the items at a solved layout, the conflicting constraints drawn between \
        the edges they relate, the one UIKit broke in red. Where a size its container sets \
        decides the conflict (docs/envelope.md), FILE-LINE-sizes.svg draws it side by side at a \
        size where it fires and at the nearest size where every constraint holds.

        Exit status:
          0   every input was read (whether or not it held conflicts)
          1   an input could not be opened or read, or a picture could not be written; the \
              others were still analysed
          64  the command line is wrong
        """
    )

    @Argument(
      help:
        "Log files to read ('-' or none reads standard input), result bundles' exported diagnostics folders, or .xcresult bundles (docs/tests.md)."
    )
    var files: [String] = []

    @Option(help: "Output format: text or json (one object per block per line).")
    var format: AnalyzeFormat = .text

    @Option(help: "Colour in text output: auto (only on a terminal, never with NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Write a picture of each conflict to this directory.", valueName: "DIR"))
    var svg: String?

    @OptionGroup(title: "Owners") var source: SourceOptions
    @Option(
      help: ArgumentHelp(
        "Analyse on this many threads (default: the machine's cores); the output is the same.", valueName: "N"
      ))
    var jobs: Int?

    func validate() throws {
      if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    mutating func run() throws {
      let output = StandardOutput()
      let codeOwners = try source.map()
      let analyzer = BlockAnalyzer(appSource: codeOwners?.appSource)
      let style = color.style()
      var pictures = try svg.map(PictureWriter.init(directory:))
      var failedInputs = 0
      CommandLineHints.sayWhenReadingATerminal(files: files, command: "lcq analyze")
      // A diagnostics folder or a result bundle is read as its console files (docs/tests.md).
      let inputs = TestRunInputs(files.isEmpty ? ["-"] : files)
      defer { inputs.removeExports() }
      for problem in inputs.problems {
        StandardError.write("lcq: \(problem)")
        failedInputs += 1
      }
      for input in inputs.paths {
        do {
          let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
          let summary: ScanSummary
          if format == .json, pictures == nil {
            // Only the JSON is wanted: a list logged again at other addresses reuses its analysis.
            summary = try InputFile.analyzeRendered(
              input, with: analyzer, jobs: jobs,
              render: { analysis, renaming in
                var json = JSONWriter()
                BlockJSON.write(
                  analysis, codeOwnership: codeOwners?.ownership(of: analysis), renaming: renaming, to: &json)
                json.endLine()
                return json.bytes
              },
              // A message that logs a known list at other addresses is written from the first
              // one's object (code owners are worked out for each message, so not with them).
              templating: codeOwners == nil ? BlockJSONTemplate.templating : nil, onQuiet: { output.flush() },
              onRendered: output.write)
          } else {
            let (format, terminalWidth) = (self.format, TerminalWidth.terminal)
            summary = try InputFile.analyze(
              input, with: analyzer, jobs: jobs,
              render: { analysis in
                let ownership = codeOwners?.ownership(of: analysis)
                switch format {
                case .text:
                  let text = BlockText.render(analysis, style: style, codeOwnership: ownership) + "\n"
                  // On a terminal, long lines are broken at its width (logged descriptions kept whole).
                  return Array((terminalWidth.map { TextWrap.wrap(text, width: $0) } ?? text).utf8)
                case .json:
                  var json = JSONWriter()
                  BlockJSON.write(analysis, codeOwnership: ownership, to: &json)
                  json.endLine()
                  return json.bytes
                }
              }, onQuiet: { output.flush() }
            ) { analysis, text in
              output.write(text)
              pictures?.write(analysis, input: input)
            }
          }
          output.flush()
          reportScan(summary, of: input)
        } catch {
          output.flush()
          StandardError.write("lcq: \(error)")
          failedInputs += 1
        }
      }
      output.flush()
      if failedInputs > 0 || (pictures?.failures ?? 0) > 0 { throw ExitCode(1) }
    }

    /// Tells a person on stderr about an input with no conflicts or with damage.
    private func reportScan(_ summary: ScanSummary, of input: String) {
      for issue in summary.issues { StandardError.write("lcq: \(issue)") }
      if summary.blocks == 0 {
        let name = input == "-" ? "standard input" : input
        StandardError.write(
          "lcq: \(name): no conflict messages found (\(summary.lines) lines, \(summary.bytes) bytes)")
      }
    }
  }
}

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto
  case always
  case never

  /// The text style for standard output.
  func style() -> TextStyle {
    switch self {
    case .always: TextStyle(colored: true)
    case .never: .plain
    case .auto:
      TextStyle.decide(
        standardOutputIsTerminal: isatty(1) != 0, environment: ProcessInfo.processInfo.environment)
    }
  }
}

/// Output formats of `lcq analyze`.
enum AnalyzeFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}
