// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import NIOCore
  import PostgresNIO

  /// One column of many rows bound as a single PostgreSQL array (`bigint[]` or `text[]`, in the
  /// binary form, nulls allowed), for statements that turn columns back into rows with
  /// `unnest($1::bigint[], $2::text[], …)`: one short statement for a whole batch, where a
  /// multi-row `VALUES` list makes the server parse a placeholder per value.
  struct PostgresArrayParameter: PostgresThrowingDynamicTypeEncodable {
    /// What the array holds.
    enum Element {
      case bigint, text

      /// The element type's name, for the statement's cast.
      var sqlName: String {
        switch self {
        case .bigint: "bigint"
        case .text: "text"
        }
      }
    }

    /// A value that does not fit the array's element type.
    struct Mismatch: Error, CustomStringConvertible {
      let element: Element
      var description: String { "a value that is not \(element.sqlName) in a \(element.sqlName) column" }
    }

    let element: Element
    let values: [QueryValue]

    var psqlType: PostgresDataType { element == .bigint ? .int8Array : .textArray }
    var psqlFormat: PostgresFormat { .binary }

    /// The array's binary form: dimensions, a has-nulls flag, the element type, the length and
    /// lower bound of the one dimension, then each element's byte length (-1 for NULL) and bytes.
    func encode<JSONEncoder: PostgresJSONEncoder>(
      into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) throws {
      buffer.writeInteger(Int32(1))
      buffer.writeInteger(Int32(values.contains(.null) ? 1 : 0))
      buffer.writeInteger(Int32(bitPattern: (element == .bigint ? PostgresDataType.int8 : .text).rawValue))
      buffer.writeInteger(Int32(values.count))
      buffer.writeInteger(Int32(1))
      for value in values {
        switch (value, element) {
        case (.null, _):
          buffer.writeInteger(Int32(-1))
        case (.integer(let integer), .bigint):
          buffer.writeInteger(Int32(8))
          buffer.writeInteger(integer)
        case (.text(let text), .text):
          let lengthIndex = buffer.writerIndex
          buffer.writeInteger(Int32(0))
          let length = buffer.writeString(text)
          buffer.setInteger(Int32(length), at: lengthIndex)
        default:
          throw Mismatch(element: element)
        }
      }
    }
  }
#endif
