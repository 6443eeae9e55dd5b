import LCQAnalysis
import LCQParsing

/// libFuzzer entry point: the whole analysis (replay, minimal sets, certificate, witnesses,
/// diagnosis, fixes, fingerprint, picture layout) on a conflict block decoded from the input.
///
/// Every 8 bytes of input become one constraint description (see ``BlockDecoder``), so the
/// fuzzer reaches arbitrary constants, multipliers, priorities and relations, extreme numbers
/// and thousands of items while every description still parses. A verdict that claims a proof
/// must carry one that its own exact check accepts, and a witness per member that satisfies the
/// rest of the set.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = BlockDecoder.text(UnsafeRawBufferPointer(start: data, count: count))
  let analyzer = BlockAnalyzer()
  for block in ConflictScanner.blocks(in: text, file: "fuzz") {
    let analysis = analyzer.analyze(block)
    if analysis.verdict == .conflict || analysis.verdict == .withinPrecision {
      let replay = analysis.replay!
      precondition(!replay.minimalSet.isEmpty, "a conflict names its minimal set")
      precondition(replay.certificate?.isVerified == true, "a conflict carries a certificate that checks")
      precondition(replay.witnesses.count == replay.minimalSet.count, "one witness per member")
      precondition(replay.witnesses.allSatisfy(\.isVerified), "every witness satisfies the rest of the set")
    }
    _ = PictureLayout.of(analysis)
  }
  return 0
}
