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

  /// `build 102` or `run job-3`.
  public static func describe(_ scope: CheckScope) -> String {
    switch scope {
    case .build(let build): "build \(build)"
    case .run(let run): "run \(run)"
    }
  }

  /// The Markdown report.
  public static func markdown(_ result: CheckResult, failOn: Set<Failure>, significance: Double? = nil)
    -> String
  {
    let failing = failing(result, failOn: failOn, significance: significance)
    let flaky = possiblyFlaky(result, failOn: failOn, significance: significance)
    let below = belowMinDamage(result, failOn: failOn)
    let verdict = failing.isEmpty ? "passed" : "failed"
    var text = "## lcq check \(verdict): \(MarkdownText.escape(describe(result.scope)))\n\n"
    text += "\(result.new.count) new, \(result.regressed.count) regressed, "
    text += "\(result.seen.count) conflict\(result.seen.count == 1 ? "" : "s") seen"
    let accepted = result.seen.count - result.unaccepted.count
    if accepted > 0 { text += " (\(accepted) ignored or in the baseline)" }
    text += "; failing on \(Failure.allCases.filter(failOn.contains).map(\.rawValue).joined(separator: ", "))"
    if let significance, !failOn.contains(.any) {
      text += " beyond chance at \(Wording.decimal(significance))"
    }
    if let minDamage = result.minDamage { text += " missing by \(Wording.decimal(minDamage)) pt or more" }
    text += ".\n"
    for found in result.loggingOff {
      text += "\n" + MarkdownText.escape(loggingOffLine(found)) + "\n"
    }
    let passing = flaky + below
    let listed = [
      ("New", result.new.filter { !passing.contains($0) }),
      ("Regressed", result.regressed.filter { !passing.contains($0) }),
      ("Possibly flaky (not failing)", flaky),
      ("Below --min-damage (not failing)", below),
    ]
    for (heading, conflicts) in listed where !conflicts.isEmpty {
      text += "\n### \(heading)\n\n"
      for conflict in conflicts { text += item(conflict, in: result, significance: significance) }
    }
    if failOn.contains(.any) {
      let others = result.unaccepted.filter {
        !result.new.contains($0) && !result.regressed.contains($0) && !below.contains($0)
      }
      if !others.isEmpty {
        text += "\n### Also seen\n\n"
        for conflict in others { text += item(conflict, in: result, significance: nil) }
      }
    }
    return text
  }

  static func item(_ conflict: CheckedConflict, in result: CheckResult, significance: Double?) -> String {
    var text = "- **\(MarkdownText.escape(conflict.title))** `\(conflict.fingerprint)`: "
    text += MarkdownText.escape(counts(conflict)) + "\n"
    text +=
      "  \(MarkdownText.escape(sentence(shareLine(conflict, in: result, significance: significance))))\n"
    if let test = conflict.test { text += "  \(MarkdownText.escape(testLine(test)))\n" }
    if let explanation = conflict.explanation?.split(separator: "\n").first {
      text += "  \(MarkdownText.escape(String(explanation)))\n"
    }
    if let damage = conflict.damage { text += "  \(MarkdownText.escape(damage.line))\n" }
    if let fix = conflict.bestFix { text += "  Fix: \(MarkdownText.escape(fix))\n" }
    for sentence in conflict.envelope?.split(separator: "\n") ?? [] {
      text += "  Sizes: \(MarkdownText.escape(String(sentence)))\n"
    }
    if let owners = CodeOwnerText.line(conflict.codeOwnership) {
      text += "  \(MarkdownText.escape(owners))\n"
    }
    return text
  }

  /// The JSON report: `scope`, `passed`, `failOn`, `new`, `regressed`, `seen`, and the runs
  /// and significance (docs/json.md).
  public static func json(_ result: CheckResult, failOn: Set<Failure>, significance: Double? = nil) -> String
  {
    jsonValue(result, failOn: failOn, significance: significance).serialized + "\n"
  }

  /// The JSON report as a value (``json(_:failOn:significance:)``'s).
  public static func jsonValue(_ result: CheckResult, failOn: Set<Failure>, significance: Double? = nil)
    -> JSONValue
  {
    let failing = failing(result, failOn: failOn, significance: significance)
    let flaky = possiblyFlaky(result, failOn: failOn, significance: significance)
    func conflicts(_ list: [CheckedConflict]) -> JSONValue {
      .array(
        list.map { conflict in
          let share = result.share(of: conflict)
          return .object(
            [
              ("fingerprint", .string(conflict.fingerprint)), ("title", .string(conflict.title)),
              ("status", .string(conflict.status.rawValue)), ("occurrences", .int(conflict.occurrences)),
              ("runs", .int(conflict.runs)), ("resolved_build", .string(conflict.resolvedBuild)),
              ("explanation", .string(conflict.explanation)), ("best_fix", .string(conflict.bestFix)),
              ("envelope", .string(conflict.envelope)),
            ] + DamageJSON.storedMembers(conflict.damage) + [
              ("test", .string(conflict.test)),
              ("new", .bool(conflict.isNew)),
              ("regressed", .bool(conflict.isRegressed)),
              ("accepted", .bool(conflict.isAccepted)),
              ("share", shareJSON(share)),
              ("test_share", conflict.testShare.map(shareJSON) ?? .null),
              (
                "p_value",
                significance == nil ? .null : .number(String(result.weighedShare(of: conflict).pValue))
              ),
              ("possibly_flaky", .bool(flaky.contains(conflict))),
              ("below_min_damage", .bool(result.isBelowMinDamage(conflict))),
            ] + CodeOwnerText.jsonMembers(conflict.codeOwnership))
        })
    }
    func shareJSON(_ share: RunShare) -> JSONValue {
      .object([
        ("runs", .int(share.runs)), ("of", .int(share.of)), ("previous_runs", .int(share.previousRuns)),
        ("previous_of", .int(share.previousOf)),
      ])
    }
    func scope(_ scope: CheckScope?) -> JSONValue {
      switch scope {
      case .build(let build): .object([("build", .string(build))])
      case .run(let run): .object([("run", .string(run))])
      case nil: .null
      }
    }
    return JSONValue.object([
      ("schema", .string("lcq-check/1")), ("scope", scope(result.scope)), ("passed", .bool(failing.isEmpty)),
      ("fail_on", .array(Failure.allCases.filter(failOn.contains).map { .string($0.rawValue) })),
      ("significance", significance.map { .number(Wording.decimal($0)) } ?? .null),
      ("min_damage", result.minDamage.map { .number(Wording.decimal($0)) } ?? .null),
      ("runs", .int(result.runs)), ("previous", scope(result.previous)),
      ("previous_runs", .int(result.previousRuns)),
      ("new", conflicts(result.new)), ("regressed", conflicts(result.regressed)),
      ("possibly_flaky", conflicts(flaky)),
      ("below_min_damage", conflicts(belowMinDamage(result, failOn: failOn))),
      ("seen", conflicts(result.seen)),
      ("logging_off", .array(result.loggingOff.map { .string($0) })),
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
