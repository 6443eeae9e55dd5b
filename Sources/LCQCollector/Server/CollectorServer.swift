#if Collector
  import Foundation
  import Hummingbird
  import LCQStore
  import Logging

  /// `lcq serve`: receives logs over HTTP and stores their conflicts as `lcq ingest` does
  /// (docs/serve.md).
  ///
  /// - `POST /v1/logs`: OTLP/HTTP logs, protobuf or JSON, gzip allowed.
  /// - `POST /v1/ingest`: a plain upload of a log file, its run described by query parameters.
  /// - `GET /healthz` (the process answers), `GET /readyz` (the store answers), and
  ///   `GET /metrics` (Prometheus text).
  ///
  /// Sending needs a bearer token of scope `ingest`, reading the metrics one of scope
  /// `metrics` (`lcq token create`). An answer of 200 means every message read is committed.
  public enum CollectorServer {
    /// Serves `store` until SIGINT or SIGTERM, then finishes the open runs. `listening` hears
    /// the address once the server takes connections.
    public static func run(
      store: any ConflictStore, settings: CollectorSettings, listening: @escaping @Sendable (String) -> Void
    ) async throws {
      let ingest = CollectorIngest(
        store: store, idleLimit: .seconds(settings.idleRunSeconds))
      let routes = CollectorRoutes(
        ingest: ingest, settings: settings, metrics: CollectorMetrics(),
        limiter: RateLimiter(perSecond: settings.requestsPerSecond, burst: settings.burst))
      let router = Router()
      routes.add(to: router)
      // Quiet: only errors, and never a request's headers or body.
      var logger = Logger(label: "lcq serve")
      logger.logLevel = .error
      let app = Application(
        router: router,
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "lcq"),
        onServerRunning: { channel in
          let port = channel.localAddress?.port ?? settings.port
          listening("\(settings.host):\(port)")
        }, logger: logger)
      let janitor = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          await ingest.finishIdleRuns()
        }
      }
      defer {
        janitor.cancel()
        ingest.finishAllRuns()
      }
      try await app.runService()
    }
  }
#endif
