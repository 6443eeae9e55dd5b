import LCQParsing
import LCQSolver

extension LayoutModel {
  /// The width or height variable a container-set size `member` fixes (its item's frame), `nil`
  /// when the model has no frame for its item.
  func sizeVariable(of member: LayoutConstraint) -> Variable? {
    guard let frame = frames[LayoutModelBuilder.key(of: member.firstItem, other: nil)] else { return nil }
    return member.firstAttribute == .width ? frame.width : frame.height
  }

  /// This model with list entry `size`'s rows (a container-set size, whose width or height is
  /// `variable`) replaced by `variable == value` in both forms, keeping of the other members
  /// only those `keeping` accepts (by list index); indexed again for a list of `listCount`
  /// entries. Nothing is read or modelled again.
  func fixing(
    _ size: Int, _ variable: Variable, at value: Rational, listCount: Int,
    keeping: (Int) -> Bool = { _ in true }
  ) -> LayoutModel {
    var fixed = self
    fixed.members = members.compactMap { member in
      guard member.index == size else { return keeping(member.index) ? member : nil }
      var sized = member
      let row = Constraint(
        Expression(variable) - Expression(constant: value), .equal, name: "[\(size + 1)]", source: size)
      sized.exact = [row]
      sized.relaxed = [row]
      return sized
    }
    fixed.index(listCount: listCount)
    return fixed
  }
}
