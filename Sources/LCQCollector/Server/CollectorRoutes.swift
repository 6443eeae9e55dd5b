#if Collector
  import Foundation
  import Hummingbird
  import LCQAnalysis
  import LCQStore
  import NIOCore

  /// The server's routes and what each answers (``CollectorServer``).
  struct CollectorRoutes: Sendable {
    let ingest: CollectorIngest
    let settings: CollectorSettings
    let metrics: CollectorMetrics
    let limiter: RateLimiter
    /// Numbers requests, to name each in what the scanner says of it.
    private let counter = RequestCounter()

    init(
      ingest: CollectorIngest, settings: CollectorSettings, metrics: CollectorMetrics, limiter: RateLimiter
    ) {
      self.ingest = ingest
      self.settings = settings
      self.metrics = metrics
      self.limiter = limiter
    }

    func add(to router: Router<BasicRequestContext>) {
      router.get("/healthz") { _, _ in answer("/healthz", .ok, text: "ok\n") }
      router.get("/readyz") { _, _ in
        await ingest.isReady()
          ? answer("/readyz", .ok, text: "ready\n")
          : answer("/readyz", .serviceUnavailable, text: "the store does not answer\n")
      }
      router.get("/metrics") { request, _ in
        if let refusal = await refusal(request, route: "/metrics", needs: .metrics) { return refusal }
        return answer("/metrics", .ok, text: metrics.text(), type: "text/plain; version=0.0.4")
      }
      router.post("/v1/logs") { request, _ in await receiveOTLP(request) }
      router.post("/v1/ingest") { request, _ in await receiveUpload(request) }
    }

    // MARK: OTLP

    private func receiveOTLP(_ request: Request) async -> Response {
      let route = "/v1/logs"
      if let refusal = await refusal(request, route: route, needs: .ingest) { return refusal }
      guard let encoding = OTLPEncoding(contentType: request.headers[.contentType]) else {
        return answer(
          route, .unsupportedMediaType,
          text: "send application/x-protobuf or application/json (OTLP/HTTP's encodings)\n")
      }
      let body: [UInt8]
      switch await readBody(request, route: route) {
      case .success(let bytes): body = bytes
      case .failure(let refusal): return refusal.response
      }
      let records: [ReceivedRecord]
      do {
        records = try OTLPLogs.records(of: body, encoding: encoding)
      } catch {
        return answer(route, .badRequest, text: "\(error)\n")
      }
      metrics.add(.records, records.count)
      let number = counter.next()
      var notes: [String] = []
      do {
        for (metadata, group) in runs(of: records) {
          let totals = try await ingest.store(
            ConsoleText.of(group), as: metadata, named: "request \(number)", sharesCommit: true)
          count(totals)
          notes += totals.notes
        }
      } catch {
        // Nothing half stored: what was committed is whole, and the retry the sender makes of
        // a 503 stores the rest once.
        return unavailable(route, error)
      }
      // Nothing is refused: what the scanner said of the text (a message cut off) goes back as
      // the protocol's warnings.
      let response = OTLPLogs.answer(warnings: notes, encoding: encoding)
      metrics.answered(route, status: 200)
      return Response(
        status: .ok, headers: [.contentType: encoding.contentType],
        body: .init(byteBuffer: ByteBuffer(bytes: response)))
    }

    /// The records grouped by the run their attributes describe, each group in the order sent.
    private func runs(of records: [ReceivedRecord]) -> [(RunMetadata, [ReceivedRecord])] {
      var order: [RunMetadata] = []
      var groups: [RunMetadata: [ReceivedRecord]] = [:]
      for record in records where record.body != nil {
        let metadata = SemanticConventions.metadata(
          record.attributes, source: "lcq serve: OTLP", lcqVersion: settings.lcqVersion)
        if groups[metadata] == nil { order.append(metadata) }
        groups[metadata, default: []].append(record)
      }
      return order.map { ($0, groups[$0] ?? []) }
    }

    // MARK: Plain upload

    /// The query parameters of `POST /v1/ingest`, as `lcq ingest`'s options.
    static let uploadParameters = ["app", "app-version", "build", "device", "os-version", "run-id", "host"]

    private func receiveUpload(_ request: Request) async -> Response {
      let route = "/v1/ingest"
      if let refusal = await refusal(request, route: route, needs: .ingest) { return refusal }
      let query = request.uri.queryParameters
      for (key, _) in query where !Self.uploadParameters.contains(String(key)) {
        return answer(
          route, .badRequest,
          text: "unknown parameter '\(key)'; known: \(Self.uploadParameters.joined(separator: ", "))\n")
      }
      func value(_ key: String) -> String? {
        query[Substring(key)].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
      }
      let metadata = RunMetadata(
        app: value("app"), appVersion: value("app-version"), build: value("build"), device: value("device"),
        osVersion: value("os-version"), runKey: value("run-id"), host: value("host"),
        source: "lcq serve: upload", lcqVersion: settings.lcqVersion)
      let body: [UInt8]
      switch await readBody(request, route: route) {
      case .success(let bytes): body = bytes
      case .failure(let refusal): return refusal.response
      }
      let totals: ReceivedTotals
      do {
        totals = try await ingest.store(
          body, as: metadata, named: "request \(counter.next())", sharesCommit: false)
      } catch {
        return unavailable(route, error)
      }
      count(totals)
      return answer(route, .ok, text: UploadAnswer(totals).json + "\n", type: "application/json")
    }

    // MARK: What every request goes through

    /// The answer refusing `request`, or `nil` when its token may use `route`: 401 without a
    /// valid token, 403 with one of another scope, 429 past its rate.
    private func refusal(_ request: Request, route: String, needs scope: AccessScope) async -> Response? {
      guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
        case let secret = header.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces),
        !secret.isEmpty
      else {
        return unauthorized(route, "send a token: Authorization: Bearer <token> (lcq token create)")
      }
      let token: AccessToken?
      do {
        token = try await ingest.token(sha256: SHA256.hex(secret))
      } catch {
        return unavailable(route, error)
      }
      guard let token else { return unauthorized(route, "the token is not known, or was revoked") }
      guard token.scope == scope else {
        return answer(
          route, .forbidden,
          text:
            "the token '\(token.name)' has scope \(token.scope.rawValue); \(route) needs \(scope.rawValue)\n")
      }
      if let wait = limiter.take(token.name) {
        metrics.answered(route, status: 429)
        return Response(
          status: .tooManyRequests, headers: [.retryAfter: String(wait), .contentType: "text/plain"],
          body: .init(
            byteBuffer: ByteBuffer(
              string: "too many requests for the token '\(token.name)'; retry in \(wait) s\n")))
      }
      return nil
    }

    /// A refused request's answer, as an error so that ``readBody(_:route:)`` can return it.
    private struct Refusal: Error {
      let response: Response
    }

    /// The request's body, inflated when it is gzip, at most ``CollectorSettings/maxBodyBytes``.
    private func readBody(_ request: Request, route: String) async -> Result<[UInt8], Refusal> {
      let limit = settings.maxBodyBytes
      func tooLarge() -> Refusal {
        Refusal(
          response: answer(
            route, .contentTooLarge, text: "the body is larger than \(limit) bytes (--max-body)\n"))
      }
      let buffer: ByteBuffer
      do {
        buffer = try await request.body.collect(upTo: limit)
      } catch is NIOTooManyBytesError {
        return .failure(tooLarge())
      } catch {
        return .failure(Refusal(response: answer(route, .badRequest, text: "the body could not be read\n")))
      }
      metrics.add(.bytes, buffer.readableBytes)
      let bytes = Array(buffer.readableBytesView)
      switch request.headers[.contentEncoding]?.lowercased() {
      case nil, "identity": return .success(bytes)
      case "gzip":
        do {
          return .success(try Gzip.inflate(bytes, limit: limit))
        } catch .tooLarge {
          return .failure(tooLarge())
        } catch {
          return .failure(Refusal(response: answer(route, .badRequest, text: "the body is not whole gzip\n")))
        }
      case let other?:
        return .failure(
          Refusal(
            response: answer(
              route, .unsupportedMediaType, text: "Content-Encoding \(other): send gzip or none\n")))
      }
    }

    private func count(_ totals: ReceivedTotals) {
      metrics.add(.blocks, totals.blocks)
      metrics.add(.stored, totals.stored)
      metrics.add(.duplicates, totals.duplicates)
    }

    private func unauthorized(_ route: String, _ reason: String) -> Response {
      metrics.answered(route, status: 401)
      return Response(
        status: .unauthorized, headers: [.wwwAuthenticate: "Bearer", .contentType: "text/plain"],
        body: .init(byteBuffer: ByteBuffer(string: reason + "\n")))
    }

    /// 503 when the store failed: the sender retries (OTLP exporters do), and the identity rule
    /// stores what was committed once.
    private func unavailable(_ route: String, _ error: any Error) -> Response {
      metrics.answered(route, status: 503)
      return Response(
        status: .serviceUnavailable, headers: [.retryAfter: "1", .contentType: "text/plain"],
        body: .init(byteBuffer: ByteBuffer(string: "the store failed: \(error)\n")))
    }

    private func answer(
      _ route: String, _ status: HTTPResponse.Status, text: String, type: String = "text/plain"
    ) -> Response {
      metrics.answered(route, status: status.code)
      return Response(
        status: status, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
  }

  /// Request numbers, from 1.
  private final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
      lock.withLock {
        last += 1
        return last
      }
    }
  }
#endif
