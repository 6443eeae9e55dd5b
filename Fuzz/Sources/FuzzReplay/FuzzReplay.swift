import LCQAnalysis
import LCQParsing

/// libFuzzer entry point: the whole analysis (replay, minimal sets, certificate, witnesses,
/// diagnosis, fixes, fingerprint, picture layout) on a conflict block decoded from the input.
///
/// Every 8 bytes of input become one constraint description (see ``BlockDecoder``), so the
/// fuzzer reaches arbitrary constants, multipliers, priorities and relations, extreme numbers
/// and thousands of items while every description still parses. A verdict that claims a proof
/// must carry it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = BlockDecoder.text(UnsafeRawBufferPointer(start: data, count: count))
  let analyzer = BlockAnalyzer()
  for block in ConflictScanner.blocks(in: text, file: "fuzz") {
    let analysis = analyzer.analyze(block)
    if analysis.verdict == .conflict || analysis.verdict == .withinPrecision {
      let replay = analysis.replay!
      precondition(!replay.minimalSet.isEmpty, "a conflict names its minimal set")
      precondition(replay.certificate != nil, "a conflict carries its certificate")
      precondition(replay.witnesses.count == replay.minimalSet.count, "one witness per member")
    }
    _ = PictureLayout.of(analysis)
  }
  return 0
}
