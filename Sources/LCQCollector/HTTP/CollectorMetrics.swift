#if Collector
  import Foundation

  /// What the server received, stored and refused since it started, in Prometheus's text
  /// format (`GET /metrics`).
  final class CollectorMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var counters: [Counter: Int] = [:]

    /// The counts besides requests.
    enum Counter: String, CaseIterable {
      /// OTLP log records received (in requests that were read).
      case records = "lcq_serve_log_records_received_total"
      /// Conflict messages read.
      case blocks = "lcq_serve_messages_received_total"
      /// Occurrences stored for the first time.
      case stored = "lcq_serve_occurrences_stored_total"
      /// Messages already stored (retried requests).
      case duplicates = "lcq_serve_duplicates_total"
      /// Request body bytes received (as sent, before inflating).
      case bytes = "lcq_serve_request_bytes_total"
      /// Logs refused because they name an app the token may not write.
      case otherApp = "lcq_serve_other_app_refused_total"
      /// Requests answered 503 because the server held as many requests or bytes as it may.
      case busy = "lcq_serve_busy_total"

      var help: String {
        switch self {
        case .records: "OTLP log records received."
        case .blocks: "Conflict messages read from received logs."
        case .stored: "Occurrences stored for the first time."
        case .duplicates: "Messages already stored (retried requests)."
        case .bytes: "Request body bytes received, as sent."
        case .otherApp: "Logs refused: they name an app the token may not write."
        case .busy: "Requests refused while the server held as many requests or bytes as it may."
        }
      }
    }

    /// Counts one answered request.
    func answered(_ route: String, status: Int) {
      lock.withLock { requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1 }
    }

    /// Adds `amount` to `counter`.
    func add(_ counter: Counter, _ amount: Int) {
      lock.withLock { counters[counter, default: 0] += amount }
    }

    /// The text `GET /metrics` answers.
    func text() -> String {
      lock.withLock {
        var text = "# HELP lcq_serve_requests_total Requests answered, by route and status.\n"
        text += "# TYPE lcq_serve_requests_total counter\n"
        for (labels, count) in requests.sorted(by: { $0.key < $1.key }) {
          text += "lcq_serve_requests_total{\(labels)} \(count)\n"
        }
        for counter in Counter.allCases {
          text += "# HELP \(counter.rawValue) \(counter.help)\n# TYPE \(counter.rawValue) counter\n"
          text += "\(counter.rawValue) \(counters[counter, default: 0])\n"
        }
        return text
      }
    }
  }
#endif
