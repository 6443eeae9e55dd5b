#if Collector
  import Foundation

  /// Requests per bucket (a token, or a device token and one client address): `burst` requests
  /// at once, refilled at `perSecond`, and for a device token a number a day. A request that
  /// finds its bucket empty is answered 429, with the whole seconds until the next request
  /// would be taken (`Retry-After`), at least 1 and at most a day.
  final class RateLimiter: @unchecked Sendable {
    /// The longest wait `Retry-After` says: a day (security review 3, T14: a rate of 1e-300
    /// made the wait larger than an integer holds, and the server crashed).
    static let longestWait = 86_400
    private let perSecond: Double
    private let burst: Double
    private let lock = NSLock()
    private var buckets: [String: (level: Double, at: ContinuousClock.Instant)] = [:]
    /// Requests taken today per bucket that has a daily quota, and which UTC day that is.
    private var today: (day: Int64, counts: [String: Int]) = (0, [:])

    /// A limiter allowing `perSecond` requests a second to each bucket, `burst` at once.
    init(perSecond: Double, burst: Int) {
      self.perSecond = perSecond
      self.burst = Double(max(burst, 1))
    }

    /// Takes one request for `bucket`: `nil` when it may go ahead, else the seconds to wait.
    /// With `dailyQuota`, at most that many a UTC day go ahead.
    func take(
      _ bucket: String, dailyQuota: Int? = nil, now: ContinuousClock.Instant = .now,
      day: Int64 = QuotaClock.today
    ) -> Int? {
      lock.withLock {
        if let dailyQuota {
          if today.day != day { today = (day, [:]) }
          guard today.counts[bucket, default: 0] < dailyQuota else {
            return Self.wait(seconds: Double((day + 1) * 86_400 - QuotaClock.nowSeconds))
          }
        }
        let (level, at) = buckets[bucket] ?? (burst, now)
        let elapsed = now - at
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let refilled = min(burst, level + seconds * perSecond)
        guard refilled >= 1 else {
          buckets[bucket] = (refilled, now)
          return Self.wait(seconds: (1 - refilled) / perSecond)
        }
        buckets[bucket] = (refilled - 1, now)
        if dailyQuota != nil { today.counts[bucket, default: 0] += 1 }
        return nil
      }
    }

    /// `seconds` rounded up, from 1 to ``longestWait``, whatever its size (or NaN).
    static func wait(seconds: Double) -> Int {
      guard seconds < Double(longestWait) else { return longestWait }
      return max(1, Int(seconds.rounded(.up)))
    }
  }

  /// The clock the daily quotas read.
  enum QuotaClock {
    /// Seconds since 1970.
    static var nowSeconds: Int64 { Int64(Date().timeIntervalSince1970) }
    /// The UTC day (seconds / 86,400).
    static var today: Int64 { nowSeconds / 86_400 }
  }
#endif
