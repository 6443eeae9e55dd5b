import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's open-file limit, and how many connections `lcq serve` may hold below it.
enum FileLimit {
  /// Raises the soft limit on open files to the hard one (systemd's default soft limit is 1,024),
  /// and returns the connections the server may hold: 1,024, or fewer when the limit leaves
  /// less than that with 64 files for the database, the logs and the listener (security review
  /// 3, S1: past the limit, accepting spun and nobody was answered).
  static func connectionsAllowed() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    let files = limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    return max(16, min(1024, files - 64))
  }
}
