import LCQStore

/// The answer of `lcq check` as Markdown (readable in a terminal, a CI log or a PR comment) or
/// JSON.
public enum CheckText {
  /// What makes a check fail.
  public enum Failure: String, Sendable, CaseIterable {
    /// A conflict first seen in the scope.
    case new
    /// A resolved conflict seen again.
    case regressed
    /// Any conflict seen in the scope that is not ignored or baselined.
    case any
  }

  /// The conflicts that fail the check for `failOn`.
  public static func failing(_ result: CheckResult, failOn: Set<Failure>) -> [CheckedConflict] {
    if failOn.contains(.any) { return result.unaccepted }
    var failing: [CheckedConflict] = []
    if failOn.contains(.new) { failing += result.new }
    if failOn.contains(.regressed) { failing += result.regressed.filter { !failing.contains($0) } }
    return failing
  }

  /// `build 102` or `run job-3`.
  public static func describe(_ scope: CheckScope) -> String {
    switch scope {
    case .build(let build): "build \(build)"
    case .run(let run): "run \(run)"
    }
  }

  /// The Markdown report.
  public static func markdown(_ result: CheckResult, failOn: Set<Failure>) -> String {
    let failing = failing(result, failOn: failOn)
    let verdict = failing.isEmpty ? "passed" : "failed"
    var text = "## lcq check \(verdict): \(MarkdownText.escape(describe(result.scope)))\n\n"
    text += "\(result.new.count) new, \(result.regressed.count) regressed, "
    text += "\(result.seen.count) conflict\(result.seen.count == 1 ? "" : "s") seen"
    let accepted = result.seen.count - result.unaccepted.count
    if accepted > 0 { text += " (\(accepted) ignored or in the baseline)" }
    text +=
      "; failing on \(Failure.allCases.filter(failOn.contains).map(\.rawValue).joined(separator: ", ")).\n"
    for (heading, conflicts) in [("New", result.new), ("Regressed", result.regressed)]
    where !conflicts.isEmpty {
      text += "\n### \(heading)\n\n"
      for conflict in conflicts { text += item(conflict) }
    }
    if failOn.contains(.any) {
      let others = result.unaccepted.filter { !result.new.contains($0) && !result.regressed.contains($0) }
      if !others.isEmpty {
        text += "\n### Also seen\n\n"
        for conflict in others { text += item(conflict) }
      }
    }
    return text
  }

  static func item(_ conflict: CheckedConflict) -> String {
    var text = "- **\(MarkdownText.escape(conflict.title))** `\(conflict.fingerprint)`: "
    text += "\(conflict.occurrences) occurrence\(conflict.occurrences == 1 ? "" : "s") in "
    text += "\(conflict.runs) run\(conflict.runs == 1 ? "" : "s")"
    if let resolved = conflict.resolvedBuild, conflict.isRegressed {
      text += ", resolved in build \(MarkdownText.escape(resolved))"
    }
    text += "\n"
    if let explanation = conflict.explanation?.split(separator: "\n").first {
      text += "  \(MarkdownText.escape(String(explanation)))\n"
    }
    if let fix = conflict.bestFix { text += "  Fix: \(MarkdownText.escape(fix))\n" }
    if let owners = CodeOwnerText.line(conflict.codeOwnership) {
      text += "  \(MarkdownText.escape(owners))\n"
    }
    return text
  }

  /// The JSON report: `scope`, `passed`, `failOn`, `new`, `regressed`, `seen`.
  public static func json(_ result: CheckResult, failOn: Set<Failure>) -> String {
    jsonValue(result, failOn: failOn).serialized + "\n"
  }

  /// The JSON report as a value (``json(_:failOn:)``'s).
  public static func jsonValue(_ result: CheckResult, failOn: Set<Failure>) -> JSONValue {
    let failing = failing(result, failOn: failOn)
    func conflicts(_ list: [CheckedConflict]) -> JSONValue {
      .array(
        list.map { conflict in
          .object(
            [
              ("fingerprint", .string(conflict.fingerprint)), ("title", .string(conflict.title)),
              ("status", .string(conflict.status.rawValue)), ("occurrences", .int(conflict.occurrences)),
              ("runs", .int(conflict.runs)), ("resolved_build", .string(conflict.resolvedBuild)),
              ("explanation", .string(conflict.explanation)), ("best_fix", .string(conflict.bestFix)),
              ("new", .bool(conflict.isNew)), ("regressed", .bool(conflict.isRegressed)),
              ("accepted", .bool(conflict.isAccepted)),
            ] + CodeOwnerText.jsonMembers(conflict.codeOwnership))
        })
    }
    let scope: JSONValue
    switch result.scope {
    case .build(let build): scope = .object([("build", .string(build))])
    case .run(let run): scope = .object([("run", .string(run))])
    }
    return JSONValue.object([
      ("schema", .string("lcq-check/1")), ("scope", scope), ("passed", .bool(failing.isEmpty)),
      ("fail_on", .array(Failure.allCases.filter(failOn.contains).map { .string($0.rawValue) })),
      ("new", conflicts(result.new)), ("regressed", conflicts(result.regressed)),
      ("seen", conflicts(result.seen)),
    ])
  }

  /// A baseline file: one accepted fingerprint per line, with its title as a comment.
  ///
  /// Baselines are written and read with one line rule: lines end at a line feed only, and a
  /// title is written on one line (``TerminalText/oneLine(_:)``: no CR, VT, FF, NEL, U+2028 or
  /// U+2029 survives), so no title can start a line of its own.
  public static func baseline(_ result: CheckResult) -> String {
    var text = "# lcq baseline: accepted conflicts ("
    text += TerminalText.oneLine(describe(result.scope)) + "); one fingerprint per line\n"
    for conflict in result.seen.sorted(by: { $0.fingerprint < $1.fingerprint }) {
      text += "\(conflict.fingerprint)  # \(TerminalText.oneLine(conflict.title))\n"
    }
    return text
  }

  /// A baseline line that is neither a comment, blank, nor a fingerprint.
  /// Its description is `LINE: 'WORD' is not a fingerprint …`, to follow the file's name.
  public struct BaselineError: Error, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The first word of the line, cleaned for a terminal.
    public var word: String

    /// `LINE: 'WORD' is not a fingerprint (…)`.
    public var description: String {
      "\(line): '\(word)' is not a fingerprint (a version such as v3:, then 16 hexadecimal digits)"
    }
  }

  /// The fingerprints of a baseline file: the first word of each line, `#` comments and blank
  /// lines skipped. Lines end at a line feed (a carriage return before it is dropped); every
  /// other first word must be a fingerprint (`v` and the version's digits, `:`, and 16
  /// lower-case hexadecimal digits; an older version's fingerprint names the conflict it became
  /// through the store's aliases).
  public static func fingerprints(inBaseline text: String) throws(BaselineError) -> Set<String> {
    var result = Set<String>()
    // Bytes, not Characters: Swift reads "\r\n" as one Character, which would hide a line end.
    for (index, rawLine) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      var line = rawLine
      if line.last == 0x0D { line = line.dropLast() }
      guard let word = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).first, word.first != 0x23
      else { continue }
      let text = String(decoding: word, as: UTF8.self)
      guard isFingerprint(word) else {
        throw BaselineError(line: index + 1, word: TerminalText.oneLine(String(text.prefix(80))))
      }
      result.insert(text)
    }
    return result
  }

  /// Whether `word` is `v`, the version's digits, `:` and 16 lower-case hexadecimal digits.
  static func isFingerprint(_ word: Substring.UTF8View.SubSequence) -> Bool {
    guard word.first == UInt8(ascii: "v"), let colon = word.firstIndex(of: UInt8(ascii: ":")) else {
      return false
    }
    let version = word[word.index(after: word.startIndex)..<colon]
    let digits = word[word.index(after: colon)...]
    return (1...3).contains(version.count) && version.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      && digits.count == 16 && digits.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
  }
}
