/// What an ingest run says about where its logs came from.
public struct RunMetadata: Sendable, Hashable {
  /// The app's name (else the first process name the log shows).
  public var app: String?
  /// The app's marketing version, e.g. `4.2`.
  public var appVersion: String?
  /// The build, e.g. `4.2 (1234)` or `1234`; ordered numerically.
  public var build: String?
  /// The device model, e.g. `iPhone15,2` or `iPhone 15 Simulator`.
  public var device: String?
  /// The OS version, e.g. `17.4`.
  public var osVersion: String?
  /// A caller's identity for the run (a CI job id); part of the identity of blocks that carry no
  /// timestamp.
  public var runKey: String?
  /// The machine that ran the ingest.
  public var host: String?
  /// The inputs, `-` for standard input.
  public var source: String
  /// The lcq version that ingested.
  public var lcqVersion: String
  /// Where the app turns the conflict messages off (`path:line what`), as the run's source tree
  /// said; `nil` when no tree was read.
  public var loggingOff: [String]? = nil
  /// The `lcq serve` token the run's logs came with (``AccessToken/id``); `nil` for `lcq ingest`.
  /// Runs alike but for their token are runs apart: one token's writes never join another's.
  public var tokenID: Int64? = nil

  /// Creates metadata.
  public init(
    app: String? = nil, appVersion: String? = nil, build: String? = nil, device: String? = nil,
    osVersion: String? = nil, runKey: String? = nil, host: String? = nil, source: String, lcqVersion: String
  ) {
    self.app = app
    self.appVersion = appVersion
    self.build = build
    self.device = device
    self.osVersion = osVersion
    self.runKey = runKey
    self.host = host
    self.source = source
    self.lcqVersion = lcqVersion
  }
}
