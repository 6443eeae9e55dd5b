import Foundation

/// One event of `log stream --style ndjson` or `log show --style json`: the message text and
/// what the event says about when and where it was logged.
struct JSONLogEvent {
  var message: String
  var prefix: LogPrefix

  /// Reads an event object; `nil` when the bytes are not a JSON object with an `eventMessage`.
  static func parse(_ bytes: some Collection<UInt8>) -> JSONLogEvent? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let message = object["eventMessage"] as? String
    else { return nil }
    var prefix = LogPrefix()
    if let timestamp = object["timestamp"] as? String {
      prefix.timestamp = LogPrefix.parse(timestamp).timestamp
    }
    if let path = object["processImagePath"] as? String, let last = path.split(separator: "/").last {
      prefix.process = String(last)
    } else if let process = object["process"] as? String {
      prefix.process = process
    }
    if let pid = object["processID"] as? Int {
      prefix.pid = pid
    } else if let pid = object["processID"] as? NSNumber {
      prefix.pid = pid.intValue
    }
    return JSONLogEvent(message: message, prefix: prefix)
  }
}
