import ArgumentParser

/// Times the replay: corpus blocks, a generated large block, and the `Double` solver on a
/// widget grid shaped like kiwisolver's own benchmark.
@main
struct ReplayBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lcq-replay-bench",
    abstract: "Time lcq's replay and solver.",
    subcommands: [CorpusTiming.self, GeneratedBlockTiming.self, GridTiming.self]
  )
}
