#if Collector
  import Foundation
  import Hummingbird
  import LCQStore
  import HummingbirdCore
  import HummingbirdTLS
  import Logging
  import NIOCore
  import NIOSSL

  /// `lcq serve`: receives logs over HTTP and stores their conflicts as `lcq ingest` does
  /// (docs/serve.md).
  ///
  /// - `POST /v1/logs`: OTLP/HTTP logs, protobuf or JSON, gzip allowed.
  /// - `POST /v1/ingest`: a plain upload of a log file, its run described by query parameters.
  /// - `GET /healthz` (the process answers), `GET /readyz` (the store answers), and
  ///   `GET /metrics` (Prometheus text).
  ///
  /// Sending needs a bearer token of scope `ingest` (or `device`, on `/v1/logs` only), reading
  /// the metrics one of scope `metrics` (`lcq token create`). An answer of 200 means every
  /// message read is committed. What a request, the requests in flight and the connections may
  /// hold is bounded (``CollectorSettings``).
  public enum CollectorServer {
    /// Serves `store` until SIGINT or SIGTERM, then finishes the open runs. `listening` hears
    /// the address once the server takes connections; `said` hears what the operator should
    /// know (the store failing, once an outage).
    public static func run(
      store: any ConflictStore, settings: CollectorSettings, listening: @escaping @Sendable (String) -> Void,
      said: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
      let ingest = CollectorIngest(
        store: store, idleLimit: .seconds(settings.idleRunSeconds), maxOpenRuns: settings.maxOpenRuns,
        storeTimeout: .seconds(settings.storeTimeoutSeconds), said: said)
      let budget = RequestBudget(requests: settings.maxRequestsInFlight, bytes: settings.maxBufferedBytes)
      let routes = CollectorRoutes(
        ingest: ingest, settings: settings, metrics: CollectorMetrics(),
        limiter: RateLimiter(perSecond: settings.requestsPerSecond, burst: settings.burst), budget: budget)
      let router = Router(context: CollectorRequestContext.self)
      routes.add(to: router)
      let gate = ConnectionGate(
        limit: settings.maxConnections, headTimeout: .seconds(Int64(settings.headTimeoutSeconds)),
        bodyTimeout: .seconds(Int64(settings.bodyTimeoutSeconds)))
      // Quiet: only errors, and never a request's headers or body.
      var logger = Logger(label: "lcq serve")
      logger.logLevel = .error
      let http = HTTPServerBuilder.http1(
        configuration: .init(
          additionalChannelHandlers: [ConnectionGuard(gate: gate)],
          idleTimeout: .seconds(Int64(settings.headTimeoutSeconds))))
      let app = Application(
        router: router,
        server: try settings.tls.map { try .tls(http, tlsConfiguration: Self.tlsConfiguration($0)) } ?? http,
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "lcq"),
        onServerRunning: { channel in
          let port = channel.localAddress?.port ?? settings.port
          listening("\(settings.host):\(port)")
        }, logger: logger)
      let janitor = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          await ingest.finishIdleRuns()
          budget.returnMemoryAfterABurst()
        }
      }
      defer {
        janitor.cancel()
        // A stuck store does not keep the process from stopping: its runs are left `running`,
        // as after a crash (docs/serve.md).
        ingest.finishAllRuns(within: .seconds(10))
      }
      try await app.runService()
    }

    /// TLS from PEM files: the certificate chain (the server's first), and its private key.
    static func tlsConfiguration(_ files: (certificateChain: String, privateKey: String)) throws
      -> TLSConfiguration
    {
      let chain: [NIOSSLCertificateSource]
      do {
        chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain).map { .certificate($0) }
      } catch {
        throw TLSFileError(
          description: "--tls-cert \(files.certificateChain): not a readable PEM certificate chain")
      }
      let key: NIOSSLPrivateKey
      do {
        key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
      } catch {
        throw TLSFileError(description: "--tls-key \(files.privateKey): not a readable PEM private key")
      }
      return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    }

    /// A certificate or key file that could not be read.
    struct TLSFileError: Error, CustomStringConvertible {
      let description: String
    }
  }
#endif
