import LCQAnalysis
import LCQParsing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A named input (`-` is standard input), opened for reading.
public enum InputFile {
  /// Opens `path` (standard input for `-`); the caller closes what is not standard input.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened or is a directory.
  static func open(_ path: String) throws(InputError) -> Int32 {
    if path == "-" { return STDIN_FILENO }
    #if canImport(Glibc)
      let descriptor = Glibc.open(path, O_RDONLY)
    #else
      let descriptor = Darwin.open(path, O_RDONLY)
    #endif
    guard descriptor >= 0 else { throw InputError.cannotOpen(path: path, code: errno) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw InputError.isDirectory(path: path)
    }
    return descriptor
  }

  /// Scans `path` to its end and hands each block's analysis (by `analyzer`) to `onAnalysis`,
  /// in input order, on the calling thread: what `lcq analyze` prints. With `jobs` above 1,
  /// blocks are analysed on that many threads while the input is read; the analyses and their
  /// order are the same.
  ///
  /// A live input (a pipe from `log stream`) that goes quiet for half a second hands over a
  /// message that may have ended, as `lcq ingest` does; every analysis so far is then handed
  /// over and `onQuiet` runs, so the caller can flush what it printed.
  ///
  /// A message whose list was seen before, exactly as logged, is not replayed again
  /// (``RepeatedLists``); `reusesRepeats: false` analyses every message afresh, with the same
  /// result.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened, or ``ReadError`` when reading fails.
  public static func analyze(
    _ path: String, with analyzer: BlockAnalyzer, jobs: Int = 1, reusesRepeats: Bool = true,
    onQuiet: () -> Void = {}, onAnalysis: (BlockAnalysis) -> Void
  ) throws -> ScanSummary {
    try analyze(
      path, with: analyzer, jobs: jobs, reusesRepeats: reusesRepeats, render: { _ in () }, onQuiet: onQuiet
    ) { analysis, _ in
      onAnalysis(analysis)
    }
  }

  /// As ``analyze(_:with:jobs:reusesRepeats:onQuiet:onAnalysis:)``, and each analysis is also
  /// given to `render` on the thread that made it (so that with `jobs` above 1 the output is
  /// written on every core too); `onAnalysis` gets both, in input order.
  public static func analyze<Rendered: Sendable>(
    _ path: String, with analyzer: BlockAnalyzer, jobs: Int = 1, reusesRepeats: Bool = true,
    render: @escaping @Sendable (BlockAnalysis) -> Rendered, onQuiet: () -> Void = {},
    onAnalysis: (BlockAnalysis, Rendered) -> Void
  ) throws -> ScanSummary {
    let repeats = reusesRepeats ? RepeatedLists() : nil
    return try analyze(
      path, jobs: jobs,
      work: { block in
        let block = block.parsingDescriptions()
        let analysis = repeats?.analysis(of: block, by: analyzer) ?? analyzer.analyze(block)
        return Analysed(analysis: analysis, rendered: render(analysis))
      }, onQuiet: onQuiet, onDone: { onAnalysis($0.analysis, $0.rendered) })
  }

  /// As ``analyze(_:with:jobs:reusesRepeats:render:onQuiet:onAnalysis:)`` for output that is
  /// only rendered (`lcq analyze --format json`): a list seen before at other addresses reuses
  /// that analysis too (``RepeatedLists/analysisAcrossAddresses(of:by:)``), and `render` gets
  /// the renaming its replay's and diagnosis's text need. Only what `render` made is handed on.
  ///
  /// With `templating`, what was rendered for a list is also kept as a template (``ListTemplates``),
  /// and a later message that logs the list at other addresses is written from it, without
  /// parsing its descriptions: the output is the same.
  public static func analyzeRendered<Rendered: Sendable, Template: Sendable>(
    _ path: String, with analyzer: BlockAnalyzer, jobs: Int = 1,
    render: @escaping @Sendable (BlockAnalysis, AddressRenaming?) -> Rendered,
    templating: Templating<Template, Rendered>?, onQuiet: () -> Void = {},
    onRendered: (Rendered) -> Void
  ) throws -> ScanSummary {
    let repeats = RepeatedLists(acrossAddresses: true)
    let templates = templating.map { _ in ListTemplates<Template>() }
    return try analyze(
      path, jobs: jobs,
      work: { block in
        var builder = ListKey.Builder()
        let key = templates.map { _ in builder.key(of: block) }
        if let templating, let templates, let key, let template = templates.template(under: key, for: block) {
          return templating.fill(template, block, builder.addresses)
        }
        let parsed = block.parsingDescriptions()
        guard let templating, let templates, let key else {
          let (analysis, renaming) = repeats.analysisAcrossAddresses(of: parsed, by: analyzer)
          return render(analysis, renaming)
        }
        // Ranked once, for the analysis cache and the templates both.
        let ranking = MemberRanking(of: parsed)
        let (analysis, renaming) = repeats.analysisAcrossAddresses(of: parsed, ranking: ranking, by: analyzer)
        switch templates.kept(under: key, for: parsed) {
        case nil where !templates.makesTemplatesAtFirstSight:
          // The first message of a list (or of one of its member orders) in a log whose lists
          // mostly come once: written the long way, since a template would cost more.
          templates.keepSeen(under: key, ranking: ranking, for: parsed)
        case nil, .seenOnce:
          // Written from the template made of it, so that the template costs little more than
          // writing it.
          let made = templating.make(analysis, renaming, builder.addresses)
          templates.keep(made, under: key, ranking: ranking, for: parsed)
          if let made { return templating.fill(made.template, block, builder.addresses) }
        case .made, .refused:
          break
        }
        return render(analysis, renaming)
      }, onQuiet: onQuiet, onDone: onRendered)
  }

  /// As ``analyzeRendered(_:with:jobs:render:templating:onQuiet:onRendered:)`` without templates.
  public static func analyzeRendered<Rendered: Sendable>(
    _ path: String, with analyzer: BlockAnalyzer, jobs: Int = 1,
    render: @escaping @Sendable (BlockAnalysis, AddressRenaming?) -> Rendered, onQuiet: () -> Void = {},
    onRendered: (Rendered) -> Void
  ) throws -> ScanSummary {
    try analyzeRendered(
      path, with: analyzer, jobs: jobs, render: render, templating: Templating<Never, Rendered>?.none,
      onQuiet: onQuiet, onRendered: onRendered)
  }

  /// Reads `path` to its end and gives each block, its descriptions not parsed, to `work` (on
  /// `jobs` threads when above 1), then what `work` made to `onDone`, in input order, on the
  /// calling thread.
  private static func analyze<Output: Sendable>(
    _ path: String, jobs: Int, work: @escaping @Sendable (ConflictBlock) -> Output, onQuiet: () -> Void,
    onDone: (Output) -> Void
  ) throws -> ScanSummary {
    let descriptor = try open(path)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    let pool = jobs > 1 ? OrderedWork<[Output]>(jobs: jobs) : nil
    func deliver(_ outputs: [Output]) { outputs.forEach(onDone) }
    // Descriptions are parsed by the thread that works on the block (on every core with `jobs`
    // above 1), not by the reading thread. Blocks go to the pool in batches, each handed over
    // when full and whenever the reader has scanned what it read, so a live input's message is
    // not held back: one wake-up of a thread per batch, not per block.
    var batch: [ConflictBlock] = []
    func submitBatch() {
      guard let pool, !batch.isEmpty else { return }
      let blocks = batch
      batch.removeAll(keepingCapacity: true)
      pool.submit({ blocks.map(work) }, deliver: deliver)
    }
    func hand(_ block: ConflictBlock) {
      guard pool != nil else { return onDone(work(block)) }
      batch.append(block)
      if batch.count >= Self.batchSize { submitBatch() }
    }
    // What was read before a failure is still worked on and handed over.
    defer {
      submitBatch()
      pool?.finish(deliver: deliver)
    }
    var scanner = ConflictScanner(file: path, parsesDescriptions: false)
    // The input is read on a thread of its own, ahead of the scan.
    let reader = ReadAhead(LiveReader(descriptor: descriptor, file: path))
    defer { reader.stop() }
    reading: while true {
      switch try reader.next() {
      case .data(let bytes, let buffer):
        scanner.feed(bytes) { hand($0) }
        reader.recycle(buffer)
        submitBatch()
      case .quiet:
        scanner.closeOpenMessage { hand($0) }
        submitBatch()
        pool?.finish(deliver: deliver)
        onQuiet()
      case .end, .interrupted:
        break reading
      }
    }
    return scanner.finish { hand($0) }
  }

  /// The most blocks handed to a thread at once.
  private static let batchSize = 16
}

/// A block's analysis and what was rendered of it.
private struct Analysed<Rendered: Sendable>: Sendable {
  var analysis: BlockAnalysis
  var rendered: Rendered
}

/// Why an input could not be read.
public enum InputError: Error, CustomStringConvertible {
  /// `open(2)` failed with `code`.
  case cannotOpen(path: String, code: Int32)
  /// The path names a directory.
  case isDirectory(path: String)

  /// The error as one line: the input, then what went wrong.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let code): "\(path): cannot open: \(String(cString: strerror(code)))"
    case .isDirectory(let path): "\(path): is a directory"
    }
  }
}
