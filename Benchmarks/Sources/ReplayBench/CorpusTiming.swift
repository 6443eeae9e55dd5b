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

  func run() throws {
    var blocks: [ConflictBlock] = []
    for path in paths { blocks += try Self.blocks(at: path) }
    let replayable = blocks.filter {
      let verdict = BlockAnalyzer.readVerdict(of: $0)
      return verdict == .pending
    }
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
