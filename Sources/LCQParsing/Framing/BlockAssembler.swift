/// Parses the descriptions of a framed message and decides its platform: the last step from
/// text to a ``ConflictBlock``.
struct BlockAssembler {
  let parser = ConstraintParser()
  /// Whether descriptions are parsed now; when not, ``ConflictBlock/parsingDescriptions()``
  /// parses them later.
  var parsesDescriptions = true

  func assemble(_ raw: RawBlock) -> ConflictBlock {
    var issues = raw.issues
    let constraints = raw.descriptions.map { read($0, file: raw.file, issues: &issues) }
    let broken = raw.broken.map { read($0, file: raw.file, issues: &issues) }
    if raw.descriptions.isEmpty, raw.broken == nil, !raw.isRedacted {
      issues.append(
        ParseIssue(
          file: raw.file, line: raw.lastLine, column: 1,
          reason: "the message has no constraint list (cut off or elided)"))
    } else if listEndsOpen(raw) {
      issues.append(
        ParseIssue(
          file: raw.file, line: raw.lastLine, column: 1,
          reason: "the message ends before its list was closed (cut off?)"))
    }
    let source = BlockSource(
      file: raw.file, line: raw.firstLine, timestamp: raw.prefix.timestamp, process: raw.prefix.process,
      pid: raw.prefix.pid, test: raw.test)
    var block = ConflictBlock(
      source: source,
      platform: raw.platformHint ?? Self.platform(of: constraints + (broken.map { [$0] } ?? [])),
      header: raw.header, constraints: constraints, brokenConstraint: broken, isRedacted: raw.isRedacted,
      issues: ParseIssue.inReadingOrder(issues),
      rawText: String(decoding: raw.rawBytes, as: UTF8.self), interleavedLineCount: raw.interleavedLineCount,
      lastLine: raw.lastLine)
    block.endsCutOff = raw.endsCutOff
    block.endsInput = raw.endsInput
    block.startsMidList = raw.header == .listOnly && !raw.listOpened
    block.endsBeforeListCloses = !raw.descriptions.isEmpty && listEndsOpen(raw)
    if !parsesDescriptions {
      block.descriptionsParsed = false
      block.platformIsLogged = raw.platformHint != nil
    }
    return block
  }

  /// Whether the message ended before its list was closed and before any recovery line.
  private func listEndsOpen(_ raw: RawBlock) -> Bool {
    raw.header != .recoveryOnly && !raw.isRedacted && !raw.recoverySeen && !raw.listClosed
  }

  /// The description without its quotes, parsed (when ``parsesDescriptions``).
  private func read(_ description: RawBlock.Description, file: String, issues: inout [ParseIssue])
    -> LoggedConstraint
  {
    var text = description.text
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      text = String(text.dropFirst().dropLast())
    }
    let logged = LoggedConstraint(
      description: text, line: description.line, column: description.column, constraint: nil, issue: nil)
    return parsesDescriptions ? parse(logged, file: file, issues: &issues) : logged
  }

  /// `logged` with its typed constraint, or with the issue (also appended to `issues`).
  func parse(_ logged: LoggedConstraint, file: String, issues: inout [ParseIssue]) -> LoggedConstraint {
    var logged = logged
    switch parser.parse(logged.description) {
    case .success(let constraint):
      logged.constraint = constraint
    case .failure(let failure):
      let issue = ParseIssue(
        file: file, line: logged.line, column: logged.column + failure.column - 1,
        reason: "cannot read constraint: \(failure.reason)")
      issues.append(issue)
      logged.issue = issue
    }
    return logged
  }

  /// UIKit unless the items are AppKit views (`NS…` classes other than constraint classes).
  static func platform(of constraints: [LoggedConstraint]) -> ConflictBlock.Platform {
    var appKitItems = 0
    var uiKitItems = 0
    for logged in constraints {
      for item in logged.constraint?.items ?? [] {
        guard let name = item.moduleLessClassName else { continue }
        if name.hasPrefix("UI") || name.hasPrefix("_UI") { uiKitItems += 1 }
        if name.hasPrefix("NS") || name.hasPrefix("_NS") { appKitItems += 1 }
      }
    }
    return appKitItems > uiKitItems ? .appkit : .uikit
  }
}
