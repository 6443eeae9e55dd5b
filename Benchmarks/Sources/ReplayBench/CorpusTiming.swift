import ArgumentParser
import Foundation
import LCQAnalysis
import LCQParsing

/// Per-block replay times over a folder of logs (the shared corpus).
struct CorpusTiming: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "corpus", abstract: "Replay every block of the logs in a folder and time it.")

  @Argument(help: "Folders or files of logs.")
  var paths: [String]

  @Option(help: "Runs per block; the block's time is their median.")
  var repeats = 101

  @Flag(help: "Also print each block's certified time, size and verdict, slowest first.")
  var perBlock = false

  @Flag(help: "Time only the verdict and the certified minimal set (for profiling).")
  var certifiedOnly = false

  @Flag(
    help:
      "Time each block's whole analysis (replay, fingerprint, diagnosis, fixes) with and without its envelope, side by side."
  )
  var analysis = false

  func run() throws {
    var blocks: [ConflictBlock] = []
    for path in paths { blocks += try Self.blocks(at: path) }
    let replayable = blocks.filter {
      let verdict = BlockAnalyzer.readVerdict(of: $0)
      return verdict == .pending
    }
    if analysis { return timeAnalysis(replayable) }
    let certifiedOptions = BlockReplayer.Options(enumeratesMinimalSets: false, findsSingleFixes: false)
    var certified: [Double] = []
    var full: [Double] = []
    var conflictBlocks: [ConflictBlock] = []
    for block in replayable {
      certified.append(
        Timing.median(repeats: repeats) { _ = BlockReplayer.replay(block, options: certifiedOptions) })
      if certifiedOnly { continue }
      full.append(Timing.median(repeats: repeats) { _ = BlockReplayer.replay(block) })
      if BlockReplayer.replay(block).verdict == .conflict { conflictBlocks.append(block) }
    }
    // Whole isolation of every conflict block, as a throughput (compared with z3 by the script).
    var rounds = 0
    let start = Date()
    while !certifiedOnly, Date().timeIntervalSince(start) < 2 {
      for block in conflictBlocks { _ = BlockReplayer.replay(block) }
      rounds += 1
    }
    let seconds = Date().timeIntervalSince(start)
    if perBlock {
      for (time, block) in zip(certified, replayable).sorted(by: { $0.0 > $1.0 }) {
        let replay = BlockReplayer.replay(block, options: certifiedOptions)
        print(
          String(format: "%9.1f us", time),
          "\(block.constraints.count) listed, set of \(replay.minimalSet.count), \(replay.verdict.rawValue),",
          "\(block.source.file):\(block.source.line)")
      }
    }
    // Conflicts are only counted on the full run: --certified-only skips the full replay.
    print(
      "blocks replayed: \(replayable.count)" + (certifiedOnly ? "" : " (\(conflictBlocks.count) conflicts)"))
    print(
      String(
        format: "verdict + certified minimal set: median %.1f us, p95 %.1f us, max %.1f us",
        Timing.percentile(0.5, of: certified), Timing.percentile(0.95, of: certified), certified.max() ?? 0))
    guard !certifiedOnly else { return }
    print(
      String(
        format: "full replay (all minimal sets, single fixes): median %.1f us, p95 %.1f us, max %.1f us",
        Timing.percentile(0.5, of: full), Timing.percentile(0.95, of: full), full.max() ?? 0))
    print(
      String(
        format: "conflict blocks fully isolated per second: %.0f",
        Double(rounds * conflictBlocks.count) / seconds))
  }

  /// Each block's whole analysis with and without its envelope, the two timed in turn for each
  /// block, so that the machine's drift falls on both alike.
  func timeAnalysis(_ blocks: [ConflictBlock]) {
    var without = BlockAnalyzer()
    without.findsEnvelopes = false
    let with = BlockAnalyzer()
    var withTimes: [Double] = []
    var withoutTimes: [Double] = []
    var enveloped = 0
    for block in blocks {
      withoutTimes.append(Timing.median(repeats: repeats) { _ = without.analyze(block) })
      withTimes.append(Timing.median(repeats: repeats) { _ = with.analyze(block) })
      if !(with.analyze(block).envelope?.sizes.isEmpty ?? true) { enveloped += 1 }
    }
    let ratios = zip(withTimes, withoutTimes).map { $0 / $1 }
    print("blocks analysed: \(blocks.count) (\(enveloped) with an envelope)")
    for (name, times) in [("without the envelope", withoutTimes), ("with the envelope", withTimes)] {
      print(
        String(
          format: "analysis %@: median %.1f us, p95 %.1f us", name, Timing.percentile(0.5, of: times),
          Timing.percentile(0.95, of: times)))
    }
    print(
      String(
        format: "with / without, per block: median %.3f, p95 %.3f, max %.3f",
        Timing.percentile(0.5, of: ratios),
        Timing.percentile(0.95, of: ratios), ratios.max() ?? 0))
  }

  static func blocks(at path: String) throws -> [ConflictBlock] {
    var isDirectory: ObjCBool = false
    FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let files =
      isDirectory.boolValue
      ? try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".log") }.sorted().map
      {
        path + "/" + $0
      } : [path]
    var blocks: [ConflictBlock] = []
    for file in files {
      var scanner = ConflictScanner(file: file)
      scanner.feed(Array(try Data(contentsOf: URL(fileURLWithPath: file)))) { blocks.append($0) }
      _ = scanner.finish { blocks.append($0) }
    }
    return blocks
  }
}
