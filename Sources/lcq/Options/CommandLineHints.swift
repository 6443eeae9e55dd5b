import ArgumentParser
import Foundation
import LCQParsing

/// What lcq says about a command line the argument parser would answer less helpfully: a
/// mistyped command gets the nearest one, and a time option followed by a negative duration
/// (`--since -7d`, read as an option) gets the right spelling.
enum CommandLineHints {
  /// The hint for `arguments` (without the program's name), `nil` when the parser's own
  /// message is the right one.
  static func hint(for arguments: [String], commands: [String]) -> String? {
    if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first), first != "help" {
      let nearest = commands.min { distance(first, $0) < distance(first, $1) }
      guard let nearest, distance(first, nearest) <= max(2, first.count / 3) else {
        return "unknown command '\(InputEcho.excerpt(first))'; `lcq --help` lists them"
      }
      return "unknown command '\(InputEcho.excerpt(first))'; did you mean `lcq \(nearest)`?"
    }
    for (option, value) in zip(arguments, arguments.dropFirst())
    where timeOptions.contains(option) && value.hasPrefix("-") && value.dropFirst().first?.isNumber == true {
      return "\(option) \(InputEcho.excerpt(value)): a duration counts back by itself, without a minus: "
        + "\(option) \(value.dropFirst())"
    }
    return nil
  }

  /// The options that take a time or a duration.
  static let timeOptions: Set<String> = ["--since", "--until", "--for"]

  /// The edit distance between `a` and `b` (insertions, deletions, substitutions, and swaps
  /// of neighbours: `tpo` is one from `top`).
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}

extension CommandLineHints {
  /// Says on stderr that lcq reads standard input when `files` is empty and standard input is
  /// a terminal (otherwise `lcq analyze` alone waits in silence for a paste).
  static func sayWhenReadingATerminal(files: [String], command: String) {
    guard files.isEmpty, isatty(STDIN_FILENO) == 1 else { return }
    StandardError.write(
      "lcq: \(command) reads the log from standard input: paste it and end with Ctrl-D, pipe one in, or name files"
    )
  }
}
