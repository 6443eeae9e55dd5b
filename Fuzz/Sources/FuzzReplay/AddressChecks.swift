import LCQAnalysis
import LCQParsing
import LCQReporting

/// What `lcq analyze --format json` claims when it reuses an analysis for a list logged again
/// at other addresses: the analysis of the list at new addresses is the old one with its
/// addresses renamed (``AddressRenaming``), as long as every address stands in its place
/// (``ConflictBlock/keepsAddressesInPlace``) and the model takes the constraints in the same
/// order (``BlockAnalyzer/memberOrder(of:)``); and the JSON object it writes from the first
/// message's (``BlockJSONTemplate``) is the one a fresh analysis writes. Checked here against a
/// fresh analysis.
enum AddressChecks {
  /// `text` with every address `0x…` (lowercase digits, as the decoder writes them) replaced:
  /// the i-th distinct one by an address of another length, in another order.
  static func renamed(_ text: String) -> String {
    var numbers: [Substring: Int] = [:]
    var output = ""
    var rest = Substring(text)
    while let start = rest.range(of: "0x") {
      output += rest[..<start.lowerBound]
      let digits = rest[start.upperBound...].prefix { "0123456789abcdef".contains($0) }
      guard !digits.isEmpty else {
        output += "0x"
        rest = rest[start.upperBound...]
        continue
      }
      let number = numbers[digits] ?? numbers.count
      numbers[digits] = number
      // Odd numbers times a power of 16: distinct for distinct `number`, never zero.
      let value = (UInt64(4096 - number) * 16 + 1) << (4 * UInt64(number % 5))
      output += "0x" + String(value, radix: 16)
      rest = rest[digits.endIndex...]
    }
    return output + rest
  }

  /// Stops the run unless `renamed`'s fresh analysis is `analysis` with its addresses renamed,
  /// when the model orders both alike.
  static func check(_ analysis: BlockAnalysis, renamed other: ConflictBlock, by analyzer: BlockAnalyzer) {
    let block = analysis.block
    guard block.keepsAddressesInPlace,
      BlockAnalyzer.memberOrder(of: block) == BlockAnalyzer.memberOrder(of: other)
    else { return }
    var oldKeys = ListKey.Builder()
    var newKeys = ListKey.Builder()
    precondition(
      oldKeys.key(of: block) == newKeys.key(of: other), "renaming addresses changed the list's key")
    let renaming = AddressRenaming(from: oldKeys.addresses, to: newKeys.addresses)
    func rename(_ text: String?) -> String? { text.map { renaming?.apply($0) ?? $0 } }
    let fresh = analyzer.analyze(other)
    precondition(fresh.verdict == analysis.verdict, "other addresses changed the verdict")
    precondition(fresh.fingerprint == analysis.fingerprint, "other addresses changed the fingerprint")
    precondition(fresh.title == analysis.title, "other addresses changed the title")
    if let replay = analysis.replay, let freshReplay = fresh.replay {
      precondition(freshReplay.minimalSets == replay.minimalSets, "other addresses changed the minimal sets")
      precondition(freshReplay.singleFixes == replay.singleFixes, "other addresses changed the single fixes")
      precondition(freshReplay.note == rename(replay.note), "other addresses changed the note")
      let terms = replay.certificate?.terms ?? []
      let freshTerms = freshReplay.certificate?.terms ?? []
      precondition(
        freshTerms.map(\.row) == terms.map { rename($0.row)! }
          && freshTerms.map(\.inequality) == terms.map { rename($0.inequality)! }
          && freshTerms.map(\.multiplier) == terms.map(\.multiplier),
        "other addresses changed the certificate beyond its names")
      precondition(
        freshReplay.witnesses.count == replay.witnesses.count, "other addresses changed the witnesses")
      for (witness, freshWitness) in zip(replay.witnesses, freshReplay.witnesses) {
        let values = witness.values(renaming: renaming)
        let freshValues = freshWitness.values
        precondition(
          values.map(\.name) == freshValues.map(\.name) && values.map(\.value) == freshValues.map(\.value),
          "other addresses changed a witness beyond its names")
      }
    } else {
      precondition(
        analysis.replay == nil && fresh.replay == nil, "other addresses changed whether it replays")
    }
    if let template = BlockJSONTemplate(analysis, addresses: oldKeys.addresses) {
      var written = JSONWriter()
      template.write(for: other, addresses: newKeys.addresses, to: &written)
      var expected = JSONWriter()
      BlockJSON.write(fresh, codeOwnership: nil, to: &expected)
      precondition(
        written.bytes == expected.bytes, "the JSON written from a template is not a fresh analysis's")
    }
    if let diagnosis = analysis.diagnosis, let freshDiagnosis = fresh.diagnosis {
      precondition(
        freshDiagnosis.sentences.map { $0 } == diagnosis.sentences.map(rename)
          && freshDiagnosis.explanation == rename(diagnosis.explanation)
          && freshDiagnosis.suggestions.map(\.text) == diagnosis.suggestions.map { rename($0.text)! }
          && freshDiagnosis.noFixReason == rename(diagnosis.noFixReason),
        "other addresses changed the diagnosis beyond its names")
    }
  }
}
