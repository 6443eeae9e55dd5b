#if Collector
  import Foundation
  import SwiftProtobuf

  /// A log record as lcq reads it from an OTLP logs request: its time, its body as text and the
  /// attributes lcq reads (its resource's with its own on top).
  struct ReceivedRecord: Sendable, Hashable {
    /// When the event happened (nanoseconds since 1970), else when it was observed, else 0.
    var timeUnixNano: UInt64
    /// The body, when it is text (console text: one message, or lines of one).
    var body: String?
    /// The resource's attributes lcq reads, then the record's own (which win).
    var fields: ConventionFields

    /// The app, for the log prefix lcq writes.
    var app: String? { fields.app }
    /// The process id, for the log prefix lcq writes.
    var pid: Int? { fields.pid }
  }

  /// How an OTLP/HTTP logs request is encoded.
  enum OTLPEncoding: Sendable {
    /// `application/x-protobuf`.
    case protobuf
    /// `application/json`: the protocol's JSON mapping.
    case json

    /// The encoding a `Content-Type` names; `nil` for one OTLP/HTTP does not use.
    init?(contentType: String?) {
      let type = (contentType ?? "").split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      switch type {
      case "application/x-protobuf", "application/protobuf": self = .protobuf
      case "application/json": self = .json
      default: return nil
      }
    }

    /// The `Content-Type` of an answer in this encoding.
    var contentType: String {
      switch self {
      case .protobuf: "application/x-protobuf"
      case .json: "application/json"
      }
    }
  }

  /// Reading and answering OTLP/HTTP logs requests (`POST /v1/logs`).
  enum OTLPLogs {
    /// Why a request could not be read.
    struct Malformed: Error, CustomStringConvertible {
      let description: String
    }

    /// Why a request was not read: it is not OTLP, or it is over a limit.
    enum Refusal: Error {
      case malformed(Malformed)
      case tooLarge(LimitExceeded)
    }

    /// Every record of `body`, in the order sent, each with its resource's attributes. Its
    /// shape is checked against `limits` before it is decoded (``OTLPShape``).
    static func records(of body: [UInt8], encoding: OTLPEncoding, limits: RequestLimits) throws(Refusal)
      -> [ReceivedRecord]
    {
      let request: Opentelemetry_Proto_Collector_Logs_V1_ExportLogsServiceRequest
      do {
        switch encoding {
        case .protobuf:
          try OTLPShape.check(protobuf: body, limits: limits)
          request = try .init(serializedBytes: body)
        case .json:
          try OTLPShape.check(json: body, limits: limits)
          var options = JSONDecodingOptions()
          options.ignoreUnknownFields = true
          request = try .init(jsonUTF8Bytes: body, options: options)
        }
      } catch let over as LimitExceeded {
        throw .tooLarge(over)
      } catch {
        throw .malformed(Malformed(description: "not an OTLP logs request (\(error))"))
      }
      var records: [ReceivedRecord] = []
      do throws(LimitExceeded) {
        for resourceLogs in request.resourceLogs {
          let resource = try fields(resourceLogs.resource.attributes, of: "a resource", limits: limits)
          for scopeLogs in resourceLogs.scopeLogs {
            for record in scopeLogs.logRecords {
              guard records.count < limits.records else {
                throw LimitExceeded(limit: "records", allowed: limits.records, place: "the request")
              }
              let time = record.timeUnixNano != 0 ? record.timeUnixNano : record.observedTimeUnixNano
              let own = try fields(record.attributes, of: "a record", limits: limits)
              records.append(
                ReceivedRecord(
                  timeUnixNano: time, body: text(record.body), fields: resource.overlaid(with: own)))
            }
          }
        }
      } catch {
        throw .tooLarge(error)
      }
      return records
    }

    /// The answer to a request whose records were all taken: empty, or with `warnings` as the
    /// partial success's message and 0 records rejected (the protocol's form for warnings).
    static func answer(warnings: [String], encoding: OTLPEncoding) -> [UInt8] {
      var response = Opentelemetry_Proto_Collector_Logs_V1_ExportLogsServiceResponse()
      if !warnings.isEmpty {
        response.partialSuccess.rejectedLogRecords = 0
        response.partialSuccess.errorMessage = warnings.joined(separator: "; ")
      }
      switch encoding {
      case .protobuf: return (try? response.serializedBytes()) ?? []
      case .json: return (try? response.jsonUTF8Bytes()) ?? Array("{}".utf8)
      }
    }

    /// The attributes lcq reads, as text: strings as they are, numbers and truth values
    /// printed; lists, maps and bytes are left out (no convention lcq reads uses them), and so
    /// is every other key. More than `limits` allows on one `place` is refused (the JSON form
    /// is counted here; the protobuf form was counted before it was decoded).
    private static func fields(
      _ pairs: [Opentelemetry_Proto_Common_V1_KeyValue], of place: String, limits: RequestLimits
    ) throws(LimitExceeded) -> ConventionFields {
      guard pairs.count <= limits.attributes else {
        throw LimitExceeded(limit: "attributes", allowed: limits.attributes, place: place)
      }
      var read = ConventionFields()
      for pair in pairs {
        guard let value = scalarText(pair.value) else { continue }
        guard pair.key.utf8.count + value.utf8.count <= limits.attributeBytes else {
          throw LimitExceeded(limit: "attribute-bytes", allowed: limits.attributeBytes, place: place)
        }
        read.take(pair.key, value)
      }
      return read
    }

    private static func scalarText(_ value: Opentelemetry_Proto_Common_V1_AnyValue) -> String? {
      switch value.value {
      case .stringValue(let text): text
      case .intValue(let number): String(number)
      case .boolValue(let truth): String(truth)
      case .doubleValue(let number): String(number)
      default: nil
      }
    }

    /// A body's text: a string as it is, bytes read as UTF-8 (with U+FFFD for what is not).
    private static func text(_ body: Opentelemetry_Proto_Common_V1_AnyValue) -> String? {
      switch body.value {
      case .stringValue(let text): text
      case .bytesValue(let bytes): String(decoding: bytes, as: UTF8.self)
      default: nil
      }
    }
  }
#endif
