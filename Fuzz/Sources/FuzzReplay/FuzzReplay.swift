import LCQAnalysis
import LCQParsing

/// libFuzzer entry point: the whole analysis (replay, minimal sets, certificate, witnesses,
/// diagnosis, fixes, fingerprint, picture layout) on a conflict block decoded from the input.
///
/// Every 8 bytes of input become one constraint description (see ``BlockDecoder``), so the
/// fuzzer reaches arbitrary constants, multipliers, priorities and relations, extreme numbers
/// and thousands of items while every description still parses. A verdict that claims a proof
/// must carry one that its own exact check accepts and that ``ClaimChecks`` accepts with its own
/// arithmetic, and a witness per member that satisfies the rest of the set; the same list in
/// reverse order must get the same verdict; and, for one input in four, the same list at other
/// addresses must get the same analysis with its addresses renamed (``AddressChecks``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  let text = BlockDecoder.text(bytes)
  let analyzer = BlockAnalyzer()
  let reversed = ConflictScanner.blocks(in: BlockDecoder.text(bytes, reversed: true), file: "fuzz")
  // One input in four (by its bytes, so a rerun checks the same) is also analysed at other
  // addresses, which costs a second analysis.
  let atOtherAddresses =
    bytes.reduce(0) { $0 &+ Int($1) } % 4 == 0
    ? ConflictScanner.blocks(in: AddressChecks.renamed(text), file: "fuzz") : []
  for (index, block) in ConflictScanner.blocks(in: text, file: "fuzz").enumerated() {
    let analysis = analyzer.analyze(block)
    if analysis.verdict == .conflict || analysis.verdict == .withinPrecision {
      let replay = analysis.replay!
      precondition(!replay.minimalSet.isEmpty, "a conflict names its minimal set")
      precondition(replay.certificate?.isVerified == true, "a conflict carries a certificate that checks")
      precondition(replay.witnesses.count == replay.minimalSet.count, "one witness per member")
      precondition(replay.witnesses.allSatisfy(\.isVerified), "every witness satisfies the rest of the set")
      ClaimChecks.check(replay)
    }
    if let replay = analysis.replay, index < reversed.count {
      // The replay's verdict alone: no enumeration or fix search for the reversed list.
      let other = BlockReplayer.replay(
        reversed[index], options: .init(enumeratesMinimalSets: false, findsSingleFixes: false))
      precondition(other.verdict == replay.verdict, "reversing the list changed the verdict")
    }
    if index < atOtherAddresses.count {
      AddressChecks.check(analysis, renamed: atOtherAddresses[index], by: analyzer)
    }
    _ = PictureLayout.of(analysis)
  }
  return 0
}
