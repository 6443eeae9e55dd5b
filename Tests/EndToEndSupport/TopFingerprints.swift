import Foundation
import XCTest

extension LCQProcess {
  /// The fingerprints `lcq top --format json` lists with `arguments` (`--db` among them), in its
  /// order: the most occurrences first.
  public static func topFingerprints(_ arguments: [String]) throws -> [String] {
    let top = try run(["top", "--format", "json"] + arguments)
    XCTAssertEqual(top.status, 0, top.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(top.stdout.utf8)) as? [String: Any])
    return try XCTUnwrap(json["conflicts"] as? [[String: Any]]).compactMap { $0["fingerprint"] as? String }
  }
}
