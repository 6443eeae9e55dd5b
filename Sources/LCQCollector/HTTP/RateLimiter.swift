#if Collector
  import Foundation

  /// Requests per token: a bucket of `burst` requests for each token, refilled at `perSecond`.
  /// A request that finds its bucket empty is answered 429, with the whole seconds until the
  /// next request would be taken (`Retry-After`).
  final class RateLimiter: @unchecked Sendable {
    private let perSecond: Double
    private let burst: Double
    private let lock = NSLock()
    private var buckets: [String: (level: Double, at: ContinuousClock.Instant)] = [:]

    /// A limiter allowing `perSecond` requests a second to each token, `burst` at once.
    init(perSecond: Double, burst: Int) {
      self.perSecond = perSecond
      self.burst = Double(max(burst, 1))
    }

    /// Takes one request for `token`: `nil` when it may go ahead, else the seconds to wait.
    func take(_ token: String, now: ContinuousClock.Instant = .now) -> Int? {
      lock.withLock {
        let (level, at) = buckets[token] ?? (burst, now)
        let elapsed = now - at
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let refilled = min(burst, level + seconds * perSecond)
        guard refilled >= 1 else {
          buckets[token] = (refilled, now)
          return max(1, Int(((1 - refilled) / perSecond).rounded(.up)))
        }
        buckets[token] = (refilled - 1, now)
        return nil
      }
    }
  }
#endif
