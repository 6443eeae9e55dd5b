import Foundation

/// Small timing helpers: wall time in microseconds, medians and percentiles.
enum Timing {
  /// Runs `body` once and returns its wall time in microseconds.
  static func microseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
  }

  /// The median of `body`'s wall time over `repeats` runs, in microseconds.
  static func median(repeats: Int, _ body: () -> Void) -> Double {
    percentile(0.5, of: (0..<repeats).map { _ in microseconds(body) })
  }

  /// The `fraction` percentile (nearest rank) of `values`.
  static func percentile(_ fraction: Double, of values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}
