import LCQStore

/// `lcq check --format github`: GitHub Actions workflow commands, so that each conflict that
/// fails the check is an annotation where its code is, on the pull request's files.
///
/// A failing conflict is one `::error` line, on the first source file the latest run with a
/// source tree found for it (`lcq ingest --source-root`: SnapKit's files, then the files that
/// declare its views' classes) and the line there when known (SnapKit's printed line, or the
/// class's declaration), else on the run as a whole; a conflict that `--significance` lets
/// pass as possibly flaky is a `::warning` in the same place, the ones whose damage shows first
/// (``CheckText/mostVisibleFirst(_:)``); the check's verdict is one
/// `::notice` line. Workflow commands end at a line break and read `%` as an escape, and a
/// property ends at `,` or `:`; so line feeds become `%0A`, `%` `%25`, a property's `:` and `,`
/// `%3A` and `%2C`, and control and bidi characters (CR among them) are spelled out first
/// (``TerminalText``): a view label can neither start a command of its own nor drive the
/// terminal.
public enum GitHubAnnotations {
  /// The workflow commands of `result`.
  public static func text(
    _ result: CheckResult, failOn: Set<CheckText.Failure>, significance: Double? = nil
  ) -> String {
    let failing = CheckText.mostVisibleFirst(
      CheckText.failing(result, failOn: failOn, significance: significance))
    let flaky = CheckText.mostVisibleFirst(
      CheckText.possiblyFlaky(result, failOn: failOn, significance: significance))
    let below = CheckText.belowMinDamage(result, failOn: failOn)
    var text = ""
    for (name, conflicts) in [("error", failing), ("warning", flaky)] {
      for conflict in conflicts {
        var properties: [(String, String)] = []
        if let file = conflict.codeOwnership?.sourceFiles.first {
          properties.append(("file", file))
          if let line = conflict.codeOwnership?.firstLine { properties.append(("line", String(line))) }
        }
        properties.append(("title", title(conflict)))
        text += command(name, properties, message: message(conflict, in: result, significance: significance))
      }
    }
    // Where the app turns the messages off: a warning on that line (`path:line turns off …`; a
    // path may hold spaces).
    for found in result.loggingOff {
      let place = found.range(of: " turns ").map { found[..<$0.lowerBound] } ?? found[...]
      var properties: [(String, String)] = []
      if let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) {
        properties = [("file", String(place[..<colon])), ("line", String(line))]
      }
      properties.append(("title", "Layout conflict messages turned off"))
      text += command("warning", properties, message: CheckText.loggingOffLine(found))
    }
    let verdict = failing.isEmpty ? "passed" : "failed"
    var summary = "lcq check \(verdict): \(CheckText.describe(result.scope)): "
    summary += "\(result.new.count) new, \(result.regressed.count) regressed, \(result.seen.count) seen"
    if !flaky.isEmpty { summary += " (\(flaky.count) possibly flaky, not failing)" }
    if !below.isEmpty { summary += " (\(below.count) below --min-damage, not failing)" }
    text += command("notice", [("title", "lcq check")], message: summary)
    return text
  }

  /// `New layout conflict: TITLE` or `Regressed layout conflict: TITLE`.
  static func title(_ conflict: CheckedConflict) -> String {
    let kind = conflict.isNew ? "New" : conflict.isRegressed ? "Regressed" : "Unaccepted"
    return "\(kind) layout conflict: \(conflict.title)"
  }

  /// The fingerprint and counts, the runs that saw it, the explanation, the fix and the owners,
  /// one per line.
  static func message(_ conflict: CheckedConflict, in result: CheckResult, significance: Double?) -> String {
    var lines =
      ["\(conflict.fingerprint): \(CheckText.counts(conflict))"]
      + CheckText.detailLines(conflict, in: result, significance: significance)
    if let owners = CodeOwnerText.line(conflict.codeOwnership) { lines.append(owners) }
    return lines.joined(separator: "\n")
  }

  /// `::NAME KEY=VALUE,…::MESSAGE` and a line feed.
  static func command(_ name: String, _ properties: [(String, String)], message: String) -> String {
    let list = properties.map { "\($0.0)=\(escapedProperty($0.1))" }.joined(separator: ",")
    return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapedMessage(message))\n"
  }

  /// A message as workflow commands read it: `%` and LF escaped, CR and other controls spelled
  /// out.
  static func escapedMessage(_ text: String) -> String {
    var escaped = ""
    for character in TerminalText.clean(text, keepingLineBreaks: true) {
      switch character {
      case "%": escaped += "%25"
      case "\n": escaped += "%0A"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// A property's value: on one line, with `%`, `:` and `,` escaped as well.
  static func escapedProperty(_ text: String) -> String {
    var escaped = ""
    for character in TerminalText.oneLine(text) {
      switch character {
      case "%": escaped += "%25"
      case ":": escaped += "%3A"
      case ",": escaped += "%2C"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
