import GRDB

// lcq's engine-neutral values as GRDB takes and gives them.

extension PanelValue {
  /// The value SQLite returned (a blob read as UTF-8 text).
  init(_ value: DatabaseValue) {
    switch value.storage {
    case .null: self = .null
    case .int64(let number): self = .integer(number)
    case .double(let number): self = .real(number)
    case .string(let text): self = .text(text)
    case .blob(let data): self = .text(String(decoding: data, as: UTF8.self))
    }
  }
}

extension StatementArguments {
  /// The arguments `values` bind, in order.
  init(_ values: [QueryValue]) {
    self.init(
      values.map { value -> (any DatabaseValueConvertible)? in
        switch value {
        case .integer(let integer): integer
        case .real(let real): real
        case .text(let text): text
        case .null: nil
        }
      })
  }
}
