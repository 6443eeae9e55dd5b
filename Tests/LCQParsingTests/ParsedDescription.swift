import LCQParsing
import XCTest

/// The constraint a description parses to, failing the calling test when it does not parse.
func parsedDescription(_ text: String, file: StaticString = #filePath, line: UInt = #line)
  -> LayoutConstraint?
{
  switch ConstraintParser().parse(text) {
  case .success(let constraint): return constraint
  case .failure(let failure):
    XCTFail("\(failure)", file: file, line: line)
    return nil
  }
}
