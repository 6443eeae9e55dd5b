/// How a table for a terminal is narrowed to the terminal's width, in this order, until its
/// lines fit:
/// 1. times (`2024-03-05T22:10:01Z`) become their dates, and fingerprints their short form
///    (`v3:8d54dcbc`, which `lcq show` takes): both stay true and usable;
/// 2. the other text columns are cut with `…`, widest first, never below ``narrowest``
///    characters (or their header);
/// numbers are never cut.
struct TableFit {
  /// The narrowest a cut text column becomes (or its header, when longer).
  static let narrowest = 8
  /// The short form of a fingerprint (`v3:` and 8 digits).
  static let shortFingerprint = 11

  /// Each column's width.
  private(set) var widths: [Int]
  private let shortens: [Int?]

  /// The widths of `texts` (rows of cells) under `headers`, narrowed to `width` where given.
  init(texts: [[String]], headers: [String], numeric: [Bool], width: Int?) {
    var widths = headers.map(\.count)
    for row in texts {
      for (index, text) in row.enumerated() { widths[index] = max(widths[index], text.count) }
    }
    // The width a column's cells keep their meaning at: a date, a short fingerprint.
    shortens = headers.indices.map { index in
      let cells = texts.map { $0[index] }.filter { !$0.isEmpty }
      if !cells.isEmpty, cells.allSatisfy(Self.isTime) { return max(10, headers[index].count) }
      if headers[index] == "fingerprint" { return max(Self.shortFingerprint, headers[index].count) }
      return nil
    }
    self.widths = widths
    guard let width else { return }
    var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width
    for index in widths.indices where excess > 0 {
      guard let short = shortens[index], self.widths[index] > short else { continue }
      excess -= self.widths[index] - short
      self.widths[index] = short
    }
    while excess > 0 {
      let floors = widths.indices.map { max(Self.narrowest, headers[$0].count) }
      let candidates = widths.indices.filter {
        !numeric[$0] && shortens[$0] == nil && self.widths[$0] > floors[$0]
      }
      guard let widest = candidates.max(by: { self.widths[$0] < self.widths[$1] }) else { return }
      let cut = min(excess, self.widths[widest] - floors[widest])
      self.widths[widest] -= cut
      excess -= cut
    }
  }

  /// `text`, a cell of column `index`, in that column's width.
  func cell(_ text: String, column index: Int) -> String {
    let width = widths[index]
    guard text.count > width else { return text }
    if shortens[index] != nil { return String(text.prefix(width)) }
    return text.prefix(max(width - 1, 0)) + "…"
  }

  /// Whether `text` is a time as lcq prints one (`2024-03-05T22:10:01Z`).
  static func isTime(_ text: String) -> Bool {
    text.count >= 11 && text.dropFirst(10).first == "T"
      && text.prefix(10).allSatisfy { $0.isNumber || $0 == "-" }
  }
}
