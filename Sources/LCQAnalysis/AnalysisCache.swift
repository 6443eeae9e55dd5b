import LCQParsing

/// What the store keeps of a block's analysis: enough to group and count it.
public struct AnalysisSummary: Sendable, Hashable {
  /// The verdict.
  public var verdict: Verdict
  /// The minimal set (list indices), empty when there is none.
  public var minimalSet: [Int]
  /// The fingerprint, `nil` when no constraint was read.
  public var fingerprint: String?
  /// The title, `nil` when no constraint was read.
  public var title: String?
  /// Whether UIKit's broken constraint is in the minimal set (`nil` when unknown).
  public var brokenInMinimalSet: Bool?
  /// The conflict in plain English: the explanation, then each member of the minimal set as
  /// `[n] sentence` on its own line (`nil` when there is no minimal set).
  public var explanation: String?
  /// The best proven fix (`nil` when none was proven).
  public var bestFix: String?
  /// What the verdict depends on that the log does not state (empty when nothing).
  public var missing: [MissingQuantity] = []

  /// The descriptions the fingerprint and title describe: the minimal set's, else the whole
  /// list's (as ``BlockAnalysis/describedIndices``).
  public func describedConstraints(of block: ConflictBlock) -> [String] {
    let indices = minimalSet.isEmpty ? Array(block.constraints.indices) : minimalSet
    return indices.map { block.constraints[$0].description }
  }

  /// The summary of an analysis.
  public init(_ analysis: BlockAnalysis) {
    verdict = analysis.verdict
    minimalSet = analysis.minimalSet
    fingerprint = analysis.fingerprint
    title = analysis.title
    missing = analysis.replay?.missing ?? []
    brokenInMinimalSet = analysis.replay?.brokenConstraint.flatMap { $0.index == nil ? nil : $0.inMinimalSet }
    if let diagnosis = analysis.diagnosis, let sentence = diagnosis.explanation {
      let members = analysis.minimalSet.sorted().map { "[\($0 + 1)] " + (diagnosis.sentences[$0] ?? "?") }
      explanation = ([sentence] + members).joined(separator: "\n")
      bestFix = diagnosis.bestFix?.text ?? diagnosis.noFixReason.map { "No proven fix: \($0)." }
    }
  }
}

/// Remembers analyses by the block's constraint list with its addresses renumbered, so the same
/// conflict logged again (by another cell, at other addresses, at another time) is not replayed
/// again. Everything a summary holds depends only on that key: list indices, verdicts and
/// fingerprints do not depend on which addresses objects had.
///
/// Memory is bounded: when full, the cache starts over.
public struct AnalysisCache: Sendable {
  private var entries: [String: AnalysisSummary] = [:]
  /// Most entries kept.
  public let capacity: Int
  /// Lookups answered from the cache.
  public private(set) var hits = 0
  /// Lookups that ran the analysis.
  public private(set) var misses = 0

  /// Creates a cache holding up to `capacity` analyses.
  public init(capacity: Int = 4096) {
    self.capacity = capacity
  }

  /// The summary of `block`, from the cache or from `analyze`.
  public mutating func summary(of block: ConflictBlock, analyze: (ConflictBlock) -> BlockAnalysis)
    -> AnalysisSummary
  {
    let key = Self.key(of: block)
    if let known = entries[key] {
      hits += 1
      return known
    }
    misses += 1
    let summary = AnalysisSummary(analyze(block))
    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    entries[key] = summary
    return summary
  }

  /// The list (and the broken constraint) with every `0x…` address replaced by its order of first
  /// appearance.
  static func key(of block: ConflictBlock) -> String {
    var numbers: [ArraySlice<UInt8>: Int] = [:]
    var key: [UInt8] = []
    key.reserveCapacity(block.constraints.reduce(0) { $0 + $1.description.utf8.count + 1 })
    func append(_ description: String) {
      let bytes = Array(description.utf8)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "x") else {
          key.append(byte)
          index += 1
          continue
        }
        var end = index + 2
        while end < bytes.count, bytes[end].isHexDigitByte { end += 1 }
        let address = bytes[index..<end]
        let number = numbers[address] ?? numbers.count
        numbers[address] = number
        key.append(UInt8(ascii: "@"))
        key.append(contentsOf: String(number).utf8)
        index = end
      }
      key.append(10)
    }
    for constraint in block.constraints { append(constraint.description) }
    append(block.brokenConstraint?.description ?? "")
    if block.isRedacted { key.append(contentsOf: "redacted".utf8) }
    return String(decoding: key, as: UTF8.self)
  }
}

extension UInt8 {
  fileprivate var isHexDigitByte: Bool {
    (self >= 48 && self <= 57) || (self >= 97 && self <= 102) || (self >= 65 && self <= 70)
  }
}
