import ArgumentParser
import Foundation
import LCQStore

#if Collector
  import LCQCollector
#endif

extension LCQCommand {
  /// `lcq serve`: the collector (docs/serve.md).
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Receive logs over HTTP (OpenTelemetry's OTLP, or a plain upload) and store their conflicts.",
      discussion: """
        Listens on HOST:PORT and stores what it receives into the database, as `lcq ingest` \
        does (the same log sent twice is stored once):
          POST /v1/logs     OTLP/HTTP logs, protobuf or JSON, gzip allowed; attributes as in docs/serve.md
          POST /v1/ingest   a log file as the body; app, app-version, build, device, os-version, run-id, host as query parameters
          GET  /healthz     200 while the process runs
          GET  /readyz      200 while the database answers
          GET  /metrics     what was received, stored and refused (Prometheus text)
        Sending needs a bearer token of scope ingest (or device, /v1/logs only), /metrics one \
        of scope metrics (`lcq token create`): 401 without a valid one, 403 with one of another \
        scope or for an app the token may not write, 429 with Retry-After past --rate (or a \
        device's --device-quota), 413 past --max-body or a request limit (a JSON reason), 503 \
        with Retry-After past --max-requests in flight or while the database does not answer. A \
        200 means every message read is committed. Prints the address it listens on to stderr, \
        and nothing else but errors; never a token or a message. Serves HTTPS with --tls-cert \
        and --tls-key, else plain HTTP, which on an address other than loopback needs \
        --behind-proxy (a TLS proxy in front) or --insecure-http (docs/serve.md). SIGINT or SIGTERM stops it once the requests in flight \
        are answered, within 10 s of a stuck database. Built with the Collector trait \
        (`swift build -c release --traits TeamStore,Collector`).

        Exit status:
          0   stopped by SIGINT or SIGTERM
          1   the address could not be listened on
          2   the database could not be opened
          64  the command line is wrong, or this lcq was built without the Collector trait
        """)

    @Option(help: ArgumentHelp("The address to listen on; port 0 takes a free one.", valueName: "host:port"))
    var listen: String = "127.0.0.1:4318"
    @Option(help: "The largest request body taken, in bytes, as sent and once inflated.")
    var maxBody: Int = 16 << 20
    @Option(
      help:
        "Requests a second each token may send, on average (a burst of twice as many is taken); 0.001 to 1000000."
    )
    var rate: Double = 50
    @Option(help: "Requests a day each client address of a device token may send.")
    var deviceQuota: Int = 1000
    @Option(
      help: "Requests taken at once; past it 503 with Retry-After (default: 256).")
    var maxRequests: Int?
    @Option(
      help: "Connections held at once; past it a new one is closed (default: 1024, below the file limit).")
    var maxConnections: Int?
    @Option(help: "Seconds a connection has to send a request's head (and an idle one stays open).")
    var headTimeout: Int = 30
    @Option(help: "Seconds a request has to send its body.")
    var bodyTimeout: Int = 60
    @Option(
      help:
        "Seconds a request waits for the store; past it 503 with Retry-After, and a text the store has not begun is dropped."
    )
    var storeTimeout: Int = 30
    @Option(
      help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM; with --tls-key).", valueName: "file"))
    var tlsCert: String?
    @Option(help: ArgumentHelp("The certificate's private key (PEM; with --tls-cert).", valueName: "file"))
    var tlsKey: String?
    @Flag(help: "A TLS proxy in front forwards the requests: a non-loopback --listen is then allowed.")
    var behindProxy = false
    @Flag(
      help: "Serve plain HTTP on an address other than loopback: tokens and logs cross the network in clear.")
    var insecureHttp = false
    @Option(help: "Seconds a run may go without a log before it is finished.")
    var idleRun: Int = 60
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard Self.address(listen) != nil else {
        throw ValidationError("--listen '\(listen)': give HOST:PORT, e.g. 127.0.0.1:4318")
      }
      guard maxBody > 0, idleRun > 0, deviceQuota > 0, headTimeout > 0, bodyTimeout > 0, storeTimeout > 0,
        (maxRequests ?? 1) > 0, (maxConnections ?? 1) > 0
      else {
        throw ValidationError(
          "--max-body, --idle-run, --device-quota, --max-requests, --max-connections, --head-timeout, "
            + "--body-timeout and --store-timeout take numbers above 0")
      }
      // A rate past these made the burst or the wait larger than an integer holds (security
      // review 3, T14).
      guard rate >= 0.001, rate <= 1_000_000 else {
        throw ValidationError("--rate takes a number from 0.001 to 1000000 (requests a second)")
      }
      guard (tlsCert == nil) == (tlsKey == nil) else {
        throw ValidationError("--tls-cert and --tls-key go together: give both, or neither for plain HTTP")
      }
      if let (host, _) = Self.address(listen), !Self.isLoopback(host), tlsCert == nil, !behindProxy,
        !insecureHttp
      {
        throw ValidationError(
          "--listen \(listen) is reachable from other machines, and lcq serves plain HTTP: bearer tokens "
            + "and logs would cross the network in clear. Give --tls-cert and --tls-key, or listen on "
            + "127.0.0.1 behind a TLS proxy with --behind-proxy, or give --insecure-http to do it anyway "
            + "(docs/serve.md)")
      }
    }

    /// Whether `host` is reachable from this machine only.
    static func isLoopback(_ host: String) -> Bool {
      let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
      return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// `host:port` split, the port from 0 to 65535.
    static func address(_ text: String) -> (host: String, port: Int)? {
      guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
        (0...65_535).contains(port), colon > text.startIndex
      else { return nil }
      return (String(text[..<colon]), port)
    }

    mutating func run() throws {
      #if Collector
        // validate() made sure the address reads.
        let (host, port) = Self.address(listen) ?? ("127.0.0.1", 4318)
        let store: any ConflictStore
        do {
          store = try database.open(.create)
        } catch {
          StandardError.write("lcq: \(error)")
          throw ExitStatus.databaseError
        }
        defer { store.close() }
        var settings = CollectorSettings(
          host: host, port: port, maxBodyBytes: maxBody, requestsPerSecond: rate,
          burst: max(1, Int(rate * 2)), deviceDailyQuota: deviceQuota, idleRunSeconds: idleRun,
          maxRequestsInFlight: maxRequests,
          maxConnections: maxConnections ?? FileLimit.connectionsAllowed(),
          headTimeoutSeconds: headTimeout, bodyTimeoutSeconds: bodyTimeout, storeTimeoutSeconds: storeTimeout,
          lcqVersion: LCQVersion.current)
        settings.behindProxy = behindProxy
        if let tlsCert, let tlsKey { settings.tls = (tlsCert, tlsKey) }
        let scheme = tlsCert == nil ? "http" : "https"
        let shown = store.displayPath
        let failure = BlockingTask.run {
          try await CollectorServer.run(
            store: store, settings: settings,
            listening: { address in StandardError.write("lcq: serving \(scheme)://\(address) into \(shown)")
            },
            said: { StandardError.write($0) })
        }
        if let failure {
          StandardError.write("lcq: serve: \(failure)")
          throw ExitCode(1)
        }
      #else
        StandardError.write(
          "lcq: this lcq was built without the collector; build it with "
            + "`swift build -c release --traits TeamStore,Collector` to use `lcq serve`")
        throw ExitCode(64)
      #endif
    }
  }
}
