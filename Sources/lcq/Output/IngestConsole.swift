import LCQPipeline
import LCQStore

/// What `lcq ingest` shows while it runs: the pipeline's notes on stderr and, on a terminal, a
/// progress line.
///
/// The progress line is drawn by the pipeline's worker thread; ``clearProgress()`` is called
/// only after the worker has stopped, which orders the two.
final class IngestConsole: IngestObserver, @unchecked Sendable {
  private var progress = ProgressLine()

  func progressed(_ totals: IngestTotals) {
    progress.update(totals)
  }

  func note(_ message: String) {
    StandardError.write("lcq: \(message)")
  }

  /// Erases the progress line before the final summary.
  func clearProgress() {
    progress.clear()
  }
}
