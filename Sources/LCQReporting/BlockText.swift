import LCQAnalysis
import LCQParsing

/// The plain-text form of an analysed block, for people reading a terminal.
///
/// Constraints are numbered from 1 as `[n]`. The minimal conflicting set comes first, marked
/// `*`, then what the replay says about UIKit's choice, then the rest of the list.
public enum BlockText {
  /// The block as a few lines of text, ending with a line feed.
  public static func render(_ analysis: BlockAnalysis) -> String {
    let block = analysis.block
    var lines = [heading(of: analysis), summary(of: block)]
    let replay = analysis.replay
    lines += VerdictText.lines(for: analysis)

    let minimal = replay?.minimalSet ?? []
    let brokenIndex = block.brokenConstraintIndex
    let width = String(block.constraints.count).count
    func line(_ index: Int, marker: String) -> String {
      let number = String(index + 1)
      let padded = String(repeating: " ", count: width - number.count) + number
      let broken = index == brokenIndex ? " (broken by UIKit)" : ""
      return "    [\(padded)] \(marker) \(block.constraints[index].description)\(broken)"
    }
    if !minimal.isEmpty {
      lines.append(
        replay?.verdict == .withinPrecision
          ? "  As printed, these \(minimal.count) cannot all hold:"
          : "  Minimal conflicting set (\(minimal.count)):")
      lines += minimal.sorted().map { line($0, marker: "*") }
    }
    let rest = block.constraints.indices.filter { !minimal.contains($0) }
    if !rest.isEmpty {
      lines.append(minimal.isEmpty ? "  Constraints:" : "  Not needed for the conflict:")
      lines += rest.map { line($0, marker: " ") }
    }
    if let broken = block.brokenConstraint, brokenIndex == nil {
      lines.append("  UIKit broke a constraint not in the list: \(broken.description)")
    }
    for issue in block.issues {
      lines.append("  note: \(issue)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func heading(of analysis: BlockAnalysis) -> String {
    let block = analysis.block
    var heading = "\(block.source.file):\(block.source.line)"
    if let timestamp = block.source.timestamp { heading += "  " + (timestamp.iso8601 ?? timestamp.text) }
    if let process = block.source.process {
      heading += "  " + process + (block.source.pid.map { "[\($0)]" } ?? "")
    }
    return heading
      + "  \(block.platform == .uikit ? "UIKit" : "AppKit")  verdict: \(analysis.verdict.rawValue)"
  }

  static func summary(of block: ConflictBlock) -> String {
    var summary = "  \(block.constraints.count) constraint\(block.constraints.count == 1 ? "" : "s")"
    let unparsed = block.constraints.filter { !$0.isParsed }.count
    if unparsed > 0 { summary += ", \(unparsed) unreadable" }
    if block.isRedacted { summary += ", list redacted (<private>)" }
    if let brokenIndex = block.brokenConstraintIndex {
      summary += "; UIKit broke [\(brokenIndex + 1)]"
    } else if block.brokenConstraint != nil {
      summary += "; UIKit broke a constraint not in the list"
    }
    if block.interleavedLineCount > 0 { summary += "; \(block.interleavedLineCount) unrelated lines skipped" }
    return summary
  }
}
