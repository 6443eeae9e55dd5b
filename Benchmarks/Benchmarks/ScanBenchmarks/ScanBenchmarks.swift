import Benchmark
import Foundation
import LCQParsing
import LogGeneration

/// In-process throughput of the conflict scanner on a generated noisy device log, and of the
/// constraint parser on every corpus description.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(metrics: [
    .wallClock, .throughput, .mallocCountTotal, .peakMemoryResident,
  ])

  let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/LCQParsingTests/Fixtures/corpus/real")
  let templates = (try? ConflictTemplate.load(from: corpus)) ?? []
  var generator = DeviceLogGenerator(templates: templates, conflictLineRate: 0.001, seed: 7)
  var log: [UInt8] = []
  _ = generator.generate(byteCount: 64 << 20) { log += $0 }
  let megabytes = log.count >> 20

  Benchmark("Scan a 64 MiB noisy device log") { benchmark in
    for _ in benchmark.scaledIterations {
      var scanner = ConflictScanner(file: "bench.log")
      var blocks = 0
      log.withUnsafeBytes { scanner.feed($0) { _ in blocks += 1 } }
      _ = scanner.finish { _ in blocks += 1 }
      blackHole(blocks)
    }
    blackHole(megabytes)
  }

  let descriptions = templates.flatMap { $0.descriptions + [$0.broken] }
  Benchmark("Parse every corpus description") { benchmark in
    let parser = ConstraintParser()
    for _ in benchmark.scaledIterations {
      for description in descriptions { blackHole(parser.parse(description)) }
    }
  }
}
