#if Collector
  /// How `lcq serve` listens and what it accepts.
  public struct CollectorSettings: Sendable {
    /// The address to listen on (`127.0.0.1`, `0.0.0.0`).
    public var host: String
    /// The port; 0 takes a free one (the line the server prints names it).
    public var port: Int
    /// The largest request body taken, in bytes, as sent and once inflated.
    public var maxBodyBytes: Int
    /// Requests a second each token may send, on average.
    public var requestsPerSecond: Double
    /// Requests each token may send at once, above the average.
    public var burst: Int
    /// Seconds a run may go without a new log before it is finished.
    public var idleRunSeconds: Int
    /// The lcq version stored with each run.
    public var lcqVersion: String

    /// Settings with the defaults `lcq serve` documents.
    public init(
      host: String, port: Int, maxBodyBytes: Int = 16 << 20, requestsPerSecond: Double = 50, burst: Int = 100,
      idleRunSeconds: Int = 60, lcqVersion: String
    ) {
      self.host = host
      self.port = port
      self.maxBodyBytes = maxBodyBytes
      self.requestsPerSecond = requestsPerSecond
      self.burst = burst
      self.idleRunSeconds = idleRunSeconds
      self.lcqVersion = lcqVersion
    }
  }
#endif
