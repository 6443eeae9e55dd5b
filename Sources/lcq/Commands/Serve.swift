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
        Sending needs a bearer token of scope ingest, /metrics one of scope metrics (`lcq token \
        create`): 401 without a valid one, 403 with one of another scope, 429 with Retry-After \
        past --rate, 413 past --max-body. A 200 means every message read is committed. Prints \
        the address it listens on to stderr, and nothing else but errors; never a token or a \
        message. Serves plain HTTP: put TLS in front (docs/serve.md). SIGINT or SIGTERM stops \
        it once the requests in flight are answered. Built with the Collector trait \
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
    @Option(help: "Requests a second each token may send, on average (a burst of twice as many is taken).")
    var rate: Double = 50
    @Option(help: "Seconds a run may go without a log before it is finished.")
    var idleRun: Int = 60
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard Self.address(listen) != nil else {
        throw ValidationError("--listen '\(listen)': give HOST:PORT, e.g. 127.0.0.1:4318")
      }
      guard maxBody > 0, rate > 0, idleRun > 0 else {
        throw ValidationError("--max-body, --rate and --idle-run take numbers above 0")
      }
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
        let settings = CollectorSettings(
          host: host, port: port, maxBodyBytes: maxBody, requestsPerSecond: rate,
          burst: max(1, Int(rate * 2)),
          idleRunSeconds: idleRun, lcqVersion: LCQVersion.current)
        let shown = store.displayPath
        let failure = BlockingTask.run {
          try await CollectorServer.run(store: store, settings: settings) { address in
            StandardError.write("lcq: serving http://\(address) into \(shown)")
          }
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
