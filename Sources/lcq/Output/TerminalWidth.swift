import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The widths text is fitted to: a terminal's columns, or ``piped`` when standard output is
/// piped or redirected (a CI log, a pull request comment, a pager). The full text of every cell
/// stays in `--format json` and `csv`.
enum TerminalWidth {
  /// The width a table is cut to when it is not printed on a terminal: what a CI service's log
  /// view and a review comment show without scrolling.
  static let piped = 100

  /// The width tables are cut to: the terminal's, else `$COLUMNS` when set (a script that wants
  /// wider tables), else ``piped``.
  static var forTables: Int {
    terminal ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
      ?? piped
  }

  /// The terminal's columns when standard output is one (`$COLUMNS` when it cannot say),
  /// `nil` when it is piped or redirected.
  static var terminal: Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
  }
}
