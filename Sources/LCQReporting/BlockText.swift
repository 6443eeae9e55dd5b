import LCQAnalysis
import LCQParsing

/// The plain-text form of an analysed block, for people reading a terminal.
public enum BlockText {
  /// The block as a few lines of text, ending with a line feed.
  public static func render(_ analysis: BlockAnalysis) -> String {
    let block = analysis.block
    var lines: [String] = []
    var heading = "\(block.source.file):\(block.source.line)"
    if let timestamp = block.source.timestamp { heading += "  " + (timestamp.iso8601 ?? timestamp.text) }
    if let process = block.source.process {
      heading += "  " + process + (block.source.pid.map { "[\($0)]" } ?? "")
    }
    heading += "  \(block.platform == .uikit ? "UIKit" : "AppKit")  verdict: \(analysis.verdict.rawValue)"
    lines.append(heading)

    let brokenIndex = block.brokenConstraintIndex
    var summary = "  \(block.constraints.count) constraint\(block.constraints.count == 1 ? "" : "s")"
    let unparsed = block.constraints.filter { !$0.isParsed }.count
    if unparsed > 0 { summary += ", \(unparsed) unreadable" }
    if block.isRedacted { summary += ", list redacted (<private>)" }
    if let brokenIndex {
      summary += "; UIKit broke [\(brokenIndex + 1)]"
    } else if block.brokenConstraint != nil {
      summary += "; UIKit broke a constraint not in the list"
    }
    if block.interleavedLineCount > 0 { summary += "; \(block.interleavedLineCount) unrelated lines skipped" }
    lines.append(summary)

    let width = String(block.constraints.count).count
    for (index, logged) in block.constraints.enumerated() {
      let number = String(index + 1)
      let marker = index == brokenIndex ? "broken" : "      "
      let padded = String(repeating: " ", count: width - number.count) + number
      lines.append("  [\(padded)] \(marker) \(logged.description)")
    }
    if let broken = block.brokenConstraint, brokenIndex == nil {
      lines.append("  broken: \(broken.description)")
    }
    for issue in block.issues {
      lines.append("  note: \(issue)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
