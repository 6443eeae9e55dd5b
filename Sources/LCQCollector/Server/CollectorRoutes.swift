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
    let budget: RequestBudget
    /// Numbers requests, to name each in what the scanner says of it.
    private let counter = RequestCounter()

    init(
      ingest: CollectorIngest, settings: CollectorSettings, metrics: CollectorMetrics, limiter: RateLimiter,
      budget: RequestBudget
    ) {
      self.ingest = ingest
      self.settings = settings
      self.metrics = metrics
      self.limiter = limiter
      self.budget = budget
    }

    func add(to router: Router<CollectorRequestContext>) {
      router.get("/healthz") { _, _ in answer("/healthz", .ok, text: "ok\n") }
      router.get("/readyz") { _, _ in
        await ingest.isReady(within: .seconds(2))
          ? answer("/readyz", .ok, text: "ready\n")
          : answer("/readyz", .serviceUnavailable, text: "the store does not answer\n")
      }
      router.get("/metrics") { request, context in
        switch await admission(request, context, route: "/metrics", needs: [.metrics]) {
        case .refused(let refusal): return refusal
        case .admitted(_, let share):
          share.end()
          return answer("/metrics", .ok, text: metrics.text(), type: "text/plain; version=0.0.4")
        }
      }
      router.post("/v1/logs") { request, context in await receiveOTLP(request, context) }
      router.post("/v1/ingest") { request, context in await receiveUpload(request, context) }
    }

    // MARK: OTLP

    private func receiveOTLP(_ request: Request, _ context: CollectorRequestContext) async -> Response {
      let route = "/v1/logs"
      let (token, share): (AccessToken, RequestBudget.Share)
      switch await admission(request, context, route: route, needs: [.ingest, .device]) {
      case .refused(let refusal): return refusal
      case .admitted(let admitted, let taken): (token, share) = (admitted, taken)
      }
      defer { share.end() }
      guard let encoding = OTLPEncoding(contentType: request.headers[.contentType]) else {
        return answer(
          route, .unsupportedMediaType,
          text: "send application/x-protobuf or application/json (OTLP/HTTP's encodings)\n")
      }
      let body: [UInt8]
      switch await readBody(request, route: route, share: share) {
      case .success(let bytes): body = bytes
      case .failure(let refusal): return refusal.response
      }
      let records: [ReceivedRecord]
      do throws(OTLPLogs.Refusal) {
        records = try OTLPLogs.records(of: body, encoding: encoding, limits: settings.limits)
      } catch {
        switch error {
        case .malformed(let error): return answer(route, .badRequest, text: "\(error)\n")
        case .tooLarge(let over): return tooLarge(route, over)
        }
      }
      metrics.add(.records, records.count)
      let runs = runs(of: records, token: token)
      guard runs.count <= settings.limits.runs else {
        return tooLarge(
          route, LimitExceeded(limit: "runs", allowed: settings.limits.runs, place: "one request"))
      }
      if let other = runs.lazy.compactMap({ token.mayWrite(app: $0.0.app) ? nil : $0.0.app }).first {
        return otherApp(route, token, app: other)
      }
      let number = counter.next()
      var notes: [String] = []
      do {
        for (metadata, group) in runs {
          let totals = try await ingest.store(
            ConsoleText.of(group), as: metadata, named: "request \(number)", sharesCommit: true,
            keeping: share)
          count(totals)
          notes += totals.notes
        }
      } catch {
        // Nothing half stored: what was committed is whole, and the retry the sender makes of
        // a 503 stores the rest once.
        return notStored(route, error)
      }
      // Nothing is refused: what the scanner said of the text (a message cut off) goes back as
      // the protocol's warnings.
      let response = OTLPLogs.answer(warnings: notes, encoding: encoding)
      metrics.answered(route, status: 200)
      return Response(
        status: .ok, headers: [.contentType: encoding.contentType],
        body: .init(byteBuffer: ByteBuffer(bytes: response)))
    }

    /// The records grouped by the run their attributes describe, each group in the order sent;
    /// a record that names no app is the token's, when the token has one app.
    private func runs(of records: [ReceivedRecord], token: AccessToken) -> [(RunMetadata, [ReceivedRecord])] {
      var order: [RunMetadata] = []
      var groups: [RunMetadata: [ReceivedRecord]] = [:]
      for record in records where record.body != nil {
        var metadata = record.fields.metadata(source: "lcq serve: OTLP", lcqVersion: settings.lcqVersion)
        written(&metadata, by: token)
        if groups[metadata] == nil {
          order.append(metadata)
          // Past the limit the request is refused: no need to group the rest.
          if order.count > settings.limits.runs { break }
        }
        groups[metadata, default: []].append(record)
      }
      return order.map { ($0, groups[$0] ?? []) }
    }

    /// Marks `metadata` as written by `token`, and gives it the token's app when it names none
    /// and the token has one.
    private func written(_ metadata: inout RunMetadata, by token: AccessToken) {
      metadata.tokenID = token.id
      if metadata.app == nil, let apps = token.apps, apps.count == 1 { metadata.app = apps[0] }
    }

    // MARK: Plain upload

    /// The query parameters of `POST /v1/ingest`, as `lcq ingest`'s options.
    static let uploadParameters = ["app", "app-version", "build", "device", "os-version", "run-id", "host"]

    private func receiveUpload(_ request: Request, _ context: CollectorRequestContext) async -> Response {
      let route = "/v1/ingest"
      let (token, share): (AccessToken, RequestBudget.Share)
      switch await admission(request, context, route: route, needs: [.ingest]) {
      case .refused(let refusal): return refusal
      case .admitted(let admitted, let taken): (token, share) = (admitted, taken)
      }
      defer { share.end() }
      let query = request.uri.queryParameters
      for (key, _) in query where !Self.uploadParameters.contains(String(key)) {
        return answer(
          route, .badRequest,
          text:
            "unknown parameter '\(String(key))'; known: \(Self.uploadParameters.joined(separator: ", "))\n"
        )
      }
      func value(_ key: String) -> String? {
        query[Substring(key)].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
      }
      var metadata = RunMetadata(
        app: value("app"), appVersion: value("app-version"), build: value("build"), device: value("device"),
        osVersion: value("os-version"), runKey: value("run-id"), host: value("host"),
        source: "lcq serve: upload", lcqVersion: settings.lcqVersion)
      written(&metadata, by: token)
      guard token.mayWrite(app: metadata.app) else { return otherApp(route, token, app: metadata.app) }
      let body: [UInt8]
      switch await readBody(request, route: route, share: share) {
      case .success(let bytes): body = bytes
      case .failure(let refusal): return refusal.response
      }
      let totals: ReceivedTotals
      do {
        totals = try await ingest.store(
          body, as: metadata, named: "request \(counter.next())", sharesCommit: false, keeping: share)
      } catch {
        return notStored(route, error)
      }
      count(totals)
      return answer(route, .ok, text: UploadAnswer(totals).json + "\n", type: "application/json")
    }

    // MARK: What every request goes through

    /// A request let in, or the answer refusing it.
    private enum Admission {
      case admitted(AccessToken, RequestBudget.Share)
      case refused(Response)
    }

    /// Lets `request` in when its token has one of `scopes` for `route`, its rate allows it and
    /// the server has room: 401 without a valid token, 403 with one of another scope, 429 past
    /// its rate or its device quota, 503 past what the server holds at once.
    private func admission(
      _ request: Request, _ context: CollectorRequestContext, route: String, needs scopes: [AccessScope]
    ) async -> Admission {
      guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
        case let secret = header.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces),
        !secret.isEmpty
      else {
        return .refused(unauthorized(route, "send a token: Authorization: Bearer <token> (lcq token create)"))
      }
      let token: AccessToken?
      do {
        token = try await ingest.token(sha256: SHA256.hex(secret))
      } catch {
        return .refused(unavailable(route, error))
      }
      guard let token else { return .refused(unauthorized(route, "the token is not known, or was revoked")) }
      guard scopes.contains(token.scope) else {
        let needed = scopes.map(\.rawValue).joined(separator: " or ")
        return .refused(
          answer(
            route, .forbidden,
            text:
              "the token '\(token.name)' has scope \(token.scope.rawValue); \(route) needs \(needed)\n"
          ))
      }
      // A device token is in every copy of an app: each address it comes from has its own
      // bucket and quota, so that one holder cannot starve the others.
      let bucket = token.scope == .device ? "\(token.id) \(client(request, context))" : "\(token.id)"
      if let wait = limiter.take(bucket, dailyQuota: token.scope == .device ? settings.deviceDailyQuota : nil)
      {
        metrics.answered(route, status: 429)
        return .refused(
          Response(
            status: .tooManyRequests, headers: [.retryAfter: String(wait), .contentType: "text/plain"],
            body: .init(
              byteBuffer: ByteBuffer(
                string:
                  "too many requests for the token '\(token.name)'; retry in \(wait) s\n"))))
      }
      guard let share = budget.admit() else { return .refused(busy(route)) }
      return .admitted(token, share)
    }

    /// The client's address: the connection's, or behind a proxy the one it forwarded for.
    private func client(_ request: Request, _ context: CollectorRequestContext) -> String {
      if settings.behindProxy,
        let forwarded = request.headers.first(where: { $0.name.canonicalName == "x-forwarded-for" })?.value,
        let last = forwarded.split(separator: ",").last
      {
        return last.trimmingCharacters(in: .whitespaces)
      }
      return context.remoteAddress?.ipAddress ?? "?"
    }

    /// A refused request's answer, as an error so that ``readBody(_:route:share:)`` can return it.
    private struct Refusal: Error {
      let response: Response
    }

    /// The request's body, inflated when it is gzip, at most ``CollectorSettings/maxBodyBytes``,
    /// every byte held counted in `share` (503 past what the server holds at once).
    private func readBody(_ request: Request, route: String, share: RequestBudget.Share) async -> Result<
      [UInt8], Refusal
    > {
      let limit = settings.maxBodyBytes
      func tooLarge() -> Refusal {
        Refusal(
          response: answer(
            route, .contentTooLarge, text: "the body is larger than \(limit) bytes (--max-body)\n"))
      }
      var bytes: [UInt8] = []
      do {
        for try await chunk in request.body {
          guard chunk.readableBytes <= limit - bytes.count else { return .failure(tooLarge()) }
          guard share.hold(chunk.readableBytes) else { return .failure(Refusal(response: busy(route))) }
          bytes.append(contentsOf: chunk.readableBytesView)
        }
      } catch {
        return .failure(Refusal(response: answer(route, .badRequest, text: "the body could not be read\n")))
      }
      metrics.add(.bytes, bytes.count)
      switch request.headers[.contentEncoding]?.lowercased() {
      case nil, "identity": return .success(bytes)
      case "gzip":
        do {
          return .success(try Gzip.inflate(bytes, limit: limit, holding: share.hold))
        } catch .tooLarge {
          return .failure(tooLarge())
        } catch .busy {
          return .failure(Refusal(response: busy(route)))
        } catch {
          return .failure(Refusal(response: answer(route, .badRequest, text: "the body is not whole gzip\n")))
        }
      case let other?:
        return .failure(
          Refusal(
            response: answer(
              route, .unsupportedMediaType,
              text: "Content-Encoding \(other): send gzip or none\n")))
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

    /// 403 for a log of an app the token may not write (counted in `/metrics`).
    private func otherApp(_ route: String, _ token: AccessToken, app: String?) -> Response {
      metrics.add(.otherApp, 1)
      let apps = (token.apps ?? []).map { "'\($0)'" }.joined(separator: ", ")
      let named = app.map { "the app '\($0)'" } ?? "no app"
      return answer(
        route, .forbidden,
        text:
          "the token '\(token.name)' writes \(apps) only; this log names \(named) (lcq token create --app)\n"
      )
    }

    /// 413 for a request over one of ``CollectorSettings/limits``, its reason as JSON.
    private func tooLarge(_ route: String, _ over: LimitExceeded) -> Response {
      answer(route, .contentTooLarge, text: over.json + "\n", type: "application/json")
    }

    /// 503 when the server holds as many requests or bytes as it may, or when the store never
    /// came to the request's text in its time (``StoreBusy``): the sender retries.
    private func busy(_ route: String) -> Response {
      metrics.add(.busy, 1)
      metrics.answered(route, status: 503)
      return Response(
        status: .serviceUnavailable, headers: [.retryAfter: "1", .contentType: "text/plain"],
        body: .init(byteBuffer: ByteBuffer(string: "the server is busy; retry\n")))
    }

    /// 503 for a text the store did not take or write: busy when it never came to it in the
    /// request's time (``StoreBusy``), unavailable otherwise.
    private func notStored(_ route: String, _ error: any Error) -> Response {
      error is StoreBusy ? busy(route) : unavailable(route, error)
    }

    /// 503 when the store failed: the sender retries (OTLP exporters do), and the identity rule
    /// stores what was committed once. The answer names nothing of the store (its user, host or
    /// port): the operator reads why on stderr (``CollectorIngest``).
    private func unavailable(_ route: String, _ error: any Error) -> Response {
      ingest.storeFailed(error)
      metrics.answered(route, status: 503)
      return Response(
        status: .serviceUnavailable, headers: [.retryAfter: "1", .contentType: "text/plain"],
        body: .init(byteBuffer: ByteBuffer(string: "the store is unavailable; retry\n")))
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
