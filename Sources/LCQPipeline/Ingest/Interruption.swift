#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last SIGINT or SIGTERM received (0 when none); written only by the signal handler.
nonisolated(unsafe) private var receivedSignal: sig_atomic_t = 0

/// SIGINT and SIGTERM turned into a flag that long-running commands check, so they can commit
/// what they have and exit cleanly instead of dying mid-write.
public enum Interruption {
  /// Installs the handler. Reads and waits then return early (no `SA_RESTART`).
  public static func install() {
    for signalNumber in [SIGINT, SIGTERM] {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { receivedSignal = sig_atomic_t($0) }
      #else
        action.__sigaction_u.__sa_handler = { receivedSignal = sig_atomic_t($0) }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signalNumber, &action, nil)
    }
  }

  /// Whether a signal asked the process to stop.
  public static var requested: Bool { receivedSignal != 0 }
}
