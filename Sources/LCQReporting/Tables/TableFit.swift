/// How a table for a terminal is narrowed to the terminal's width, in this order, until its
/// lines fit:
/// 1. times (`2024-03-05T22:10:01Z`) become their dates, and fingerprints their short form
///    (`v3:8d54dcbc`, which `lcq show` takes): both stay true and usable;
/// 2. a column with no value in any row is left out, then the table's optional columns
///    (``ResultTable/leftOutWhenNarrow``), in order, while a text column would otherwise be cut
///    below ``comfortable`` characters;
/// 3. the other text columns are cut with `…` in the middle (a title's two ends are what tell
///    it from its neighbours: `MessageInputBar: UIView…vs temporary fitting height`), widest
///    first, never below ``narrowest`` characters (or their header);
/// numbers are never cut.
struct TableFit {
  /// The narrowest a cut text column becomes (or its header, when longer).
  static let narrowest = 8
  /// The short form of a fingerprint (`v3:` and 8 digits).
  static let shortFingerprint = 11

  /// The width below which a text column is not cut while a column can be left out instead.
  static let comfortable = 32

  /// Each column's width.
  private(set) var widths: [Int]
  /// The columns shown, in order (all of them unless the width left some out).
  private(set) var shown: [Int]
  private let shortens: [Int?]

  /// The widths of `texts` (rows of cells) under `headers`, narrowed to `width` where given;
  /// `optional` lists the columns that may be left out, in order.
  init(texts: [[String]], headers: [String], numeric: [Bool], width: Int?, optional: [Int] = []) {
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
    shown = Array(widths.indices)
    guard let width else { return }
    var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width
    for index in widths.indices where excess > 0 {
      guard let short = shortens[index], self.widths[index] > short else { continue }
      excess -= self.widths[index] - short
      self.widths[index] = short
    }
    let cuttable = widths.indices.filter { !numeric[$0] && shortens[$0] == nil }
    let empty = widths.indices.filter { index in texts.allSatisfy { $0[index].isEmpty } }
    for index in empty + optional where excess > 0 && shown.count > 1 && shown.contains(index) {
      // An empty column always goes; an optional one only to spare a text column a deep cut.
      let widest = cuttable.filter { shown.contains($0) && $0 != index }.map { self.widths[$0] }.max() ?? 0
      guard empty.contains(index) || widest - excess < Self.comfortable else { continue }
      shown.removeAll { $0 == index }
      excess -= self.widths[index] + 2
    }
    while excess > 0 {
      let floors = widths.indices.map { max(Self.narrowest, headers[$0].count) }
      let candidates = cuttable.filter { shown.contains($0) && self.widths[$0] > floors[$0] }
      guard let widest = candidates.max(by: { self.widths[$0] < self.widths[$1] }) else { break }
      let cut = min(excess, self.widths[widest] - floors[widest])
      self.widths[widest] -= cut
      excess -= cut
    }
    for index in cuttable where texts.contains(where: { $0[index].count > self.widths[index] }) {
      cuts[index] = Self.distinctCuts(of: texts.map { $0[index] }, to: self.widths[index])
    }
  }

  /// The cut texts of the columns that are cut, by their whole text.
  private var cuts: [Int: [String: String]] = [:]

  /// `text`, a cell of column `index`, in that column's width.
  func cell(_ text: String, column index: Int) -> String {
    let width = widths[index]
    guard text.count > width else { return text }
    if shortens[index] != nil { return String(text.prefix(width)) }
    return cuts[index]?[text] ?? Self.cutInTheMiddle(text, to: width)
  }

  /// Each of `texts` cut in the middle to `width` (``cutInTheMiddle(_:to:)``). Texts whose cuts
  /// would read the same (`MessageInputBar:…fitting height` for two conflicts of one view) are
  /// each cut after the first word in which they differ from the others
  /// (`MessageInputBar: UIView…height`, `MessageInputBar: UITextField…height`); where that does
  /// not tell them apart either, the cut moves off the middle a character at a time.
  static func distinctCuts(of texts: [String], to width: Int) -> [String: String] {
    let distinct = Array(Set(texts)).sorted()
    var cuts = Dictionary(uniqueKeysWithValues: distinct.map { ($0, cutInTheMiddle($0, to: width)) })
    let groups = Dictionary(grouping: distinct.filter { $0.count > width }) { cuts[$0] ?? $0 }.values
    for group in groups where group.count > 1 && width > 2 {
      for text in group {
        let others = group.filter { $0 != text }
        let shared = others.map { text.commonPrefix(with: $0).count }.max() ?? 0
        cuts[text] = cutAfterWord(text, from: shared, to: width)
      }
    }
    // Whatever still reads the same as another, off the middle one character at a time.
    var taken: Set<String> = []
    for text in distinct {
      var cut = cuts[text] ?? cutInTheMiddle(text, to: width)
      if taken.contains(cut), text.count > width, width > 2 {
        let kept = width - 1
        let middle = (kept + 1) / 2
        for head in (1..<kept).sorted(by: { abs($0 - middle) < abs($1 - middle) }) {
          let candidate = String(text.prefix(head)) + "…" + String(text.suffix(kept - head))
          if !taken.contains(candidate) {
            cut = candidate
            break
          }
        }
      }
      cuts[text] = cut
      taken.insert(cut)
    }
    return cuts
  }

  /// `text` cut after the word that holds character `offset` (the first that differs from its
  /// neighbours), its end filling the rest of `width` from a word's start, or left out when no
  /// word starts in it; when that word does not fit, as much of it as fits, then `…`.
  static func cutAfterWord(_ text: String, from offset: Int, to width: Int) -> String {
    let kept = width - 1
    let rest = text.dropFirst(offset)
    let wordEnd = rest.firstIndex(of: " ") ?? rest.endIndex
    let head = text[..<wordEnd]
    guard head.count < kept else { return text.prefix(kept) + "…" }
    var tail = text.suffix(kept - head.count)
    if text.dropLast(tail.count).last != " " {
      tail = tail.firstIndex(of: " ").map { tail[tail.index(after: $0)...] } ?? tail[tail.endIndex...]
    }
    return head + "…" + tail
  }

  /// `text` in at most `width` characters, its middle replaced by `…`: the start keeps one more
  /// character than the end when they cannot be even, and an end that would cut a word stops at
  /// the space before it instead, when that space is within a quarter of the end's length.
  static func cutInTheMiddle(_ text: String, to width: Int) -> String {
    guard text.count > width else { return text }
    guard width > 1 else { return String(text.prefix(width)) }
    let kept = width - 1
    var head = text.prefix((kept + 1) / 2)
    var tail = text.suffix(kept / 2)
    let headCutsAWord = text.dropFirst(head.count).first.map { $0 != " " } ?? false
    if headCutsAWord, let space = head.lastIndex(of: " "),
      head.distance(from: space, to: head.endIndex) <= head.count / 4
    {
      head = head[..<space]
    }
    let tailCutsAWord = text.dropLast(tail.count).last.map { $0 != " " } ?? false
    if tailCutsAWord, let space = tail.firstIndex(of: " "),
      tail.distance(from: tail.startIndex, to: space) < tail.count / 4
    {
      tail = tail[tail.index(after: space)...]
    }
    return head + "…" + tail
  }

  /// Whether `text` is a time as lcq prints one (`2024-03-05T22:10:01Z`).
  static func isTime(_ text: String) -> Bool {
    text.count >= 11 && text.dropFirst(10).first == "T"
      && text.prefix(10).allSatisfy { $0.isNumber || $0 == "-" }
  }
}
