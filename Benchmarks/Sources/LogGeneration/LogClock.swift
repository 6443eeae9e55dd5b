/// A wall clock for generated logs that only moves forward, printed as `log stream` prints it
/// (`2026-11-20 09:00:00.000000-0800`).
struct LogClock {
  private var day = 20
  private var secondsOfDay = 9 * 3600
  private var microseconds = 0

  mutating func advance(microseconds delta: Int) {
    microseconds += delta
    secondsOfDay += microseconds / 1_000_000
    microseconds %= 1_000_000
    if secondsOfDay >= 86_400 {
      secondsOfDay -= 86_400
      day += 1
    }
  }

  var text: String {
    let hours = secondsOfDay / 3600
    let minutes = secondsOfDay / 60 % 60
    let seconds = secondsOfDay % 60
    return
      "2026-11-\(pad(day, 2)) \(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(microseconds, 6))-0800"
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// A small, fast, deterministic random generator (SplitMix64).
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
