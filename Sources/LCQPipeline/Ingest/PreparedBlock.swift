import LCQAnalysis
import LCQParsing
import LCQStore

/// A block with what can be worked out of it before it is analysed and stored: the key of its
/// list for the ``AnalysisCache``, the template its raw text is stored as, and the hash its
/// identity starts from. Pure work, so the thread that reads the input can do it while another
/// analyses and writes.
public struct PreparedBlock: Sendable {
  /// The block (its descriptions may still be unparsed).
  public var block: ConflictBlock
  /// The key of the block's list for the analysis cache.
  public let listKey: ListKey
  /// The raw text as a template and values.
  let template: BlockTemplate
  /// See ``OccurrenceIdentity/contentHash(rawText:hasTimestamp:scope:)``.
  let contentHash: String
  /// The rest of a message that began before the text read (in an earlier request to `lcq
  /// serve`): kept unanalysed and uncounted, as a message cut off at its end is.
  var beganBeforeText = false

  /// Prepares `block` for a run of `scope` (its app, build and `--run-id`), building its list
  /// key with `keys`.
  public init(_ block: ConflictBlock, scope: OccurrenceIdentity.Scope, keys: inout ListKey.Builder) {
    self.block = block
    listKey = keys.key(of: block)
    template = BlockTemplate(splitting: block.rawText)
    contentHash = OccurrenceIdentity.contentHash(
      rawText: block.rawText, hasTimestamp: block.source.timestamp != nil, scope: scope)
  }
}
