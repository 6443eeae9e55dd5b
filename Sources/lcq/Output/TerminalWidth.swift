import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width tables are cut to: the terminal's columns when standard output is a terminal,
/// `nil` (full text) when it is piped or redirected, so a script or a file gets every title whole.
enum TerminalWidth {
  static var forTables: Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
  }
}
