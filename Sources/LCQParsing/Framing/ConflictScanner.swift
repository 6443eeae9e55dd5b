/// Finds every conflict message in a stream of log bytes and hands each over as a
/// ``ConflictBlock`` as soon as it is complete.
///
/// Feed it bytes in chunks of any size. Lines that cannot belong to a message are skipped with
/// a vectorised search and never become strings; memory stays flat however long the input.
/// Plain logs (every prefix style), `log stream --style ndjson` (one JSON object a line) and
/// `log show --style json` (one JSON array) are told apart by the input itself.
///
/// ```swift
/// var scanner = ConflictScanner(file: "device.log")
/// scanner.feed(chunk) { block in print(block.constraints.count) }
/// let summary = scanner.finish { block in … }
/// ```
public struct ConflictScanner {
  /// The input's name, used in sources and parse issues.
  public let file: String
  /// Lines longer than this are read only in part (their first `maxLineLength` bytes).
  public static let maxLineLength = 4 << 20

  private var summary = ScanSummary()
  private var framer: MessageFramer
  private let assembler: BlockAssembler
  private var pending: [UInt8] = []
  private var discardingOverlongLine = false
  private var lineNumber = 1
  private var mode = Mode.undecided
  private var jsonArray = JSONArraySplitter()
  private var rawBlocks: [RawBlock] = []
  /// A macOS 14 `Conflicting constraints detected` message, held until the next message shows
  /// whether AppKit printed it again (``RepeatedMessage``).
  private var held: ConflictBlock?
  /// A list-opening line that ended an input chunk the fast path skipped, with its number: the
  /// framer reads it first when the next line starts a bare list.
  private var heldOpening: (line: [UInt8], number: Int)?
  /// The tests running, as the markers read so far say (``TestMarker``).
  private var runningTests = RunningTests()
  /// The tests whose start markers were read, each once (``takeTestsStarted()``).
  private var testsStarted = TestsStarted()

  private enum Mode { case undecided, lines, jsonArray }

  /// The word every line of a conflict message's frame contains ("constraints", "Constraint:",
  /// "UIViewAlertForUnsatisfiableConstraints"…), used to skip all other lines.
  static let needle = Array("onstraint".utf8)

  /// The quoted keys that mark a line as a JSON event (``JSONLogEvent/messageKeys``).
  static let jsonMessageKeys = JSONLogEvent.messageKeys.map { Array("\"\($0)\"".utf8) }

  /// Creates a scanner for the input named `file`.
  ///
  /// With `parsesDescriptions: false` the blocks carry their descriptions as text only, for a
  /// caller that parses a block only when it needs to (see ``ConflictBlock/parsingDescriptions()``).
  public init(file: String, parsesDescriptions: Bool = true) {
    self.file = file
    framer = MessageFramer(file: file)
    assembler = BlockAssembler(parsesDescriptions: parsesDescriptions)
  }

  /// Scans more bytes; blocks completed by them are passed to `onBlock` in log order.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer, onBlock: (ConflictBlock) -> Void) {
    summary.bytes += bytes.count
    if mode == .undecided, pending.isEmpty, let decided = decideMode(bytes) {
      mode = decided
    }
    if mode == .undecided {
      pending.append(contentsOf: bytes)
      guard let decided = decideMode(pending) else { return }
      mode = decided
      let buffered = pending
      pending = []
      buffered.withUnsafeBytes { feedDecided($0, onBlock: onBlock) }
      return
    }
    feedDecided(bytes, onBlock: onBlock)
  }

  /// Scans more bytes from an array.
  public mutating func feed(_ bytes: [UInt8], onBlock: (ConflictBlock) -> Void) {
    bytes.withUnsafeBytes { feed($0, onBlock: onBlock) }
  }

  /// The tests whose start markers were read since the last call, each test once in the input
  /// (a name may come again after ``TestsStarted/remembered`` names): the tests the input ran,
  /// whether or not they logged a conflict.
  public mutating func takeTestsStarted() -> [String] { testsStarted.take() }

  /// Lines read so far (the last, unfinished line not counted).
  public var linesRead: Int { mode == .jsonArray ? jsonArray.lineNumber : lineNumber - 1 }

  /// Bytes read so far.
  public var bytesRead: Int { summary.bytes }

  /// Hands over a message that is still open, for a live input that has gone quiet: a writer
  /// prints a whole message at once, so a pause means it is complete. Does nothing inside a
  /// line or a JSON array, or while the message cannot have ended yet (its list open, its
  /// broken constraint cut): a pause there is a slow writer, not the message's end.
  public mutating func closeOpenMessage(onBlock: (ConflictBlock) -> Void) {
    guard mode == .lines, pending.isEmpty, !discardingOverlongLine else { return }
    if framer.openMessageMayEnd {
      framer.finish(into: &rawBlocks)
    } else if !framer.isIdle {
      return
    }
    deliver(onBlock, releasingHeld: true)
  }

  /// Ends the input: closes any open message and returns what the scan saw.
  ///
  /// A message the input ends inside is handed over marked: cut off when its list is not whole
  /// (``ConflictBlock/endsCutOff``), else as ending the input (``ConflictBlock/endsInput``). With
  /// `discardingOpenMessage` (the input was interrupted, so its end says nothing about the
  /// message), the open message and an unfinished last line are dropped instead, and
  /// ``ScanSummary/discardedMessageLine`` says where the message started.
  public mutating func finish(
    discardingOpenMessage: Bool = false, onBlock: (ConflictBlock) -> Void
  ) -> ScanSummary {
    if mode == .undecided {
      mode = decideMode(pending, atEnd: true) ?? .lines
      let buffered = pending
      pending = []
      buffered.withUnsafeBytes { feedDecided($0, onBlock: onBlock) }
    }
    if discardingOpenMessage, mode == .lines {
      pending = []
      discardingOverlongLine = false
      summary.discardedMessageLine = framer.discardOpenMessage()
    }
    switch mode {
    case .jsonArray:
      if jsonArray.hasOpenObject {
        summary.issues.append(
          ParseIssue(
            file: file, line: jsonArray.lineNumber, column: 1, reason: "the JSON array ends inside an object")
        )
      }
    default:
      let lastLineIsOpen = !pending.isEmpty || discardingOverlongLine
      if !pending.isEmpty {
        let line = pending
        pending = []
        handle(line[...], number: lineNumber)
      }
      framer.finishInput(into: &rawBlocks, lastLineIsOpen: lastLineIsOpen)
      summary.lines = lineNumber - 1 + (lastLineIsOpen ? 1 : 0)
    }
    deliver(onBlock, releasingHeld: true)
    return summary
  }

  // MARK: - Plain lines

  /// Hands the held list-opening line to the framer when it is the line just before `line`
  /// (number `number`) and `line` is a description, and forgets it either way.
  private mutating func handleHeldOpening(before line: ArraySlice<UInt8>, number: Int) {
    defer { heldOpening = nil }
    guard let held = heldOpening, held.number == number - 1, framer.isIdle, Self.isDescriptionLine(line)
    else { return }
    handle(held.line[...], number: held.number)
  }

  /// Whether `line` holds constraint descriptions (and no header): what a bare list starts with.
  private static func isDescriptionLine(_ line: ArraySlice<UInt8>) -> Bool {
    switch LineKind.classify(LineCleaner.clean(line).content) {
    case .descriptions, .bareItem: return true
    default: return false
    }
  }

  /// The start of the line just before `lineStart` when that line opens a list (a lone `(`,
  /// or lldb's `<__NSArrayM 0x…>(`, as ``LineKind`` reads it) and lies in `bytes` at or after
  /// `notBefore`; `nil` otherwise.
  private static func listOpeningLine(
    in bytes: UnsafeRawBufferPointer, before lineStart: Int, notBefore: Int
  ) -> Int? {
    guard lineStart - 1 > notBefore else { return nil }
    let end = lineStart - 1  // the line feed that ends the line before
    let start = ByteSearch.lastIndex(of: 10, in: bytes, from: notBefore, to: end).map { $0 + 1 } ?? notBefore
    guard end - start <= 256 else { return nil }  // an opening line is short
    let line = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    let kind = LineKind.classify(LineCleaner.clean(line[...]).content)
    return kind.isListOpen ? start : nil
  }

  private mutating func feedDecided(_ bytes: UnsafeRawBufferPointer, onBlock: (ConflictBlock) -> Void) {
    if mode == .jsonArray {
      var splitter = jsonArray
      var objects: [([UInt8], Int)] = []
      splitter.feed(bytes) { object, line in objects.append((object, line)) }
      jsonArray = splitter
      for (object, line) in objects { handleJSONObject(object, line: line) }
      summary.lines = jsonArray.lineNumber
      deliver(onBlock)
      return
    }
    var position = 0
    let count = bytes.count
    if discardingOverlongLine || !pending.isEmpty {
      guard let newline = ByteSearch.firstIndex(of: 10, in: bytes, from: 0, to: count) else {
        appendPending(bytes, from: 0, to: count)
        deliver(onBlock)
        return
      }
      appendPending(bytes, from: 0, to: newline)
      if !discardingOverlongLine {
        let line = pending
        handleHeldOpening(before: line[...], number: lineNumber)
        handle(line[...], number: lineNumber)
      }
      pending.removeAll(keepingCapacity: true)
      discardingOverlongLine = false
      lineNumber += 1
      position = newline + 1
    }
    guard let lastNewline = ByteSearch.lastIndex(of: 10, in: bytes, from: position, to: count) else {
      appendPending(bytes, from: position, to: count)
      deliver(onBlock)
      return
    }
    let limit = lastNewline + 1
    while position < limit {
      let lineStart: Int
      if framer.isIdle {
        var search = ByteSearch.findCountingNewlines(
          Self.needle, orLineStartingWith: TestMarker.firstBytes, in: bytes, from: position, to: limit)
        lineNumber += search.newlines
        if let hit = search.hit, search.atLineStart {
          // A line that may be a test marker: followed, then skipped unless it holds the needle
          // (then read as any line with the needle is; following a marker twice changes nothing).
          lineNumber += ByteSearch.countNewlines(in: bytes, from: search.scannedTo, to: hit)
          let lineEnd = ByteSearch.firstIndex(of: 10, in: bytes, from: hit, to: limit) ?? (limit - 1)
          let line = Array(UnsafeRawBufferPointer(rebasing: bytes[hit..<lineEnd]))
          if let marker = TestMarker.read(line[...]) { follow(marker) }
          guard let needle = line.firstRange(of: Self.needle, from: 0) else {
            lineNumber += 1
            position = lineEnd + 1
            continue
          }
          search = (hit + needle.lowerBound, false, hit, 0)
        }
        guard let hit = search.hit else {
          lineNumber += ByteSearch.countNewlines(in: bytes, from: search.scannedTo, to: limit)
          if let opening = Self.listOpeningLine(in: bytes, before: limit, notBefore: position) {
            heldOpening = (
              Array(UnsafeRawBufferPointer(rebasing: bytes[opening..<(limit - 1)])), lineNumber - 1
            )
          }
          position = limit
          break
        }
        var start =
          ByteSearch.lastIndex(of: 10, in: bytes, from: position, to: hit).map { $0 + 1 } ?? position
        // No line feed lies between start and the hit: only the part not yet counted is added.
        if start > search.scannedTo {
          lineNumber += ByteSearch.countNewlines(in: bytes, from: search.scannedTo, to: start)
        }
        // A bare list's opening line has no needle: read it too, so the list counts as opened.
        // The byte before `limit` is a line feed, so every search up to it finds one.
        let hitLineEnd = ByteSearch.firstIndex(of: 10, in: bytes, from: start, to: limit) ?? (limit - 1)
        let hitLine = UnsafeRawBufferPointer(rebasing: bytes[start..<hitLineEnd])
        if let opening = Self.listOpeningLine(in: bytes, before: start, notBefore: position),
          Self.isDescriptionLine(Array(hitLine)[...])
        {
          start = opening
          lineNumber -= 1
        } else {
          handleHeldOpening(before: Array(hitLine)[...], number: lineNumber)
        }
        heldOpening = nil
        lineStart = start
      } else {
        lineStart = position
      }
      let lineEnd = ByteSearch.firstIndex(of: 10, in: bytes, from: lineStart, to: limit) ?? (limit - 1)
      let line = Array(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
      handle(line[...], number: lineNumber)
      lineNumber += 1
      position = lineEnd + 1
      if rawBlocks.count > 16 { deliver(onBlock) }
    }
    appendPending(bytes, from: limit, to: count)
    deliver(onBlock)
  }

  /// Keeps the start of an unfinished line; past ``maxLineLength`` the line is read in part.
  private mutating func appendPending(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) {
    guard !discardingOverlongLine, to > from else { return }
    let room = Self.maxLineLength - pending.count
    if to - from <= room {
      pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[from..<to]))
      return
    }
    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[from..<(from + room)]))
    summary.overlongLines += 1
    if summary.overlongLines == 1 {
      summary.issues.append(
        ParseIssue(
          file: file, line: lineNumber, column: 1,
          reason:
            "line longer than \(Self.maxLineLength >> 20) MiB; only its first \(Self.maxLineLength >> 20) MiB were read"
        ))
    }
    let line = pending
    handle(line[...], number: lineNumber)
    pending.removeAll(keepingCapacity: false)
    discardingOverlongLine = true
  }

  private mutating func handle(_ line: ArraySlice<UInt8>, number: Int) {
    if let marker = TestMarker.read(line) { follow(marker) }
    if let first = line.firstIndex(where: { !$0.isBlank }), line[first] == UInt8(ascii: "{"),
      case let bytes = Array(line),
      Self.jsonMessageKeys.contains(where: { bytes.firstRange(of: $0, from: 0) != nil })
    {
      if handleJSONObject(Array(line[first...]), line: number) { return }
    }
    framer.consume(line, number: number, into: &rawBlocks)
  }

  /// Follows a test marker: the messages that start after it belong to the one test running.
  private mutating func follow(_ marker: TestMarker) {
    runningTests.follow(marker)
    testsStarted.follow(marker)
    framer.test = runningTests.current
  }

  // MARK: - JSON events

  /// Frames the message of one JSON event; returns `false` when the bytes are not an event.
  @discardableResult
  private mutating func handleJSONObject(_ object: [UInt8], line: Int) -> Bool {
    guard object.firstRange(of: Self.needle, from: 0) != nil else { return true }
    guard let event = JSONLogEvent.parse(object) else { return false }
    summary.jsonEvents += 1
    var eventFramer = MessageFramer(file: file, fixedPrefix: event.prefix)
    eventFramer.test = runningTests.current
    for messageLine in event.message.utf8.split(separator: 10, omittingEmptySubsequences: false) {
      eventFramer.consume(ArraySlice(messageLine), number: line, into: &rawBlocks)
    }
    eventFramer.finish(into: &rawBlocks)
    return true
  }

  // MARK: - Output

  /// Hands over the messages framed so far, one event once: a macOS 14 message is held until
  /// the next shows whether it repeats it (``RepeatedMessage``), and released at the end of
  /// the input or of a live input's burst (`releasingHeld`).
  private mutating func deliver(_ onBlock: (ConflictBlock) -> Void, releasingHeld: Bool = false) {
    if !rawBlocks.isEmpty {
      let ready = rawBlocks
      rawBlocks.removeAll(keepingCapacity: true)
      for raw in ready {
        let block = assembler.assemble(raw)
        if let first = held {
          held = nil
          if let merged = RepeatedMessage.merged(first, block) {
            onBlock(merged)
            continue
          }
          onBlock(first)
        }
        summary.blocks += 1
        if block.header == .conflictingConstraintsDetected { held = block } else { onBlock(block) }
      }
    }
    if releasingHeld, let first = held {
      held = nil
      onBlock(first)
    }
  }

  /// `log show --style json` starts with `[` and then `{`; anything else is read as lines.
  /// Only the first 4 KiB are looked at; input that is still undecided there is read as lines.
  private func decideMode(_ bytes: some Collection<UInt8>, atEnd: Bool = false) -> Mode? {
    let window = 4096
    let atEnd = atEnd || bytes.count >= window
    let bytes = Array(bytes.prefix(window))
    var index = 0
    while index < bytes.count, bytes[index].isBlank || bytes[index] == 10 || bytes[index] == 13 { index += 1 }
    guard index < bytes.count else { return atEnd ? .lines : nil }
    guard bytes[index] == UInt8(ascii: "[") else { return .lines }
    index += 1
    while index < bytes.count, bytes[index].isBlank || bytes[index] == 10 || bytes[index] == 13 { index += 1 }
    guard index < bytes.count else { return atEnd ? .lines : nil }
    return bytes[index] == UInt8(ascii: "{") ? .jsonArray : .lines
  }
}

/// What a scan saw, for the summary line and for health checks.
public struct ScanSummary: Sendable, Hashable {
  /// Bytes read.
  public var bytes = 0
  /// Lines read (a last line without a line feed counts).
  public var lines = 0
  /// Conflict blocks found.
  public var blocks = 0
  /// JSON events whose message mentioned constraints.
  public var jsonEvents = 0
  /// Lines longer than ``ConflictScanner/maxLineLength``.
  public var overlongLines = 0
  /// Problems with the input as a whole (not with one block).
  public var issues: [ParseIssue] = []
  /// The first line of the message dropped by an interrupted scan, if one was open.
  public var discardedMessageLine: Int?

  /// Creates an empty summary.
  public init() {}
}

extension ConflictScanner {
  /// Every block of a whole text (a stored block read again, a test's input).
  public static func blocks(in text: String, file: String) -> [ConflictBlock] {
    var scanner = ConflictScanner(file: file)
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(text.utf8)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    return blocks
  }
}
