import LCQAnalysis
import LCQParsing

/// The plain-text form of an analysed block, for people reading a terminal.
///
/// Constraints are numbered from 1 as `[n]`. The minimal conflicting set comes first, in plain
/// English with where each constraint comes from, then the best proven fix, then the rest of the
/// list, dimmed.
public enum BlockText {
  /// How many proven fixes are listed after the best one.
  static let alternativeFixes = 3

  /// The block as a few lines of text, ending with a line feed.
  public static func render(
    _ analysis: BlockAnalysis, style: TextStyle = .plain, codeOwnership: CodeOwnership? = nil
  ) -> String {
    let block = analysis.block
    var lines = [style.bold(TerminalText.clean(heading(of: analysis)))]
    if let title = analysis.title, analysis.replay != nil {
      lines.append(
        "  " + style.bold(TerminalText.clean(title))
          + (analysis.fingerprint.map { style.dim("  " + $0) } ?? ""))
    }
    lines.append(summary(of: block))
    lines += conflictLines(analysis, style: style)
    let minimal = analysis.minimalSet
    if let owners = CodeOwnerText.line(codeOwnership) { lines.append("  " + TerminalText.clean(owners)) }
    lines += VerdictText.lines(for: analysis)
    let rest = block.constraints.indices.filter { !minimal.contains($0) }
    if !rest.isEmpty {
      lines.append(style.dim(minimal.isEmpty ? "  Constraints:" : "  Not needed for the conflict:"))
      for index in rest {
        let text = line(index, of: analysis, marker: " ")
        lines.append(minimal.isEmpty ? text : style.dim(text))
      }
    }
    if let broken = block.brokenConstraint, block.brokenConstraintIndex == nil {
      lines.append(
        TerminalText.clean(
          "  \(block.platform.frameworkName) broke a constraint not in the list: \(broken.description)"))
    }
    for issue in block.issues {
      lines.append(style.yellow(TerminalText.clean("  note: \(issue)")))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The minimal set (each member numbered, in English, with where it comes from and its
  /// description), the explanation, the sizes and the fix: what `lcq analyze` and `lcq show`
  /// print of a conflict.
  static func conflictLines(_ analysis: BlockAnalysis, style: TextStyle) -> [String] {
    var lines: [String] = []
    let minimal = analysis.minimalSet
    if !minimal.isEmpty {
      lines.append(
        style.bold(
          analysis.verdict == .withinPrecision
            ? "  As printed, these \(minimal.count) cannot all hold:"
            : "  Minimal conflicting set (\(minimal.count)):"))
      for index in minimal.sorted() { lines += member(index, of: analysis, style: style) }
    }
    if let explanation = analysis.diagnosis?.explanation {
      lines.append("  " + TerminalText.clean(explanation))
    }
    for size in analysis.envelope?.sizes ?? [] {
      lines.append("  " + style.bold("Sizes [\(size.constraint + 1)]: ") + EnvelopeWords.sentence(size))
    }
    return lines + fixLines(analysis, style: style)
  }

  /// `[ n] * sentence  ← broken by UIKit`, the arrow in `style`'s red.
  static func line(_ index: Int, of analysis: BlockAnalysis, marker: String, style: TextStyle = .plain)
    -> String
  {
    let block = analysis.block
    let width = String(block.constraints.count).count
    let number = String(index + 1)
    let padded = String(repeating: " ", count: width - number.count) + number
    let broken =
      index == block.brokenConstraintIndex ? style.red("  ← broken by \(block.platform.frameworkName)") : ""
    let text = analysis.diagnosis?.sentences[index] ?? block.constraints[index].description
    return "    [\(padded)] \(marker) \(TerminalText.clean(text))\(broken)"
  }

  /// A member of the minimal set: its sentence, then where it comes from and the logged text.
  static func member(_ index: Int, of analysis: BlockAnalysis, style: TextStyle) -> [String] {
    let block = analysis.block
    let first = line(index, of: analysis, marker: "*", style: style)
    let indent = String(repeating: " ", count: String(block.constraints.count).count + 9)
    let origins = analysis.diagnosis?.origins[index].map(\.text).joined(separator: "; ")
    var lines = [first]
    if let origins, !origins.isEmpty { lines.append(style.dim(TerminalText.clean(indent + origins))) }
    lines.append(style.dim(TerminalText.clean(indent + block.constraints[index].description)))
    return lines
  }

  /// The best proven fix, a few alternatives, or why there is none.
  static func fixLines(_ analysis: BlockAnalysis, style: TextStyle) -> [String] {
    guard let diagnosis = analysis.diagnosis else { return [] }
    if let reason = diagnosis.noFixReason { return [style.yellow("  No proven fix: \(reason).")] }
    guard let best = diagnosis.bestFix else { return [] }
    var lines = [
      style.bold("  Fix (proven by re-solving):"), "    " + style.green(TerminalText.clean(best.text)),
    ]
    let others = diagnosis.suggestions.dropFirst()
    if !others.isEmpty {
      var also = others.prefix(alternativeFixes).map { fix in
        fix.shortText + (fix.cost.map { " (gives way by \(PointFigures.points($0)))" } ?? "")
      }.joined(separator: "; ")
      if others.count > alternativeFixes {
        also += "; and \(others.count - alternativeFixes) more (--format json)"
      }
      lines.append(TerminalText.clean("  Also proven: " + also + "."))
    }
    return lines
  }

  static func heading(of analysis: BlockAnalysis) -> String {
    let block = analysis.block
    var heading = "\(block.source.file):\(block.source.line)"
    if let timestamp = block.source.timestamp { heading += "  " + (timestamp.iso8601 ?? timestamp.text) }
    if let process = block.source.process {
      heading += "  " + process + (block.source.pid.map { "[\($0)]" } ?? "")
    }
    if let test = block.source.test { heading += "  test " + test }
    return heading
      + "  \(block.platform == .uikit ? "UIKit" : "AppKit")  verdict: \(analysis.verdict.rawValue)"
  }

  static func summary(of block: ConflictBlock) -> String {
    var summary = "  \(block.constraints.count) constraint\(block.constraints.count == 1 ? "" : "s")"
    let unparsed = block.constraints.filter { !$0.isParsed }.count
    if unparsed > 0 { summary += ", \(unparsed) unreadable" }
    if block.isRedacted { summary += ", list redacted (<private>)" }
    if let brokenIndex = block.brokenConstraintIndex {
      summary += "; \(block.platform.frameworkName) broke [\(brokenIndex + 1)]"
    } else if block.brokenConstraint != nil {
      summary += "; \(block.platform.frameworkName) broke a constraint not in the list"
    }
    if block.interleavedLineCount > 0 { summary += "; \(block.interleavedLineCount) unrelated lines skipped" }
    return summary
  }
}
