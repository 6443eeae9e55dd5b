#if Collector
  import CZlib

  /// Inflates a gzip body (`Content-Encoding: gzip`), refusing to grow it past a limit: a small
  /// request can inflate to gigabytes, and the limit is what the server promised to read.
  enum Gzip {
    /// Why a body could not be inflated.
    enum Failure: Error, Equatable {
      /// It inflates to more than the limit.
      case tooLarge
      /// It is not gzip, or it is cut short, or bytes that are not gzip follow it.
      case malformed
      /// The server holds as many bytes as it may (``RequestBudget``).
      case busy
    }

    /// The bytes `compressed` inflates to, at most `limit` of them, each stretch taken from
    /// `holding` first. Members follow one another, as `gzip -d` reads them (security review
    /// 3, B6: the second was dropped with a 200); anything else after a member is refused.
    static func inflate(_ compressed: [UInt8], limit: Int, holding: (Int) -> Bool = { _ in true })
      throws(Failure)
      -> [UInt8]
    {
      var stream = z_stream()
      // 15 window bits, plus 16: a gzip header and trailer, not zlib's.
      guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw .malformed
      }
      defer { inflateEnd(&stream) }
      var output: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      var input = compressed
      let count = input.count
      var failure: Failure?
      input.withUnsafeMutableBufferPointer { source in
        stream.next_in = source.baseAddress
        stream.avail_in = UInt32(count)
        while true {
          var result: Int32 = Z_OK
          let produced = chunk.withUnsafeMutableBufferPointer { target -> Int in
            stream.next_out = target.baseAddress
            stream.avail_out = UInt32(target.count)
            result = CZlib.inflate(&stream, Z_NO_FLUSH)
            return target.count - Int(stream.avail_out)
          }
          guard result == Z_OK || result == Z_STREAM_END else {
            failure = .malformed
            return
          }
          if produced > limit - output.count {
            failure = .tooLarge
            return
          }
          guard holding(produced) else {
            failure = .busy
            return
          }
          output.append(contentsOf: chunk[0..<produced])
          if result == Z_STREAM_END {
            // The end of one member: another may follow, read as a stream of its own.
            guard stream.avail_in > 0 else { return }
            guard inflateReset(&stream) == Z_OK else {
              failure = .malformed
              return
            }
            continue
          }
          // Input used up without the stream's end: the body is cut short.
          if stream.avail_in == 0, produced == 0 {
            failure = .malformed
            return
          }
        }
      }
      if let failure { throw failure }
      return output
    }
  }
#endif
