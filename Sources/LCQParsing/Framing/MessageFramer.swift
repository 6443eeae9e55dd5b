/// Frames conflict messages out of a sequence of lines: a state machine that follows the
/// header, the constraint list, "Will attempt to recover…", the broken constraint and the footer.
///
/// It tolerates what real logs do: unrelated lines interleaved inside a message, messages back
/// to back, a stream that starts or ends mid-message, lists with no parentheses, a header whose
/// first line is missing, and a broken constraint hard-wrapped over two lines. A block is handed
/// over as soon as it is complete and not kept.
struct MessageFramer {
  let file: String
  /// Metadata that overrides the header's prefix (JSON events carry their own).
  var fixedPrefix: LogPrefix?

  private var block: RawBlock?
  private var state = State.idle
  private var consecutiveForeignLines = 0
  private var pendingBrokenJoin: (text: [UInt8], line: Int, column: Int, joinWithSpace: Bool)?

  /// The one test running when a message starts (``TestMarker``), given to the messages it
  /// opens.
  var test: String?

  /// After this many unrelated lines in a row, an open message is taken to have ended.
  static let maxConsecutiveForeignLines = 40

  private enum State {
    case idle, header, list, afterList, awaitingBroken, afterBroken
  }

  init(file: String, fixedPrefix: LogPrefix? = nil) {
    self.file = file
    self.fixedPrefix = fixedPrefix
  }

  /// Whether no message is open, so lines that cannot start one may be skipped.
  var isIdle: Bool { block == nil }

  /// Whether the open message (if any) has reached a point where it may end: its list closed
  /// or redacted (or, for a list never opened with `(`, any point in it) and, once "Will
  /// attempt to recover…" began, its broken constraint read whole.
  var openMessageMayEnd: Bool {
    pendingBrokenJoin == nil && state != .awaitingBroken && openMessageListIsWhole
  }

  /// Drops the open message, if any, and returns the line it started on.
  mutating func discardOpenMessage() -> Int? {
    defer {
      block = nil
      state = .idle
      consecutiveForeignLines = 0
      pendingBrokenJoin = nil
    }
    return block?.firstLine
  }

  /// Feeds one line (without its line feed); completed blocks are appended to `output`.
  mutating func consume(_ line: ArraySlice<UInt8>, number: Int, into output: inout [RawBlock]) {
    let cleaned = LineCleaner.clean(line)
    if pendingBrokenJoin != nil, finishBrokenJoin(cleaned, raw: line, number: number) { return }
    let kind = LineKind.classify(cleaned.content)
    switch kind {
    case .header(let header, let prefixEnd, let restStart):
      close(into: &output)
      let prefix = fixedPrefix ?? LogPrefix.parse(bytes: Array(cleaned.content[0..<prefixEnd]))
      open(header, prefix: prefix, line: number, raw: line)
      if header == .unableToSatisfyColon || header == .conflictingConstraintsDetected {
        block?.platformHint = .appkit
      } else {
        block?.platformHint = .uikit
      }
      let rest = Array(cleaned.content[restStart...])
      if rest.contains(UInt8(ascii: "(")) || DescriptionFinder.hasDescription(rest) {
        block?.listOpened = rest.contains(UInt8(ascii: "("))
        state = .list
        consumeInline(rest, offset: cleaned.offset + restStart, number: number, into: &output)
      }
      return
    default:
      break
    }
    if block == nil {
      startIfPossible(kind, cleaned, raw: line, number: number, into: &output)
      return
    }
    continueBlock(kind, cleaned, raw: line, number: number, into: &output)
  }

  /// Closes any open message (a live input's pause, once ``openMessageMayEnd``).
  mutating func finish(into output: inout [RawBlock]) {
    if let pending = pendingBrokenJoin {
      setBroken(pending.text, line: pending.line, column: pending.column)
      pendingBrokenJoin = nil
    }
    close(into: &output)
  }

  /// Closes any open message at the end of the input, whose last line had no line feed when
  /// `lastLineIsOpen`. A message whose list is not whole (still open, or its last line cut) is
  /// marked cut off (``RawBlock/endsCutOff``): it waits for more input. One whose list is whole
  /// is handed over to be analysed, marked as ending the input (``RawBlock/endsInput``). When
  /// the input ends after "Will attempt to recover…", which constraint UIKit broke is not known,
  /// and an issue says so; a broken constraint cut inside its text is kept as read (its address
  /// may still name a member of the list; its text is reported when it cannot be read).
  mutating func finishInput(into output: inout [RawBlock], lastLineIsOpen: Bool) {
    guard let open = block else { return }
    if !openMessageListIsWhole || (lastLineIsOpen && state == .list) {
      block?.endsCutOff = true
    } else {
      if state == .awaitingBroken, pendingBrokenJoin == nil {
        block?.addIssue(
          line: open.lastLine, column: 1,
          consecutiveForeignLines > 0
            ? Self.brokenConstraintMissing
            : "the input ends before this message's broken constraint: which constraint UIKit broke is not known"
        )
      }
      block?.endsInput = true
    }
    finish(into: &output)
  }

  /// Whether the open message's list is whole: closed or redacted (or never opened with `(`,
  /// which has nothing more to wait for).
  private var openMessageListIsWhole: Bool {
    guard let block else { return true }
    switch state {
    case .afterList, .awaitingBroken, .afterBroken, .idle: return true
    case .list: return !block.listOpened
    case .header: return false
    }
  }

  // MARK: - Starting

  private mutating func startIfPossible(
    _ kind: LineKind, _ cleaned: LineCleaner.Cleaned, raw: ArraySlice<UInt8>, number: Int,
    into output: inout [RawBlock]
  ) {
    let prefix = fixedPrefix ?? LogPrefix()
    switch kind {
    case .explanation:
      open(.explanationOnly, prefix: prefix, line: number, raw: raw)
      block?.addIssue(
        line: number, column: 1, "the message's first line is missing; it starts at 'Probably…'")
    case .descriptions, .listOpen:
      open(.listOnly, prefix: prefix, line: number, raw: raw)
      state = .list
      block?.listOpened = kind.isListOpen
      addDescriptions(from: cleaned, number: number)
    case .recovery(let restStart):
      open(.recoveryOnly, prefix: prefix, line: number, raw: raw)
      block?.addIssue(
        line: number, column: 1,
        "the log starts after this message's constraint list (only the broken constraint)")
      startRecovery(cleaned, restStart: restStart, number: number)
    default:
      break
    }
  }

  private mutating func open(
    _ header: ConflictBlock.Header, prefix: LogPrefix, line: Int, raw: ArraySlice<UInt8>
  ) {
    block = RawBlock(file: file, line: line, prefix: prefix, header: header)
    block?.test = test
    block?.keepRaw(raw, number: line)
    state = .header
    consecutiveForeignLines = 0
  }

  // MARK: - Inside a message

  private mutating func continueBlock(
    _ kind: LineKind, _ cleaned: LineCleaner.Cleaned, raw: ArraySlice<UInt8>, number: Int,
    into output: inout [RawBlock]
  ) {
    // A bare list (no header) ends at its `)`: prose after it starts nothing, and the next `(`
    // (or a message's second line) opens a block of its own.
    if block?.header == .listOnly, state == .afterList {
      switch kind {
      case .other, .headerText, .elision, .quotedItem, .bareItem:
        close(into: &output)
        return
      case .listOpen, .explanation:
        close(into: &output)
        startIfPossible(kind, cleaned, raw: raw, number: number, into: &output)
        return
      default:
        break
      }
    }
    switch (state, kind) {
    case (_, .blank):
      block?.keepRaw(raw, number: number)
      return
    case (.afterBroken, .footer), (.afterList, .footer), (.header, .footer), (.list, .footer),
      (.awaitingBroken, .footer):
      block?.keepRaw(raw, number: number)
      if cleaned.content.firstRange(of: LineKind.appKitFooterPhrase, from: 0) != nil {
        block?.platformHint = .appkit
      }
      state = .afterBroken
      consecutiveForeignLines = 0
      // Nothing follows the footer's last line: hand the block over now, not when the next line
      // arrives, so that a live `log stream` pipe shows it at once.
      if LineKind.lastFooterPhrases.contains(where: { cleaned.content.firstRange(of: $0, from: 0) != nil }) {
        close(into: &output)
      }
      return
    case (.afterBroken, _):
      close(into: &output)
      startIfPossible(kind, cleaned, raw: raw, number: number, into: &output)
      return
    case (_, .recovery(let restStart)):
      block?.keepRaw(raw, number: number)
      if state == .list, !(block?.listClosed ?? true), block?.listOpened == true {
        block?.addIssue(line: number, column: 1, "the constraint list was not closed with ')'")
      }
      startRecovery(cleaned, restStart: restStart, number: number)
    case (.awaitingBroken, .descriptions), (.awaitingBroken, .listOpen):
      block?.keepRaw(raw, number: number)
      startBroken(cleaned, from: 0, number: number, raw: raw)
    case (.awaitingBroken, .redacted):
      block?.keepRaw(raw, number: number)
      block?.isRedacted = true
      state = .afterBroken
    case (.header, .explanation), (.header, .headerText), (.header, .elision):
      block?.keepRaw(raw, number: number)
    case (.header, .listOpen), (.afterList, .listOpen):
      block?.keepRaw(raw, number: number)
      block?.listOpened = true
      state = .list
      addDescriptions(from: cleaned, number: number)
    case (.header, .descriptions), (.list, .descriptions), (.list, .listOpen):
      block?.keepRaw(raw, number: number)
      state = .list
      addDescriptions(from: cleaned, number: number)
    case (.header, .redacted), (.list, .redacted):
      block?.keepRaw(raw, number: number)
      block?.isRedacted = true
      state = .afterList
    case (.list, .listClose), (.afterList, .listClose):
      block?.keepRaw(raw, number: number)
      block?.listClosed = true
      state = .afterList
    case (.list, .quotedItem), (.header, .quotedItem):
      block?.keepRaw(raw, number: number)
      state = .list
      addQuotedItem(cleaned, number: number)
    case (.list, .bareItem):
      block?.keepRaw(raw, number: number)
      addBareItem(cleaned, number: number)
    case (.awaitingBroken, .other)
    where cleaned.content.first == UInt8(ascii: "<") || block?.hasQuotedItems == true:
      // A broken constraint cut off before its class name (`<NS`), or a library's own text.
      block?.keepRaw(raw, number: number)
      setBroken(cleaned.content, line: number, column: cleaned.offset + 1)
      state = .afterBroken
    case (.list, .elision):
      block?.keepRaw(raw, number: number)
      block?.addIssue(
        line: number, column: cleaned.offset + 1, "part of the list was elided ('...') by whoever pasted it")
    case (.afterList, .descriptions):
      // A list that went on after a stray ')'.
      block?.keepRaw(raw, number: number)
      state = .list
      addDescriptions(from: cleaned, number: number)
    default:
      foreignLine(number: number, into: &output)
      return
    }
    // Unrelated lines followed by more of the message were interleaved inside it.
    block?.interleavedLineCount += consecutiveForeignLines
    consecutiveForeignLines = 0
  }

  private mutating func foreignLine(number: Int, into output: inout [RawBlock]) {
    consecutiveForeignLines += 1
    if consecutiveForeignLines >= Self.maxConsecutiveForeignLines {
      if state == .awaitingBroken, pendingBrokenJoin == nil, let open = block {
        block?.addIssue(line: open.lastLine, column: 1, Self.brokenConstraintMissing)
      }
      close(into: &output)
    }
  }

  /// Why the broken constraint is unknown when other text, not the input's end, follows
  /// "Will attempt to recover by breaking constraint".
  static let brokenConstraintMissing =
    "the message ends before its broken constraint (the text after 'Will attempt to recover by breaking "
    + "constraint' is not a constraint): which constraint UIKit broke is not known"

  /// Handles a header line that carries more of the message (a list, or everything at once).
  private mutating func consumeInline(
    _ rest: [UInt8], offset: Int, number: Int, into output: inout [RawBlock]
  ) {
    guard let recovery = LineKind.findRecovery(in: rest) else {
      addDescriptions(from: LineCleaner.Cleaned(content: rest, offset: offset), number: number)
      if rest.last == UInt8(ascii: ")") || rest.suffix(2) == [UInt8(ascii: ")"), UInt8(ascii: ".")] {
        if DescriptionFinder.hasDescription(rest) { block?.listClosed = true }
      }
      return
    }
    let listPart = Array(rest[..<recovery.start])
    addDescriptions(from: LineCleaner.Cleaned(content: listPart, offset: offset), number: number)
    block?.listClosed = listPart.contains(UInt8(ascii: ")"))
    startRecovery(
      LineCleaner.Cleaned(content: rest, offset: offset), restStart: recovery.restStart, number: number)
  }

  private mutating func addDescriptions(from cleaned: LineCleaner.Cleaned, number: Int) {
    for found in DescriptionFinder.find(in: cleaned.content) {
      let text = String(decoding: cleaned.content[found.range], as: UTF8.self)
      let column = cleaned.offset + found.range.lowerBound + 1
      block?.add(RawBlock.Description(text: text, line: number, column: column))
    }
  }

  private mutating func addQuotedItem(_ cleaned: LineCleaner.Cleaned, number: Int) {
    var content = cleaned.content
    if content.last == UInt8(ascii: ",") { content.removeLast() }
    let text = String(decoding: content.dropFirst().dropLast(), as: UTF8.self)
    block?.hasQuotedItems = true
    block?.add(RawBlock.Description(text: text, line: number, column: cleaned.offset + 2))
  }

  /// A description that lost its `"<` and `>"`, read with them put back.
  private mutating func addBareItem(_ cleaned: LineCleaner.Cleaned, number: Int) {
    var content = cleaned.content[...]
    while let last = content.last, last.isBlank || last == UInt8(ascii: ",") { content = content.dropLast() }
    let text = "<" + String(decoding: content, as: UTF8.self) + ">"
    block?.add(RawBlock.Description(text: text, line: number, column: cleaned.offset + 1))
  }

  // MARK: - Will attempt to recover

  private mutating func startRecovery(_ cleaned: LineCleaner.Cleaned, restStart: Int, number: Int) {
    block?.recoverySeen = true
    state = .awaitingBroken
    if DescriptionFinder.nextStart(in: cleaned.content, from: restStart) != nil {
      startBroken(cleaned, from: restStart, number: number, raw: nil)
    } else if Array(cleaned.content[restStart...]).firstRange(of: LineKind.redactedMarker, from: 0) != nil {
      block?.isRedacted = true
      state = .afterBroken
    }
  }

  private mutating func startBroken(
    _ cleaned: LineCleaner.Cleaned, from: Int, number: Int, raw: ArraySlice<UInt8>?
  ) {
    guard let found = DescriptionFinder.find(in: cleaned.content, from: from).first else { return }
    let column = cleaned.offset + found.range.lowerBound + 1
    var text = Array(cleaned.content[found.range])
    if found.isComplete, text.last == UInt8(ascii: ">") {
      setBroken(text, line: number, column: column)
      state = .afterBroken
    } else {
      while let last = text.last, last == UInt8(ascii: ".") { text.removeLast() }
      var endsWithBlank = false
      if let raw, let last = raw.last(where: { $0 != 13 }) { endsWithBlank = last.isBlank }
      pendingBrokenJoin = (text, number, column, endsWithBlank)
    }
  }

  /// Joins a broken constraint that was hard-wrapped onto the next line.
  private mutating func finishBrokenJoin(
    _ cleaned: LineCleaner.Cleaned, raw: ArraySlice<UInt8>, number: Int
  ) -> Bool {
    guard let pending = pendingBrokenJoin else { return false }
    pendingBrokenJoin = nil
    let kind = LineKind.classify(cleaned.content)
    if case .other = kind, !cleaned.content.isEmpty {
      var joined = pending.text
      if pending.joinWithSpace { joined.append(.space) }
      let close = cleaned.content.lastIndex(of: UInt8(ascii: ">"))
      joined += close.map { cleaned.content[...$0] } ?? cleaned.content[...]
      block?.keepRaw(raw, number: number)
      block?.addIssue(
        line: pending.line, column: pending.column,
        "the broken constraint is hard-wrapped over lines \(pending.line) and \(number); joined")
      setBroken(joined, line: pending.line, column: pending.column)
      state = .afterBroken
      return true
    }
    setBroken(pending.text, line: pending.line, column: pending.column)
    state = .afterBroken
    return false
  }

  /// Records the broken constraint; a cut-off one is reported when it fails to parse.
  private mutating func setBroken(_ text: [UInt8], line: Int, column: Int) {
    block?.broken = RawBlock.Description(
      text: String(decoding: text, as: UTF8.self), line: line, column: column)
  }

  // MARK: - Closing

  private mutating func close(into output: inout [RawBlock]) {
    guard let finished = block else { return }
    block = nil
    state = .idle
    consecutiveForeignLines = 0
    output.append(finished)
  }
}
