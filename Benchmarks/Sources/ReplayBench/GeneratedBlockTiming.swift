import ArgumentParser
import LCQAnalysis
import LCQParsing

/// A large generated conflict: a table cell with a column of labels taller than the cell.
struct GeneratedBlockTiming: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generated", abstract: "Replay a generated block of about N constraints and time it.")

  @Option(help: "Labels in the column (5 constraints each, plus 2).")
  var rows = 40

  @Option(help: "Runs; the reported time is their median.")
  var repeats = 21

  func run() throws {
    let text = Self.message(rows: rows)
    var scanner = ConflictScanner(file: "generated")
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(text.utf8)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    let block = blocks[0]
    let replay = BlockReplayer.replay(block)
    let time = Timing.median(repeats: repeats) { _ = BlockReplayer.replay(block) }
    print(
      "generated block: \(block.constraints.count) constraints, verdict \(replay.verdict.rawValue), "
        + "minimal set of \(replay.minimalSet.count), \(replay.singleFixes?.count ?? 0) single fixes")
    print(String(format: "full replay: median %.2f ms", time / 1000))
  }

  /// The message as UIKit prints it.
  static func message(rows: Int) -> String {
    func address(_ n: Int) -> String { "0x7f8a" + String(0x1000_0000 + n * 16, radix: 16) }
    let cell = "UITableViewCellContentView:\(address(0))"
    var lines = ["Unable to simultaneously satisfy constraints.", "("]
    var constraint = 1000
    func add(_ body: String, names: Bool = false) {
      constraint += 1
      let suffix = names ? "(active, names: '|':\(cell) )" : "(active)"
      lines.append("    \"<NSLayoutConstraint:\(address(constraint)) \(body)   \(suffix)>\",")
    }
    for row in 0..<rows {
      let label = "UILabel:\(address(row + 1))'Row \(row)'"
      add("H:|-(16)-[\(label)]", names: true)
      add("H:[\(label)]-(16)-|", names: true)
      add("\(label).height == 20")
      add("\(label).width >= 10")
      if row == 0 {
        add("V:|-(8)-[\(label)]", names: true)
      } else {
        add("V:[UILabel:\(address(row))'Row \(row - 1)']-(8)-[\(label)]")
      }
    }
    add("V:[UILabel:\(address(rows))'Row \(rows - 1)']-(8)-|", names: true)
    lines.append(
      "    \"<NSLayoutConstraint:\(address(9999)) 'UIView-Encapsulated-Layout-Height' \(cell).height == 100   (active)>\""
    )
    lines.append(")")
    return lines.joined(separator: "\n") + "\n"
  }
}
