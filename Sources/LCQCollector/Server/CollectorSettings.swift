#if Collector
  import Foundation

  /// How `lcq serve` listens and what it accepts.
  public struct CollectorSettings: Sendable {
    /// The address to listen on (`127.0.0.1`, `0.0.0.0`).
    public var host: String
    /// The port; 0 takes a free one (the line the server prints names it).
    public var port: Int
    /// The largest request body taken, in bytes, as sent and once inflated.
    public var maxBodyBytes: Int
    /// Requests a second each token may send, on average (each client address of a device
    /// token has a bucket of its own).
    public var requestsPerSecond: Double
    /// Requests each token may send at once, above the average.
    public var burst: Int
    /// Requests a day each client address of a device token may send.
    public var deviceDailyQuota: Int
    /// Seconds a run may go without a new log before it is finished.
    public var idleRunSeconds: Int
    /// Most runs open at once; past it the one quiet longest is finished.
    public var maxOpenRuns: Int
    /// What one request may hold (413 past it).
    public var limits: RequestLimits
    /// Most requests past their token check at once (503 past it).
    public var maxRequestsInFlight: Int
    /// Most body bytes the requests in flight hold together (503 past it).
    public var maxBufferedBytes: Int
    /// Most connections open at once; past it a new one is closed at once.
    public var maxConnections: Int
    /// Seconds a connection may take to send a request's head, counted from its start or from
    /// its last answer (an idle kept-alive connection is closed after it).
    public var headTimeoutSeconds: Int
    /// Seconds a request may take to send its body.
    public var bodyTimeoutSeconds: Int
    /// Seconds a request waits for the store before it is answered 503.
    public var storeTimeoutSeconds: Int
    /// The PEM files of the certificate chain and private key to serve HTTPS with; `nil` for
    /// plain HTTP.
    public var tls: (certificateChain: String, privateKey: String)?
    /// Whether a TLS proxy in front forwards the requests: a device token's client is then the
    /// last address of `X-Forwarded-For`, which the proxy adds.
    public var behindProxy = false
    /// The lcq version stored with each run.
    public var lcqVersion: String

    /// Settings with the defaults `lcq serve` documents.
    public init(
      host: String, port: Int, maxBodyBytes: Int = 16 << 20, requestsPerSecond: Double = 50, burst: Int = 100,
      deviceDailyQuota: Int = 1000, idleRunSeconds: Int = 60, maxOpenRuns: Int = 256,
      limits: RequestLimits = RequestLimits(), maxRequestsInFlight: Int? = nil, maxBufferedBytes: Int? = nil,
      maxConnections: Int = 1024, headTimeoutSeconds: Int = 30, bodyTimeoutSeconds: Int = 60,
      storeTimeoutSeconds: Int = 30, lcqVersion: String
    ) {
      self.host = host
      self.port = port
      self.maxBodyBytes = maxBodyBytes
      self.requestsPerSecond = requestsPerSecond
      self.burst = burst
      self.deviceDailyQuota = deviceDailyQuota
      self.idleRunSeconds = idleRunSeconds
      self.maxOpenRuns = maxOpenRuns
      self.limits = limits
      self.maxRequestsInFlight = maxRequestsInFlight ?? Self.defaultRequestsInFlight
      // Four bodies at the largest, as sent and inflated, saturating for a huge --max-body.
      self.maxBufferedBytes = maxBufferedBytes ?? maxBodyBytes.multipliedReportingOverflow(by: 4).partialValue
      if self.maxBufferedBytes <= 0 { self.maxBufferedBytes = .max }
      self.maxConnections = maxConnections
      self.headTimeoutSeconds = headTimeoutSeconds
      self.bodyTimeoutSeconds = bodyTimeoutSeconds
      self.storeTimeoutSeconds = storeTimeoutSeconds
      self.lcqVersion = lcqVersion
    }

    /// 256: room for a fleet's runners at once (security review 3's E4 held 200 clients, each
    /// waiting for a shared commit); what they hold is bounded by ``maxBufferedBytes``.
    public static var defaultRequestsInFlight: Int { 256 }
  }
#endif
