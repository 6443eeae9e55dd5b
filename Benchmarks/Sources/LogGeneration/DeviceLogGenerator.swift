/// Writes a realistic device log: `log stream` default-style lines from many subsystems, with
/// conflict messages from the corpus at a given rate, fresh addresses and advancing timestamps.
///
/// The output depends only on the templates, the rate and the seed.
public struct DeviceLogGenerator {
  private let templates: [ConflictTemplate]
  private let conflictLineRate: Double
  private var random: SplitMix64
  private var clock = LogClock()
  private let pid: Int
  private let process = "MyApp"

  /// - Parameters:
  ///   - templates: conflicts to draw from (at least one).
  ///   - conflictLineRate: the share of lines that belong to conflict messages (0.001 is 0.1%).
  ///   - seed: the seed of the deterministic random generator.
  public init(templates: [ConflictTemplate], conflictLineRate: Double, seed: UInt64) {
    precondition(!templates.isEmpty, "no conflict templates")
    self.templates = templates
    self.conflictLineRate = conflictLineRate
    random = SplitMix64(seed: seed)
    pid = 1000 + Int(random.next() % 60_000)
  }

  /// Appends roughly `byteCount` bytes of log (whole lines) to `output`, calling `flush` every
  /// few megabytes so that memory stays small.
  public mutating func generate(byteCount: Int, flush: ([UInt8]) -> Void) -> GenerationSummary {
    var summary = GenerationSummary()
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4 << 20)
    let averageConflictLines =
      Double(templates.reduce(0) { $0 + $1.descriptions.count + 14 }) / Double(templates.count)
    let conflictProbabilityPerLine = conflictLineRate / averageConflictLines
    while summary.bytes < byteCount {
      let before = buffer.count
      if Double(random.next() % 1_000_000_000) / 1e9 < conflictProbabilityPerLine {
        let lines = appendConflict(to: &buffer)
        summary.conflicts += 1
        summary.conflictLines += lines
        summary.lines += lines
      } else {
        appendNoise(to: &buffer)
        summary.lines += 1
      }
      summary.bytes += buffer.count - before
      if buffer.count >= 4 << 20 {
        flush(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if !buffer.isEmpty { flush(buffer) }
    return summary
  }

  // MARK: - Lines

  private mutating func prefix(library: String, subsystem: String, category: String) -> String {
    clock.advance(microseconds: Int(random.next() % 40_000))
    let thread = String(0x1f_0000 + Int(random.next() % 0xffff), radix: 16)
    return
      "\(clock.text) 0x\(thread)   Default     0x0                  \(pid)   0    \(process): (\(library)) [\(subsystem):\(category)] "
  }

  private mutating func appendNoise(to buffer: inout [UInt8]) {
    let pick = Int(random.next() % UInt64(NoiseCatalog.lines.count))
    let entry = NoiseCatalog.lines[pick]
    var line = prefix(library: entry.library, subsystem: entry.subsystem, category: entry.category)
    line += entry.message(&random)
    line += "\n"
    buffer.append(contentsOf: line.utf8)
  }

  private mutating func appendConflict(to buffer: inout [UInt8]) -> Int {
    let template = templates[Int(random.next() % UInt64(templates.count))]
    var addresses: [String: String] = [:]
    var text = prefix(
      library: template.isAppKit ? "AppKit" : "UIKitCore", subsystem: "com.apple.UIKit",
      category: "LayoutConstraints")
    if template.isAppKit {
      text += "Unable to simultaneously satisfy constraints:\n(\n"
    } else {
      text += """
        Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want. 
        \tTry this: 
        \t\t(1) look at each constraint and try to figure out which you don't expect; 
        \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
        (

        """
    }
    for (index, description) in template.descriptions.enumerated() {
      let comma = index + 1 < template.descriptions.count ? "," : ""
      text += "    \"\(freshAddresses(description, &addresses))\"\(comma)\n"
    }
    text +=
      ")\n\nWill attempt to recover by breaking constraint \n\(freshAddresses(template.broken, &addresses))\n\n"
    if template.isAppKit {
      text +=
        "Set the NSUserDefault NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints to YES to have -[NSWindow visualizeConstraints:] automatically called when this happens.  And/or, set a symbolic breakpoint on LAYOUT_CONSTRAINTS_NOT_SATISFIABLE to catch this in the debugger.\n"
    } else {
      text +=
        "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n"
      text +=
        "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.\n"
    }
    buffer.append(contentsOf: text.utf8)
    return text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
  }

  /// Replaces every `0x…` address with a fresh one, the same address with the same replacement.
  private mutating func freshAddresses(_ description: String, _ mapping: inout [String: String]) -> String {
    let bytes = Array(description.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "0"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "x"),
        isHex(bytes[index + 2])
      {
        var end = index + 2
        while end < bytes.count, isHex(bytes[end]) { end += 1 }
        let old = String(decoding: bytes[index..<end], as: UTF8.self)
        let new: String
        if let known = mapping[old] {
          new = known
        } else {
          new = "0x6000" + String(random.next() % 0xff_ffff_ff, radix: 16)
          mapping[old] = new
        }
        output.append(contentsOf: new.utf8)
        index = end
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private func isHex(_ byte: UInt8) -> Bool {
    (byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102) || (byte >= 65 && byte <= 70)
  }
}

/// What a generation wrote.
public struct GenerationSummary: Sendable {
  /// Bytes written.
  public var bytes = 0
  /// Lines written.
  public var lines = 0
  /// Conflict messages written.
  public var conflicts = 0
  /// Lines that belong to conflict messages.
  public var conflictLines = 0
}
