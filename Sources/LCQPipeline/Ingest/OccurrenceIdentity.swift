import LCQAnalysis
import LCQStore

/// What makes two blocks the same event, so that ingesting a log twice does not count it twice.
///
/// The identity is a SHA-256 of:
/// - the block's raw text (which holds its log prefix: timestamp, process and pid, when the log
///   prints them);
/// - the run's ``Scope``: the app and build given for it, and its run key (`--run-id`), each when
///   given. An occurrence belongs to the build and run that logged it: the same text ingested
///   under another build, app or run key is that one's event too, while one run's log read again
///   (or overlapping `log show` windows of it) is counted once;
/// - the block's repeat number: how many blocks with the same text (and scope) came before it
///   in this ingest, so that a log repeating one message keeps every repeat.
///
/// The file name is not part of it: the same log read from a file or from standard input is the
/// same log.
public struct OccurrenceIdentity: Sendable {
  /// Repeat counts by the first 128 bits of the content hash: 24 bytes an entry where the hex
  /// text took about 150, so a long live ingest's memory stays flat (a 30-minute soak of 72,001
  /// messages grew 11.6 MB with text keys).
  private var repeats: [DigestPrefix: Int] = [:]
  /// Distinct texts remembered for repeat numbers; past it, the count starts over (at the same
  /// place each time the same input is read, so identities stay stable).
  static let memory = 500_000

  /// Creates the numbering for one run.
  public init() {}

  /// The identity of the next block, from its ``contentHash(rawText:hasTimestamp:runKey:)``.
  public mutating func next(contentHash: String) -> String {
    let key = DigestPrefix(hex: contentHash)
    if repeats.count >= Self.memory, repeats[key] == nil { repeats.removeAll() }
    let number = repeats[key, default: 0]
    repeats[key] = number + 1
    return number == 0 ? contentHash : SHA256.hex(contentHash + "#\(number)")
  }

  /// The first 128 bits of a hex digest (two colliding by chance among 500,000 has odds near
  /// 10⁻²⁷); text that is not hex is hashed instead.
  struct DigestPrefix: Hashable {
    let high: UInt64
    let low: UInt64

    init(hex: String) {
      let utf8 = hex.utf8
      if utf8.count >= 32, let high = UInt64(hex.prefix(16), radix: 16),
        let low = UInt64(hex.dropFirst(16).prefix(16), radix: 16)
      {
        (self.high, self.low) = (high, low)
      } else {
        var hasher = Hasher()
        hasher.combine(hex)
        (high, low) = (UInt64(bitPattern: Int64(hasher.finalize())), UInt64(utf8.count))
      }
    }
  }

  /// The hash of a block's text and scope: its identity when it is the first of its kind in
  /// the run. A pure function, so it can be worked out on any thread.
  public static func contentHash(rawText: String, hasTimestamp: Bool, scope: Scope) -> String {
    SHA256.hex(joining: [scope.prefix(hasTimestamp: hasTimestamp), "\u{1F}", rawText])
  }

  /// What a run says of whose events its blocks are: the app, build and run key given for it.
  public struct Scope: Sendable, Hashable {
    /// The app given for the run (`--app`), not the one read from the log.
    public var app: String?
    /// The build given for the run (`--build`).
    public var build: String?
    /// The run key (`--run-id`).
    public var runKey: String?

    /// A scope of the given parts; with none, blocks are the same events wherever ingested.
    public init(app: String? = nil, build: String? = nil, runKey: String? = nil) {
      (self.app, self.build, self.runKey) = (app, build, runKey)
    }

    /// The scope of a run described by `metadata`.
    public init(_ metadata: RunMetadata) {
      self.init(app: metadata.app, build: metadata.build, runKey: metadata.runKey)
    }

    /// The text hashed before a block's own. A run with no app, build or run key hashes what
    /// lcq hashed before runs had scopes (`log-time`, or `run:` and the run key for a block
    /// without a timestamp), so such logs ingested again after an upgrade are still known. Each part
    /// given is written with its length, so no two scopes write the same text.
    func prefix(hasTimestamp: Bool) -> String {
      var text = hasTimestamp ? "log-time" : "run:" + (runKey ?? "")
      let parts: [(String, String?)] = [("app", app), ("build", build), ("run", hasTimestamp ? runKey : nil)]
      for case (let name, let value?) in parts {
        text += "\u{1F}\(name)=\(value.utf8.count):\(value)"
      }
      return text
    }
  }
}
