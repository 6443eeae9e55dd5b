#if Collector
  /// What one request may hold, past which it is refused with 413 and a JSON reason
  /// (docs/serve.md, "Limits"): each bounds the memory and time a request can cost, whoever
  /// holds the token (security review 3, P4 to P6).
  public struct RequestLimits: Sendable, Hashable {
    /// Log records in one OTLP request. OpenTelemetry's SDKs send at most 512 a batch, and its
    /// Collector's batch processor 8,192 by default.
    public var records: Int
    /// Attributes on one resource, scope or record: OpenTelemetry's own default attribute
    /// count limit is 128.
    public var attributes: Int
    /// Bytes of one attribute as sent (its key and value together).
    public var attributeBytes: Int
    /// Distinct runs (``ConventionFields``) in one request: each is a run the server keeps open.
    public var runs: Int
    /// JSON objects in one OTLP/JSON request: the JSON form has no cheaper count of its records
    /// and attributes before it is decoded.
    public var jsonObjects: Int

    /// The limits `lcq serve` documents.
    public init(
      records: Int = 50_000, attributes: Int = 128, attributeBytes: Int = 8192, runs: Int = 32,
      jsonObjects: Int = 250_000
    ) {
      self.records = records
      self.attributes = attributes
      self.attributeBytes = attributeBytes
      self.runs = runs
      self.jsonObjects = jsonObjects
    }
  }

  /// A request refused by one of its ``RequestLimits``: what was over, and the limit.
  struct LimitExceeded: Error, Sendable, Hashable {
    /// What was over, as docs/serve.md names it: `records`, `attributes`, `attribute-bytes`,
    /// `runs`, `json-objects`.
    let limit: String
    /// The limit.
    let allowed: Int
    /// Where, for a person: `a record`, `the request`.
    let place: String

    /// The 413's body: one line of JSON.
    var json: String {
      #"{"error":"request too large","limit":"\#(limit)","allowed":\#(allowed),"#
        + #""reason":"\#(reason)"}"#
    }

    /// The sentence of ``json``.
    var reason: String {
      switch limit {
      case "records": "more than \(allowed) log records in \(place)"
      case "attributes": "more than \(allowed) attributes on \(place)"
      case "attribute-bytes": "an attribute of more than \(allowed) bytes on \(place)"
      case "runs": "more than \(allowed) runs (distinct run attributes) in \(place)"
      default: "more than \(allowed) JSON objects in \(place)"
      }
    }
  }
#endif
