import Foundation
import LCQEndToEndSupport
import XCTest

/// Every corpus conflict's picture can be read: no two texts overlap and every text lies on the
/// canvas. Text boxes are estimated here on their own terms (0.55 em a character, the average of
/// the sans-serif fonts the pictures ask for, and 1.2 em a line), from the SVG as written.
final class PictureReadabilityTests: XCTestCase {
  struct TextBox {
    var text: String
    var x, y, width, height: Double

    func overlaps(_ other: TextBox) -> Bool {
      x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
  }

  static let textElement = try! NSRegularExpression(
    pattern: #"<text x="([-0-9.e+]+)" y="([-0-9.e+]+)"([^>]*)>([^<]*)</text>"#)
  static let fontSize = try! NSRegularExpression(pattern: #"font-size="([0-9.]+)""#)
  static let viewBox = try! NSRegularExpression(pattern: #"viewBox="0 0 ([0-9.]+) ([0-9.]+)""#)

  /// The texts of an SVG document and its canvas size.
  static func texts(in svg: String) -> (boxes: [TextBox], width: Double, height: Double) {
    let whole = NSRange(svg.startIndex..., in: svg)
    func group(_ match: NSTextCheckingResult, _ index: Int) -> String {
      Range(match.range(at: index), in: svg).map { String(svg[$0]) } ?? ""
    }
    let size = viewBox.firstMatch(in: svg, range: whole).map {
      (Double(group($0, 1)) ?? 0, Double(group($0, 2)) ?? 0)
    }
    let boxes = textElement.matches(in: svg, range: whole).map { match -> TextBox in
      let attributes = group(match, 3)
      let font =
        fontSize.firstMatch(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)).flatMap
      {
        Range($0.range(at: 1), in: attributes).flatMap { Double(attributes[$0]) }
      } ?? 12
      // Entities are one character each.
      let text = group(match, 4).replacingOccurrences(
        of: "&[a-z#0-9]+;", with: "_", options: .regularExpression)
      let x = Double(group(match, 1)) ?? 0
      let y = Double(group(match, 2)) ?? 0
      return TextBox(
        text: text, x: x, y: y - font, width: Double(text.count) * font * 0.55, height: font * 1.2)
    }
    return (boxes, size?.0 ?? 0, size?.1 ?? 0)
  }

  func testNoTwoTextsOverlapAndAllFitTheCanvas() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pictures-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try FileManager.default.contentsOfDirectory(
      atPath: LCQProcess.corpus.appendingPathComponent("real").path
    )
    .map { LCQProcess.corpus.appendingPathComponent("real/" + $0).path }
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: LCQProcess.repositoryRoot.appendingPathComponent("Examples").path
    ).map { LCQProcess.repositoryRoot.appendingPathComponent("Examples/" + $0).path }
    let inputs = corpus + LCQProcess.formatsFixtures.map(LCQProcess.corpusFile) + examples
    let result = try LCQProcess.run(["analyze", "--svg", folder.path] + inputs)
    XCTAssertNotEqual(result.status, 2, result.stderr)
    let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".svg")
    }
    XCTAssertGreaterThan(pictures.count, 100, "every corpus conflict is drawn")
    for picture in pictures {
      let svg = try String(contentsOf: folder.appendingPathComponent(picture), encoding: .utf8)
      let (boxes, width, height) = Self.texts(in: svg)
      XCTAssertFalse(boxes.isEmpty, picture)
      for (index, box) in boxes.enumerated() {
        XCTAssertTrue(
          box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height,
          "\(picture): '\(box.text)' runs off the \(width)×\(height) canvas")
        for other in boxes[(index + 1)...] where box.overlaps(other) {
          XCTFail("\(picture): '\(box.text)' overlaps '\(other.text)'")
        }
      }
    }
  }

  static let numberTag = try! NSRegularExpression(
    pattern:
      #"<text x="([-0-9.e+]+)" y="([-0-9.e+]+)" fill="(rgb\([0-9,]+\))" font-weight="700" font-size="11">(\[[0-9]+\])</text>"#
  )
  static let line = try! NSRegularExpression(
    pattern:
      #"<line[^>]* x1="([-0-9.e+]+)" y1="([-0-9.e+]+)" x2="([-0-9.e+]+)" y2="([-0-9.e+]+)"[^>]* stroke="(rgb\([0-9,]+\))""#
  )

  /// The distance from (`x`, `y`) to the segment from (`x1`, `y1`) to (`x2`, `y2`).
  static func distance(_ x: Double, _ y: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> Double
  {
    let (dx, dy) = (x2 - x1, y2 - y1)
    let length = dx * dx + dy * dy
    let t = length == 0 ? 0 : max(0, min(1, ((x - x1) * dx + (y - y1) * dy) / length))
    return ((x - x1 - t * dx) * (x - x1 - t * dx) + (y - y1 - t * dy) * (y - y1 - t * dy)).squareRoot()
  }

  /// Every constraint's number on a connector or a dimension line stands by a line of its own
  /// colour (that line, or a leader drawn to it; an edge's tag, `[1] minY`, names a box's edge
  /// instead): where many constraints meet at one spot (a keyboard's
  /// edges), a number moved a few lines away is still joined to its constraint, not left in a
  /// pile of numbers that belong nowhere.
  func testEveryNumberStandsByItsConstraint() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-tags-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try FileManager.default.contentsOfDirectory(
      atPath: LCQProcess.corpus.appendingPathComponent("real").path
    ).map { LCQProcess.corpus.appendingPathComponent("real/" + $0).path }
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: LCQProcess.repositoryRoot.appendingPathComponent("Examples").path
    ).map { LCQProcess.repositoryRoot.appendingPathComponent("Examples/" + $0).path }
    XCTAssertNotEqual(try LCQProcess.run(["analyze", "--svg", folder.path] + corpus + examples).status, 2)
    var tags = 0
    for picture in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where picture.hasSuffix(".svg") {
      let svg = try String(contentsOf: folder.appendingPathComponent(picture), encoding: .utf8)
      let whole = NSRange(svg.startIndex..., in: svg)
      func text(_ match: NSTextCheckingResult, _ index: Int) -> String {
        Range(match.range(at: index), in: svg).map { String(svg[$0]) } ?? ""
      }
      let lines = Self.line.matches(in: svg, range: whole).map { match in
        ((1...4).map { Double(text(match, $0)) ?? 0 }, text(match, 5))
      }
      for match in Self.numberTag.matches(in: svg, range: whole) {
        tags += 1
        let (x, y, color, label) = (
          Double(text(match, 1)) ?? 0, Double(text(match, 2)) ?? 0, text(match, 3), text(match, 4)
        )
        let box = LabelPlacerBox(x: x, y: y - 11, width: Double(label.count) * 11 * 0.62, height: 11 * 1.3)
        let nearest =
          lines.filter { $0.1 == color }.map { line in
            box.corners.map { Self.distance($0.0, $0.1, line.0[0], line.0[1], line.0[2], line.0[3]) }.min()
              ?? .infinity
          }.min() ?? .infinity
        XCTAssertLessThanOrEqual(
          nearest, 16, "\(picture): '\(label)' stands \(Int(nearest)) points from any line of its colour")
      }
    }
    XCTAssertGreaterThan(tags, 200, "the corpus's numbers were found")
  }
}

/// A text's box, as `LabelPlacer` estimates it, and its corners and middle.
struct LabelPlacerBox {
  var x, y, width, height: Double
  var corners: [(Double, Double)] {
    [(x, y), (x + width, y), (x, y + height), (x + width, y + height), (x + width / 2, y + height / 2)]
  }
}
