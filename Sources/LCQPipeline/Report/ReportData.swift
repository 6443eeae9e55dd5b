import LCQAnalysis
import LCQParsing
import LCQStore

/// What `lcq report` reads before rendering: every dashboard panel run over one scope and, when
/// the report shows pictures, a fresh analysis of each top conflict's latest raw block.
public struct ReportData: Sendable {
  /// The window and app covered.
  public var scope: ReportScope
  /// Each dashboard panel's rows, by panel name (`volume`, `top_by_occurrences`, …).
  public var panels: [String: PanelRows]
  /// The analysis of each top conflict's latest raw block, by fingerprint (empty unless asked).
  public var analyses: [String: BlockAnalysis]

  /// Report data of panels already run (`analyses` by fingerprint).
  public init(scope: ReportScope, panels: [String: PanelRows], analyses: [String: BlockAnalysis]) {
    self.scope = scope
    self.panels = panels
    self.analyses = analyses
  }

  /// Runs every dashboard panel over `scope` on every core; with `analysing`, analyses the
  /// latest block of each conflict in the top conflicts (`top_by_damage`, as the report lists them).
  public static func load(from store: any ConflictStore, scope: ReportScope, analysing: Bool)
    throws(StoreError)
    -> ReportData
  {
    let names = Panels.all.map { $0.name }
    let panels = try Concurrently.map(names) { name throws(StoreError) in try store.panel(name, scope) }
    var data = ReportData(
      scope: scope, panels: Dictionary(uniqueKeysWithValues: zip(names, panels)), analyses: [:])
    guard analysing, let top = data.panels[Panels.TopByDamage.name] else { return data }
    let fingerprints = top.typed(Panels.TopByDamage.self).compactMap(\.fingerprint.text)
    let analyzer = BlockAnalyzer()
    // Each sample read and analysed on a core of its own (the reads are statements of their own).
    let analysed = try Concurrently.map(fingerprints) { fingerprint throws(StoreError) in
      let sample = try store.sampleBlocks(of: [fingerprint])[fingerprint]
      return (
        fingerprint,
        sample.flatMap { ConflictScanner.blocks(in: $0.text, file: $0.source).first.map(analyzer.analyze) }
      )
    }
    for case (let fingerprint, let analysis?) in analysed { data.analyses[fingerprint] = analysis }
    return data
  }
}
