import LCQAnalysis
import LCQParsing

/// The sentences that explain a verdict and UIKit's choice of constraint to break.
enum VerdictText {
  /// `Damage (visible): UIKit's layout misses [1] … by at least 99.66 pt: …`, or why there is no
  /// figure.
  static func damageLines(_ analysis: BlockAnalysis) -> [String] {
    analysis.damage.map { ["  " + TerminalText.clean($0.line)] } ?? []
  }

  static func lines(for analysis: BlockAnalysis) -> [String] {
    guard let replay = analysis.replay else {
      switch analysis.verdict {
      case .redacted: return ["  The list was replaced by <private>: nothing to replay."]
      case .unparsed: return ["  No constraint of the list could be read: nothing to replay."]
      default: return []
      }
    }
    var lines: [String] = []
    switch replay.verdict {
    case .conflict:
      let count = replay.minimalSets.count
      var text = "  Proven conflict: these constraints cannot all hold, even allowing for rounding"
      text += " (certificate \(replay.certificate?.isVerified == true ? "checked" : "NOT checked")"
      text +=
        ", \(replay.witnesses.filter(\.isVerified).count) of \(replay.minimalSet.count) members shown necessary)."
      lines.append(text)
      lines += damageLines(analysis)
      if let note = replay.note { lines.append("  \(note.prefix(1).uppercased() + note.dropFirst()).") }
      if count > 1 || !replay.minimalSetsComplete {
        lines.append(
          replay.minimalSetsComplete
            ? "  The block holds \(count) different minimal conflicting sets; the one shown drops system-generated constraints where it can."
            : "  The block is large: other minimal sets may exist.")
      }
      if let fixes = replay.singleFixes {
        lines.append(
          fixes.isEmpty
            ? "  No single constraint's removal resolves the whole block."
            : "  Removing any one of \(fixes.sorted().map { "[\($0 + 1)]" }.joined(separator: " ")) resolves the whole block."
        )
      }
    case .withinPrecision:
      lines += damageLines(analysis)
      if let note = replay.note { lines.append("  \(note.prefix(1).uppercased() + note.dropFirst()).") }
      lines.append(
        "  Infeasible only as printed: with each number allowed to be anything that prints the same, the constraints can all hold (a rounding artefact)."
      )
    case .undecidable:
      if let note = replay.note {
        lines.append("  Not replayed: \(note).")
      } else {
        let missing = replay.missing.map(\.phrase).joined(separator: ", ")
        lines.append("  Feasible only thanks to what the log does not state: \(missing).")
        if replay.infeasibleWithDefaultMargins == true {
          lines.append("  With UIKit's default 8-point layout margins, the constraints cannot all hold.")
        }
      }
    case .satisfiable:
      lines.append(satisfiableLine(analysis.block))
    default:
      break
    }
    if analysis.block.startsMidList, replay.verdict != .satisfiable {
      lines.append(
        "  The list starts mid-way (no header or '(' before it): members before it are not shown, and the "
          + "verdict covers the listed constraints only.")
    }
    if let standing = replay.brokenConstraint, let index = standing.index, replay.verdict == .conflict {
      let name = "[\(index + 1)]"
      let framework = analysis.block.platform.frameworkName
      if standing.resolves == true {
        lines.append("  \(framework) broke \(name): removing it resolves the conflict.")
      } else if standing.inMinimalSet || standing.inAnyMinimalSet == true {
        lines.append(
          "  \(framework) broke \(name): it takes part in the conflict, but removing it alone does not resolve the block."
        )
      } else {
        lines.append("  \(framework) broke \(name), which takes no part in any minimal conflicting set.")
      }
    }
    return lines
  }

  /// Why every listed constraint holds: a list known to be cut first, for then the conflict is
  /// in what the log does not show; rounding only when the list is whole as far as lcq can see.
  static func satisfiableLine(_ block: ConflictBlock) -> String {
    let framework = block.platform.frameworkName
    let cut =
      block.startsMidList
      ? "The list starts mid-way (no header or '(' before it)"
      : block.endsBeforeListCloses ? "The list is cut (the message ends before its list was closed)" : nil
    if let cut {
      return "  \(cut): every listed constraint can hold together, and \(framework) logged a conflict, "
        + "so members are missing; the verdict covers the listed constraints only."
    }
    return
      "  Every logged constraint can hold together: a phantom conflict (\(framework)'s own rounding, or a "
      + "list that is not whole)."
  }
}
