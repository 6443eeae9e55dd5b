import Foundation

/// One event of `log stream --style ndjson` or `log show --style json` (`eventMessage`,
/// `processImagePath`, `processID`), of pymobiledevice3's `syslog live --format json`
/// (`message`, `filename`: the process's executable, `pid`), or of any JSON log whose message
/// sits under `message`: the message text and what the event says about when and where it was
/// logged.
struct JSONLogEvent {
  var message: String
  var prefix: LogPrefix

  /// The keys that may hold the message, in the order they are asked.
  static let messageKeys = ["eventMessage", "message"]

  /// Reads an event object; `nil` when the bytes are not a JSON object with a message text.
  static func parse(_ bytes: some Collection<UInt8>) -> JSONLogEvent? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let message = messageKeys.lazy.compactMap({ object[$0] as? String }).first
    else { return nil }
    var prefix = LogPrefix()
    if let timestamp = object["timestamp"] as? String {
      prefix.timestamp = LogPrefix.parse(timestamp).timestamp
    }
    if let path = (object["processImagePath"] ?? object["filename"]) as? String,
      let last = path.split(separator: "/").last
    {
      prefix.process = String(last)
    } else if let process = object["process"] as? String {
      prefix.process = process
    }
    if let pid = (object["processID"] ?? object["pid"]) as? NSNumber {
      prefix.pid = pid.intValue
    }
    return JSONLogEvent(message: message, prefix: prefix)
  }
}
