#if Collector
  import LCQStore

  /// The OpenTelemetry semantic-convention attributes lcq reads from a log record and its
  /// resource (docs/serve.md has the table). Any other attribute is ignored.
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

    /// The run `attributes` describe, received by `source` (what the server calls the request).
    static func metadata(_ attributes: [String: String], source: String, lcqVersion: String) -> RunMetadata {
      func value(_ key: String) -> String? {
        attributes[key].flatMap { $0.isEmpty ? nil : $0 }
      }
      return RunMetadata(
        app: value(app), appVersion: value(appVersion), build: value(build),
        device: device.lazy.compactMap(value).first, osVersion: value(osVersion), runKey: value(runKey),
        host: value(host), source: source, lcqVersion: lcqVersion)
    }
  }
#endif
