import Foundation
import LCQPipeline

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Posts JSON to a webhook, trying again after a timeout, a lost connection, a 5xx or a 429.
/// Its messages never name the URL (a Slack webhook URL is a secret).
///
/// Each try has a hard deadline (``deadline``, 10 s) from the request's start to the answer's
/// status line, whatever the server does (hangs, answers a byte at a time); the answer's body is
/// never read (only its status says whether the post arrived), so a server that drips or sends
/// gigabytes costs nothing; a redirect is not followed (a POST redirected becomes a request
/// without the message, which must not count as sent) and is a failure that names the status;
/// a `Retry-After` of up to ``longestWait`` seconds is waited for. The worst case of one post is
/// therefore tries × deadline + waits, well inside the claim's lease (``NotificationRun``).
///
/// Foundation's URL loading (libcurl on Linux, part of every Swift toolchain; the system's on
/// macOS) rather than a new dependency: one POST at a time needs no event loop.
struct WebhookClient {
  let url: URL
  /// Headers sent with each post (``OTLPHeaders``), after `Content-Type`.
  var headers: [(String, String)] = []
  /// Seconds to wait before each try after the first (three tries: 1 s, then 2 s).
  var waits: [Double] = [1, 2]
  /// Seconds a try may take, from its start to the answer's status.
  var deadline: Double = 10
  /// The longest wait between tries, whatever `Retry-After` or `$LCQ_NOTIFY_RETRY_WAIT` asks.
  static let longestWait: Double = 30

  /// The waits `$LCQ_NOTIFY_RETRY_WAIT` asks for (`nil` when it is not a number): it and twice
  /// it, each within 0…``longestWait`` seconds.
  static func waits(fromEnvironment text: String?) -> [Double]? {
    guard let seconds = text.flatMap(Double.init), !seconds.isNaN else { return nil }
    let first = min(max(0, seconds), longestWait)
    return [first, min(first * 2, longestWait)]
  }

  /// Posts `body`; how it went, in words that name no URL.
  func post(_ body: String) -> NotificationRun.PostResult {
    var attempts = 0
    while true {
      attempts += 1
      let answer = send(Data(body.utf8))
      if let status = answer.status, (200..<300).contains(status) { return .posted(attempts: attempts) }
      let reason = answer.failure ?? Self.words(forStatus: answer.status ?? 0)
      let status = answer.status ?? 0
      let retryable = answer.status == nil || status == 429 || status >= 500
      guard retryable, attempts <= waits.count else { return .failed(attempts: attempts, reason: reason) }
      var wait = waits[attempts - 1]
      if let asked = answer.retryAfter {
        guard asked <= Self.longestWait else {
          return .failed(attempts: attempts, reason: reason + " and asked to wait \(Int(asked)) s")
        }
        wait = max(wait, asked)
      }
      Thread.sleep(forTimeInterval: wait)
    }
  }

  /// What a status that is not a success means.
  static func words(forStatus status: Int) -> String {
    (300..<400).contains(status)
      ? "the webhook answered HTTP \(status), a redirect, which lcq does not follow (a redirected POST "
        + "loses its message): give the URL it redirects to"
      : "the webhook answered HTTP \(status)"
  }

  /// One POST: the status (and `Retry-After`), or why there is none. An `http://` webhook is
  /// posted to over a plain socket that reads the answer's head only (``PlainHTTPPost``);
  /// `https://` through Foundation, which cancels the body once the head is in.
  private func send(_ body: Data) -> PostAnswer {
    if url.scheme?.lowercased() == "http" {
      return PlainHTTPPost.send(body, to: url, headers: headers, deadline: deadline)
    }
    var request = URLRequest(url: url, timeoutInterval: deadline)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = deadline
    configuration.timeoutIntervalForResource = deadline
    let watcher = PostWatcher()
    let session = URLSession(configuration: configuration, delegate: watcher, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: request)
    task.resume()
    guard watcher.done.wait(timeout: .now() + deadline) == .success else {
      task.cancel()
      return PostAnswer(failure: "the webhook did not answer within \(Int(deadline)) s")
    }
    return watcher.answer
  }
}

/// How one POST ended.
struct PostAnswer {
  var status: Int?
  var retryAfter: Double?
  var failure: String?
}

/// Watches one POST: records the status and `Retry-After` as soon as the answer's head
/// arrives and then cancels the transfer (the body is never read), refuses redirects, and
/// signals ``done`` once.
private final class PostWatcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var result = PostAnswer()
  private var signalled = false

  var answer: PostAnswer { lock.withLock { result } }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    finish(status: response.statusCode, retryAfter: nil, failure: nil)
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let retryAfter = http?.value(forHTTPHeaderField: "Retry-After").flatMap { Double($0) }
    finish(status: http?.statusCode ?? 0, retryAfter: retryAfter.map { max(0, $0) }, failure: nil)
    // Stopped at once, here on the delegate's queue: a server sending gigabytes fills no memory
    // while the caller wakes up.
    dataTask.cancel()
    completionHandler(.cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Never kept: the head decided the post; whatever arrived before the cancel took hold.
    dataTask.cancel()
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let status = (task.response as? HTTPURLResponse)?.statusCode {
      finish(status: status, retryAfter: nil, failure: nil)
    } else {
      finish(status: nil, retryAfter: nil, failure: error.map(Self.words) ?? "the webhook sent no answer")
    }
  }

  private func finish(status: Int?, retryAfter: Double?, failure: String?) {
    lock.withLock {
      guard !signalled else { return }
      signalled = true
      result = PostAnswer(status: status, retryAfter: retryAfter, failure: failure)
      done.signal()
    }
  }

  private static func words(_ error: any Error) -> String {
    let code = (error as? URLError)?.code
    return switch code {
    case .timedOut?: "the webhook did not answer in time"
    case .cannotConnectToHost?, .cannotFindHost?, .networkConnectionLost?, .notConnectedToInternet?:
      "could not connect to the webhook"
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?:
      "the webhook's TLS connection failed"
    default: "the post failed (URL error \(code?.rawValue ?? 0))"
    }
  }
}
