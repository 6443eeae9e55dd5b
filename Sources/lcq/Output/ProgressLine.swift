import LCQReporting
import LCQStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress line on stderr, redrawn at most twice a second, only when stderr is a terminal.
struct ProgressLine {
  private let enabled = isatty(STDERR_FILENO) == 1
  private var lastDraw = ContinuousClock.now
  private var drawn = false

  mutating func update(_ totals: IngestTotals) {
    guard enabled, ContinuousClock.now - lastDraw >= .milliseconds(500) else { return }
    lastDraw = .now
    drawn = true
    StandardError.writeRaw(
      "\r\u{1B}[Klcq: \(Wording.counted(totals.blocks, "block")) · \(Wording.counted(totals.conflicts, "conflict")) "
        + "(\(totals.newConflicts) new) · \(totals.unparsed) unparsed"
    )
  }

  /// Erases the line before the final summary.
  mutating func clear() {
    guard drawn else { return }
    StandardError.writeRaw("\r\u{1B}[K")
    drawn = false
  }
}

/// The one-line summary an ingest prints at its end.
enum IngestSummary {
  static func line(
    _ totals: IngestTotals, interrupted: Bool, path: String,
    alsoStored: (count: Int, build: String?, builds: Int)? = nil
  ) -> String {
    var parts = [
      "\(totals.blocks) block\(totals.blocks == 1 ? "" : "s")",
      "\(totals.conflicts) conflict\(totals.conflicts == 1 ? "" : "s") (\(totals.newConflicts) new)",
      "\(totals.unparsed) unparsed",
    ]
    let alreadyStored = totals.duplicates - totals.completed
    if alreadyStored > 0 { parts.append("\(alreadyStored) already stored") }
    // A message an earlier ingest stored when its input ended inside it, now read further.
    if totals.completed > 0 { parts.append("\(totals.completed) completed") }
    if let also = alsoStored {
      // Each build (and app) counts its own: say where the same lines were stored too.
      let under = also.builds == 1 ? also.build.map { "build \(TerminalText.oneLine($0))" } : nil
      parts.append("\(also.count) also stored under \(under ?? "other builds or apps")")
    }
    return (interrupted ? "interrupted; committed " : "ingested ") + parts.joined(separator: " · ")
      + " → \(path)"
  }
}
