import LCQParsing

/// libFuzzer entry point: the scanner and the constraint parser on raw bytes.
///
/// The input is fed in two chunks split at a position taken from its first byte, so chunk
/// boundaries fall anywhere: inside a line, a UTF-8 sequence, a JSON string or a frame.
/// Every block is checked for the invariants the rest of lcq relies on.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanner(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  let split = count == 0 ? 0 : Int(bytes[0]) * count / 256
  var scanner = ConflictScanner(file: "fuzz")
  var blocks = 0
  let check: (ConflictBlock) -> Void = { block in
    blocks += 1
    precondition(block.source.line >= 1, "a block starts on line 1 or later")
    precondition(block.lastLine >= block.source.line, "a block ends after it starts")
    for logged in block.constraints {
      precondition(logged.isParsed != (logged.issue != nil), "a description is parsed or has an issue")
      precondition(logged.line >= block.source.line && logged.column >= 1, "positions are in the block")
    }
  }
  scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<split]), onBlock: check)
  scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[split...]), onBlock: check)
  let summary = scanner.finish(onBlock: check)
  precondition(summary.blocks == blocks, "the summary counts every block delivered")
  precondition(summary.bytes == count, "the summary counts every byte")
  return 0
}
