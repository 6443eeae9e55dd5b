import Foundation
import LCQPipeline

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Posts JSON to a webhook, trying again after a timeout, a lost connection, a 5xx or a 429.
/// Its messages never name the URL (a Slack webhook URL is a secret).
///
/// Foundation's URL loading (libcurl on Linux, part of every Swift toolchain; the system's on
/// macOS) rather than a new dependency: one POST at a time needs no event loop.
struct WebhookClient {
  let url: URL
  /// Seconds to wait before each try after the first (three tries: 1 s, then 2 s).
  var waits: [Double] = [1, 2]
  /// Seconds a try may take.
  var timeout: Double = 10

  /// Posts `body`; how it went, in words that name no URL.
  func post(_ body: String) -> NotificationRun.PostResult {
    var attempts = 0
    var reason = ""
    while true {
      attempts += 1
      let (status, failure) = send(Data(body.utf8))
      if let status, (200..<300).contains(status) { return .posted(attempts: attempts) }
      reason = failure ?? "the webhook answered HTTP \(status ?? 0)"
      let retryable = status == nil || status == 429 || (status ?? 0) >= 500
      guard retryable, attempts <= waits.count else { return .failed(attempts: attempts, reason: reason) }
      Thread.sleep(forTimeInterval: waits[attempts - 1])
    }
  }

  /// One POST: the status, or why there is none.
  private func send(_ body: Data) -> (status: Int?, failure: String?) {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = body
    let done = DispatchSemaphore(value: 0)
    let answer = Answer()
    let task = URLSession.shared.dataTask(with: request) { _, response, error in
      answer.set(status: (response as? HTTPURLResponse)?.statusCode, error: error)
      done.signal()
    }
    task.resume()
    done.wait()
    let (status, error) = answer.get()
    if let error {
      let code = (error as? URLError)?.code
      let words =
        switch code {
        case .timedOut?: "the webhook did not answer within \(Int(timeout)) s"
        case .cannotConnectToHost?, .cannotFindHost?, .networkConnectionLost?, .notConnectedToInternet?:
          "could not connect to the webhook"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?:
          "the webhook's TLS connection failed"
        default: "the post failed (URL error \(code?.rawValue ?? 0))"
        }
      return (nil, words)
    }
    return (status, nil)
  }
}

/// The answer of one request, handed from URLSession's queue.
private final class Answer: @unchecked Sendable {
  private let lock = NSLock()
  private var status: Int?
  private var error: (any Error)?

  func set(status: Int?, error: (any Error)?) {
    lock.withLock {
      self.status = status
      self.error = error
    }
  }

  func get() -> (Int?, (any Error)?) { lock.withLock { (status, error) } }
}
