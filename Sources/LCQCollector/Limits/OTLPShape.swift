#if Collector
  import LCQParsing

  /// Counts what an OTLP logs request holds before it is decoded, so that a request over its
  /// ``RequestLimits`` costs one pass over its bytes and no memory (security review 3, P4, P5):
  /// a 16 MiB protobuf can hold two million records, or a million attributes, each an object
  /// once decoded.
  ///
  /// Only the shape is read (protobuf's wire format: a tag, then a value whose length the tag
  /// says); what cannot be read is left to the decoder, which refuses it with 400.
  enum OTLPShape {
    /// Refuses `body` when it holds more than `limits` allow.
    static func check(protobuf body: [UInt8], limits: RequestLimits) throws(LimitExceeded) {
      var counter = Counter(limits: limits)
      try body.withUnsafeBufferPointer { bytes throws(LimitExceeded) in
        var reader = WireReader(bytes: bytes, start: 0, end: bytes.count)
        // ExportLogsServiceRequest: 1 resource_logs.
        while let field = reader.field() {
          guard field.number == 1, let resourceLogs = field.message else { continue }
          try counter.resourceLogs(resourceLogs)
        }
      }
    }

    /// Refuses `body`, OTLP/JSON, when it holds more objects than `limits` allow: each
    /// record, attribute and value is one.
    static func check(json body: [UInt8], limits: RequestLimits) throws(LimitExceeded) {
      var objects = 0
      var strings = JSONStringTracker()
      for byte in body where strings.isStructure(byte) {
        if byte == UInt8(ascii: "{") {
          objects += 1
          if objects > limits.jsonObjects {
            throw LimitExceeded(limit: "json-objects", allowed: limits.jsonObjects, place: "the request")
          }
        }
      }
    }

    /// The counts so far, each checked as it grows.
    private struct Counter {
      let limits: RequestLimits
      var records = 0

      mutating func resourceLogs(_ message: WireReader) throws(LimitExceeded) {
        var message = message
        // ResourceLogs: 1 resource, 2 scope_logs.
        while let field = message.field() {
          guard let inner = field.message else { continue }
          switch field.number {
          case 1: try attributes(in: inner, field: 1, of: "a resource")
          case 2: try scopeLogs(inner)
          default: continue
          }
        }
      }

      mutating func scopeLogs(_ message: WireReader) throws(LimitExceeded) {
        var message = message
        // ScopeLogs: 1 scope (its attributes are field 3), 2 log_records (attributes: 6).
        while let field = message.field() {
          guard let inner = field.message else { continue }
          switch field.number {
          case 1: try attributes(in: inner, field: 3, of: "a scope")
          case 2:
            records += 1
            if records > limits.records {
              throw LimitExceeded(limit: "records", allowed: limits.records, place: "the request")
            }
            try attributes(in: inner, field: 6, of: "a record")
          default: continue
          }
        }
      }

      /// Counts the attributes (field `number`, each a KeyValue) of `message`.
      func attributes(in message: WireReader, field number: UInt64, of place: String) throws(LimitExceeded) {
        var message = message
        var count = 0
        while let field = message.field() {
          guard field.number == number, field.wireType == 2 else { continue }
          count += 1
          if count > limits.attributes {
            throw LimitExceeded(limit: "attributes", allowed: limits.attributes, place: place)
          }
          if field.length > limits.attributeBytes {
            throw LimitExceeded(limit: "attribute-bytes", allowed: limits.attributeBytes, place: place)
          }
        }
      }
    }
  }

  /// Reads protobuf fields from a stretch of bytes, without copying them.
  struct WireReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
      self.bytes = bytes
      position = start
      self.end = end
    }

    /// A field: its number, wire type, and for a length-delimited one where its value lies.
    struct Field {
      let number: UInt64
      let wireType: UInt64
      let start: Int
      let length: Int
      let bytes: UnsafeBufferPointer<UInt8>

      /// The value read as a message (wire type 2), else `nil`.
      var message: WireReader? {
        wireType == 2 ? WireReader(bytes: bytes, start: start, end: start + length) : nil
      }
    }

    /// The next field, or `nil` at the end or where the bytes are not protobuf (the decoder
    /// says what is wrong).
    mutating func field() -> Field? {
      guard position < end, let tag = varint() else { return nil }
      let number = tag >> 3
      let wireType = tag & 7
      switch wireType {
      case 0:
        guard varint() != nil else { return nil }
        return Field(number: number, wireType: 0, start: position, length: 0, bytes: bytes)
      case 1, 5:
        let size = wireType == 1 ? 8 : 4
        guard end - position >= size else { return nil }
        position += size
        return Field(number: number, wireType: wireType, start: position, length: 0, bytes: bytes)
      case 2:
        guard let length = varint(), length <= UInt64(end - position) else { return nil }
        let start = position
        position += Int(length)
        return Field(number: number, wireType: 2, start: start, length: Int(length), bytes: bytes)
      default:
        return nil
      }
    }

    private mutating func varint() -> UInt64? {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while position < end, shift < 64 {
        let byte = bytes[position]
        position += 1
        value |= UInt64(byte & 0x7f) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      return nil
    }
  }
#endif
