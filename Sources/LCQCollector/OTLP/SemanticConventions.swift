#if Collector
  import LCQStore

  /// The OpenTelemetry semantic-convention attributes lcq reads from a log record and its
  /// resource (docs/serve.md has the table). Any other attribute is ignored, and never kept.
  enum SemanticConventions {
    /// The app: `service.name`.
    static let app = "service.name"
    /// The app's marketing version: `service.version`.
    static let appVersion = "service.version"
    /// The build: `app.build_id`.
    static let build = "app.build_id"
    /// The device model: `device.model.identifier` (`iPhone15,2`), else `device.model.name`.
    static let device = ["device.model.identifier", "device.model.name"]
    /// The OS version: `os.version`.
    static let osVersion = "os.version"
    /// The CI run, lcq's run id: `cicd.pipeline.run.id`.
    static let runKey = "cicd.pipeline.run.id"
    /// The machine: `host.name`.
    static let host = "host.name"
    /// The test that was running: `test.case.name`.
    static let test = "test.case.name"
    /// The app's process id, for the log prefix lcq writes: `process.pid`.
    static let pid = "process.pid"
  }

  /// The values of the attributes lcq reads (``SemanticConventions``), and nothing else: a
  /// record keeps these few strings, never its resource's whole map (security review 3, P5:
  /// a resource's thousands of attributes copied into each of thousands of records).
  struct ConventionFields: Sendable, Hashable {
    var app: String?
    var appVersion: String?
    var build: String?
    var deviceIdentifier: String?
    var deviceName: String?
    var osVersion: String?
    var runKey: String?
    var host: String?
    var test: String?
    var pid: Int?

    /// Takes `value` if `key` is one lcq reads (an empty value reads as none); whether it was.
    @discardableResult
    mutating func take(_ key: String, _ value: String) -> Bool {
      let value = value.isEmpty ? nil : value
      switch key {
      case SemanticConventions.app: app = value
      case SemanticConventions.appVersion: appVersion = value
      case SemanticConventions.build: build = value
      case SemanticConventions.device[0]: deviceIdentifier = value
      case SemanticConventions.device[1]: deviceName = value
      case SemanticConventions.osVersion: osVersion = value
      case SemanticConventions.runKey: runKey = value
      case SemanticConventions.host: host = value
      case SemanticConventions.test: test = value
      case SemanticConventions.pid: pid = value.flatMap { Int($0) }
      default: return false
      }
      return true
    }

    /// These fields with `own`'s on top: a record's attribute wins over its resource's.
    func overlaid(with own: ConventionFields) -> ConventionFields {
      ConventionFields(
        app: own.app ?? app, appVersion: own.appVersion ?? appVersion, build: own.build ?? build,
        deviceIdentifier: own.deviceIdentifier ?? deviceIdentifier, deviceName: own.deviceName ?? deviceName,
        osVersion: own.osVersion ?? osVersion, runKey: own.runKey ?? runKey, host: own.host ?? host,
        test: own.test ?? test, pid: own.pid ?? pid)
    }

    /// The run these fields describe, received by `source` (what the server calls the request).
    func metadata(source: String, lcqVersion: String) -> RunMetadata {
      RunMetadata(
        app: app, appVersion: appVersion, build: build, device: deviceIdentifier ?? deviceName,
        osVersion: osVersion, runKey: runKey, host: host, source: source, lcqVersion: lcqVersion)
    }
  }
#endif
