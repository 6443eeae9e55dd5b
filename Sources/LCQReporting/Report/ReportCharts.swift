/// The report's charts, as inline SVG sized by their `viewBox` (they scale to the page).
enum ReportCharts {
  /// One bar per day; days in the window are solid, earlier days pale; a dashed line marks the
  /// baseline's daily mean. Labels are dates and counts only (no log text).
  static func volume(
    days: [(day: String, occurrences: Int64, inWindow: Bool)], dailyMean: Double, baselineDays: Int64
  ) -> String {
    let width = 640.0
    let height = 160.0
    let top = 16.0
    let bottom = 24.0
    let plot = height - top - bottom
    // Over a long window, days are summed into bars of several days, so that a bar is never
    // thinner than 4 points (a year of days would be hairlines).
    let span = max(1, (days.count + mostBars - 1) / mostBars)
    let bars = stride(from: 0, to: days.count, by: span).map { start in
      let group = days[start..<min(start + span, days.count)]
      let first = days[start].day
      let label = span == 1 ? first : "\(first), \(group.count) days"
      return (
        day: label, occurrences: group.map(\.occurrences).reduce(0, +),
        inWindow: group.contains { $0.inWindow }
      )
    }
    let barMean = dailyMean * Double(span)
    let highest = max(Double(bars.map(\.occurrences).max() ?? 0), barMean, 1)
    let step = width / Double(max(bars.count, 1))
    let scale = plot / highest
    var svg = """
      <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
      aria-label="Occurrences per day" xmlns="http://www.w3.org/2000/svg">
      """
    for (index, day) in bars.enumerated() {
      // A day with occurrences is never drawn flat, however many another day has.
      let barHeight = day.occurrences > 0 ? max(Double(day.occurrences) * scale, 2) : 0
      let x = Double(index) * step + step * 0.15
      svg +=
        "<rect class=\"\(day.inWindow ? "bar" : "bar past")\" x=\"\(f(x))\" y=\"\(f(top + plot - barHeight))\" "
      svg += "width=\"\(f(step * 0.7))\" height=\"\(f(barHeight))\">"
      svg += "<title>\(XMLText.escape(day.day)): \(day.occurrences)</title></rect>"
    }
    let meanY = top + plot - barMean * scale
    svg += "<line class=\"mean\" x1=\"0\" x2=\"\(Int(width))\" y1=\"\(f(meanY))\" y2=\"\(f(meanY))\"/>"
    svg += "<text class=\"axis\" x=\"4\" y=\"\(f(max(meanY - 4, 24)))\">"
    svg +=
      "\(baselineDays)-day mean \(ReportNumbers.decimal(dailyMean)) a day\(span > 1 ? " (a bar: \(span) days)" : "")</text>"
    svg += "<text class=\"axis\" x=\"2\" y=\"11\">\(ReportNumbers.grouped(Int64(highest)))</text>"
    if let first = days.first, let last = days.last {
      svg += "<text class=\"axis\" x=\"0\" y=\"\(Int(height) - 6)\">\(XMLText.escape(first.day))</text>"
      svg += "<text class=\"axis\" x=\"\(Int(width))\" y=\"\(Int(height) - 6)\" text-anchor=\"end\">"
      svg += "\(XMLText.escape(last.day))</text>"
    }
    return svg + "</svg>"
  }

  /// The most bars the volume chart draws: 640 points wide, a bar (0.7 of its step) is then at
  /// least 4.48 points.
  static let mostBars = 100

  /// A small line of daily counts, the last point marked.
  static func sparkline(_ counts: [Int64]) -> String {
    let width = 120.0
    let height = 28.0
    let highest = Double(max(counts.max() ?? 0, 1))
    let step = counts.count > 1 ? width / Double(counts.count - 1) : width
    let points = counts.enumerated().map { index, count in
      (Double(index) * step, height - 3 - Double(count) / highest * (height - 6))
    }
    var svg = """
      <svg class="spark" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
      aria-label="Occurrences per day" xmlns="http://www.w3.org/2000/svg">
      """
    svg += "<polyline points=\"" + points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ") + "\"/>"
    if let last = points.last {
      svg += "<circle cx=\"\(f(last.0))\" cy=\"\(f(last.1))\" r=\"2.5\"/>"
    }
    return svg + "</svg>"
  }

  /// Coordinates with at most one decimal (``BlockSVG/format(_:)``).
  static func f(_ value: Double) -> String { BlockSVG.format(value) }
}
