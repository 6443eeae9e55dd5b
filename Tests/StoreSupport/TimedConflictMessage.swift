import Foundation

/// A conflict message as a device log prints it, stamped with `time` (seconds since 1970, UTC):
/// one view whose `attribute` (`width`, `height`) must be both 100 and 200, so that each
/// attribute is a conflict of its own, and the message reads the same at every time.
public func timedConflictMessage(_ attribute: String, at time: Int64) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
  return """
    \(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))) MyApp[1:2] Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600000001 UIView:0x7f0000000001.\(attribute) == 100   (active)>",
        "<NSLayoutConstraint:0x600000002 UIView:0x7f0000000001.\(attribute) == 200   (active)>"
    )

    """
}
