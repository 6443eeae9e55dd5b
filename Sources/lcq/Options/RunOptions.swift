import ArgumentParser
import Foundation
import LCQStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the logs of an ingest came from: flags, else `LCQ_*` environment variables.
struct RunOptions: ParsableArguments {
  @Option(help: "The app's name (else $LCQ_APP, else the first process name in the log).")
  var app: String?
  @Option(help: "The app's version, e.g. 4.2 (else $LCQ_APP_VERSION).")
  var appVersion: String?
  @Option(help: "The build, e.g. 1234 or '4.2 (1234)'; ordered numerically (else $LCQ_BUILD).")
  var build: String?
  @Option(help: "The device model, e.g. iPhone15,2 (else $LCQ_DEVICE).")
  var device: String?
  @Option(help: "The OS version, e.g. 17.4 (else $LCQ_OS_VERSION).")
  var osVersion: String?
  @Option(
    help:
      "An id for this run, e.g. a CI job id (else $LCQ_RUN_ID). Blocks without a timestamp are told apart by it."
  )
  var runId: String?
  @Option(
    help: ArgumentHelp(
      "Record the run as started at this UTC date or ISO 8601 time, and date blocks without a "
        + "timestamp by it (backfills of archived logs, reproducible databases). Default: now.",
      valueName: "time"))
  var ingestTime: String?

  func validate() throws {
    if let ingestTime, TimeArgument.date(ingestTime) == nil {
      throw ValidationError(
        "--ingest-time '\(ingestTime)' is not a UTC date (2024-03-05) or an ISO 8601 time")
    }
  }

  /// The ingest's clock: at --ingest-time when given, else now.
  var clock: IngestClock {
    guard let time = ingestTime.flatMap(TimeArgument.date) else { return IngestClock() }
    return IngestClock(now: Date(timeIntervalSince1970: TimeInterval(time)))
  }

  /// The run's metadata, flags first, then the environment.
  func metadata(source: String, lcqVersion: String) -> RunMetadata {
    let environment = ProcessInfo.processInfo.environment
    func value(_ flag: String?, _ variable: String) -> String? {
      if let flag, !flag.isEmpty { return flag }
      if let fromEnvironment = environment[variable], !fromEnvironment.isEmpty { return fromEnvironment }
      return nil
    }
    return RunMetadata(
      app: value(app, "LCQ_APP"), appVersion: value(appVersion, "LCQ_APP_VERSION"),
      build: value(build, "LCQ_BUILD"),
      device: value(device, "LCQ_DEVICE"), osVersion: value(osVersion, "LCQ_OS_VERSION"),
      runKey: value(runId, "LCQ_RUN_ID"), host: Self.hostName, source: source, lcqVersion: lcqVersion)
  }

  static var hostName: String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
