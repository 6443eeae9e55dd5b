import Foundation

/// SplitMix64: a random number generator whose sequence a seed fixes, so that a randomised test
/// that fails can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
  /// The seed the sequence started from.
  public let seed: UInt64
  private var state: UInt64

  /// A generator starting at `seed`.
  public init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  /// A generator for one test: `$LCQ_TEST_SEED` when set, else a fresh seed; the seed is
  /// printed with `name`, so that `LCQ_TEST_SEED=N swift test --filter NAME` replays a failure.
  public static func forTest(_ name: String) -> SeededGenerator {
    let seed =
      ProcessInfo.processInfo.environment["LCQ_TEST_SEED"].flatMap(UInt64.init)
      ?? .random(in: 1...1_000_000_000)
    print("\(name): seed \(seed) (LCQ_TEST_SEED=\(seed) replays it)")
    return SeededGenerator(seed: seed)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
