import LCQStore

/// What fails `lcq check`, and how often the scope saw each conflict against the scope before.
///
/// By default every new or regressed conflict that `--fail-on` names fails the check: right for
/// one run per build. With a significance level (`--significance`), such a conflict fails only
/// when the scope's runs saw it more often than the previous scope's beyond chance
/// (``RunShare``'s one-sided exact test, p-value at or below the level); the others are listed
/// as possibly flaky and pass. Where the conflict was logged in a test and both scopes' runs
/// recorded the tests they ran, only the runs that ran that test are weighed
/// (``CheckResult/weighedShare(of:)``). `--fail-on any` fails on every conflict seen, whatever
/// the level. With a least damage (`--min-damage`, ``CheckResult/minDamage``), a conflict whose
/// stored miss is below it passes too, listed apart; one without a damage figure is weighed as
/// without it, for nothing shows it is below.
extension CheckText {
  /// The new and regressed conflicts that `failOn` names, each once, the new ones first.
  static func changed(_ result: CheckResult, failOn: Set<Failure>) -> [CheckedConflict] {
    var changed: [CheckedConflict] = []
    if failOn.contains(.new) { changed += result.new }
    if failOn.contains(.regressed) { changed += result.regressed.filter { !changed.contains($0) } }
    return changed
  }

  /// The conflicts that fail the check for `failOn` and `significance`.
  public static func failing(_ result: CheckResult, failOn: Set<Failure>, significance: Double? = nil)
    -> [CheckedConflict]
  {
    let weighed = weighed(result, failOn: failOn).filter { !result.isBelowMinDamage($0) }
    guard let significance, !failOn.contains(.any) else { return weighed }
    return weighed.filter { result.weighedShare(of: $0).isBeyondChance(at: significance) }
  }

  /// The conflicts `failOn` weighs: every unaccepted one for `any`, else the new and regressed.
  static func weighed(_ result: CheckResult, failOn: Set<Failure>) -> [CheckedConflict] {
    failOn.contains(.any) ? result.unaccepted : changed(result, failOn: failOn)
  }

  /// The conflicts `failOn` weighs that pass because their stored miss is below `--min-damage`.
  public static func belowMinDamage(_ result: CheckResult, failOn: Set<Failure>) -> [CheckedConflict] {
    weighed(result, failOn: failOn).filter(result.isBelowMinDamage)
  }

  /// `conflicts` with the ones that matter most first: those whose damage shows (visible), then
  /// those without a figure, then subpixel, then invisible; new before regressed; more
  /// occurrences first; the order given breaks the rest.
  public static func mostVisibleFirst(_ conflicts: [CheckedConflict]) -> [CheckedConflict] {
    func rank(_ conflict: CheckedConflict) -> (Int, Int, Int) {
      let shows: Int =
        switch conflict.damage?.shows {
        case .visible: 0
        case nil: 1
        case .subpixel: 2
        case .invisible: 3
        }
      return (shows, conflict.isNew ? 0 : 1, -conflict.occurrences)
    }
    return conflicts.enumerated().sorted { left, right in
      let (a, b) = (rank(left.element), rank(right.element))
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
  }

  /// The new or regressed conflicts that `significance` lets pass: seen, but no more often than
  /// chance explains.
  public static func possiblyFlaky(_ result: CheckResult, failOn: Set<Failure>, significance: Double?)
    -> [CheckedConflict]
  {
    guard let significance, !failOn.contains(.any) else { return [] }
    return changed(result, failOn: failOn).filter {
      !result.isBelowMinDamage($0) && !result.weighedShare(of: $0).isBeyondChance(at: significance)
    }
  }

  /// `seen in 2 of 20 runs of build 102; 0 of 20 runs of build 101`; for a conflict logged in a
  /// test whose runs are known, `; in test T: 2 of 2 runs that ran it, 0 of 20 in build 101`
  /// (or `, none ran it in build 101`); and with a significance level the test's answer:
  /// `(one-sided exact test: p = 0.5): possibly flaky` or `(one-sided exact test on the runs
  /// that ran T: p < 0.001): beyond chance at 0.05`.
  public static func shareLine(_ conflict: CheckedConflict, in result: CheckResult, significance: Double?)
    -> String
  {
    let share = result.share(of: conflict)
    var line = "seen in \(share.runs) of \(Wording.counted(share.of, "run")) of \(describe(result.scope)); "
    if let previous = result.previous {
      line += "\(share.previousRuns) of \(Wording.counted(share.previousOf, "run")) of \(describe(previous))"
    } else {
      line += result.scope.isBuild ? "no earlier build" : "no earlier run"
    }
    if let test = conflict.test, let testShare = conflict.testShare {
      line += "; in test \(test): \(testShare.runs) of \(Wording.counted(testShare.of, "run")) that ran it"
      if let previous = result.previous {
        line +=
          testShare.previousOf > 0
          ? ", \(testShare.previousRuns) of \(testShare.previousOf) in \(describe(previous))"
          : ", none ran it in \(describe(previous))"
      }
    }
    guard let significance else { return line }
    let weighed = result.weighedShare(of: conflict)
    let onTest =
      conflict.test.map { result.weighsTestRuns(of: conflict) ? " on the runs that ran \($0)" : "" } ?? ""
    line += " (one-sided exact test\(onTest): \(Wording.pValue(weighed.pValue)))"
    return line
      + (weighed.isBeyondChance(at: significance)
        ? ": beyond chance at \(Wording.decimal(significance))" : ": possibly flaky")
  }
}

extension CheckScope {
  /// Whether the scope is a build (not a run).
  var isBuild: Bool {
    if case .build = self { return true }
    return false
  }
}

extension CheckText {
  /// `3 occurrences in 2 runs`, and `, resolved in build 7` for a regressed conflict.
  static func counts(_ conflict: CheckedConflict) -> String {
    "\(Wording.counted(conflict.occurrences, "occurrence")) in \(Wording.counted(conflict.runs, "run"))"
      + (conflict.isRegressed ? conflict.resolvedBuild.map { ", resolved in build \($0)" } ?? "" : "")
  }

  /// The lines that follow a conflict's title in the annotations and SARIF messages: the runs
  /// that saw it (``shareLine(_:in:significance:)``) as a sentence, the explanation, the fix.
  static func detailLines(_ conflict: CheckedConflict, in result: CheckResult, significance: Double?)
    -> [String]
  {
    var lines = [sentence(shareLine(conflict, in: result, significance: significance))]
    if let test = conflict.test { lines.append(testLine(test)) }
    if let explanation = conflict.explanation { lines.append(explanation) }
    if let damage = conflict.damage { lines.append(damage.line) }
    if let fix = conflict.bestFix { lines.append("Fix: \(fix)") }
    for sentence in conflict.envelope?.split(separator: "\n") ?? [] { lines.append("Sizes: \(sentence)") }
    return lines
  }

  /// A place where the app turns the conflict messages off (`path:line what`), as a warning.
  static func loggingOffLine(_ found: String) -> String {
    "Warning: \(LoggingOffText.sentence(found))."
  }

  /// Where to reproduce a conflict: the test that logged it first in the checked scope.
  static func testLine(_ test: String) -> String { "First logged in test \(test)." }

  /// `text` as a sentence: its first letter in capitals, and a full stop.
  static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
}
