/// The processes that are Apple's own: a conflict message one of them logs (the home screen,
/// a system extension, a remote view service) is about Apple's views throughout, whatever their
/// classes.
enum AppleProcesses {
  /// Process names of Apple's system apps and daemons that log Auto Layout conflicts.
  static let names: Set<String> = [
    "SpringBoard", "backboardd", "ScreenshotServicesService", "CarPlayApp", "InCallService",
    "PineBoard", "Dock", "ControlCenter", "NotificationCenter", "SystemUIServer", "loginwindow",
  ]

  /// Whether `process` is Apple's: one of ``names``, an extension or service named by its
  /// `com.apple.` identifier, or a remote view service (`SafariViewService`,
  /// `MessagesViewService`).
  static func isApples(_ process: String?) -> Bool {
    guard let process, !process.isEmpty else { return false }
    return names.contains(process) || process.hasPrefix("com.apple.") || process.hasSuffix("ViewService")
  }
}
