extension CaseIterable where Self: Equatable {
  /// The position of this case in `allCases`, for enums ordered as declared.
  var declarationOrder: Int {
    guard let index = Self.allCases.firstIndex(of: self) else {
      preconditionFailure("every case is in allCases")
    }
    return Self.allCases.distance(from: Self.allCases.startIndex, to: index)
  }
}
