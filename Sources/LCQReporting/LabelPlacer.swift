/// Places the texts of one picture so that no two overlap: each text goes to the free spot
/// nearest to where it belongs, searched line by line below and above, then further right.
///
/// A text's box is estimated from its length: ``characterWidth`` em per character is wider
/// than the average character of the sans-serif fonts SVG viewers use, so real text takes no
/// more room than its box.
final class LabelPlacer {
  /// A text's box, `y` being its top.
  struct Box: Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    func overlaps(_ other: Box) -> Bool {
      x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
  }

  /// The width of one character, in em.
  static let characterWidth = 0.62
  /// A line's height, in em.
  static let lineHeight = 1.3

  /// The boxes placed so far.
  private(set) var placed: [Box] = []
  /// Texts are kept below this (the title's line) and right of `left`.
  let top: Double
  /// The left edge of the picture (0, or where a picture drawn beside another starts).
  let left: Double

  init(top: Double, left: Double = 0) {
    self.top = top
    self.left = left
  }

  /// The box of `text` with its baseline at (`x`, `y`).
  static func box(_ text: String, x: Double, y: Double, fontSize: Double) -> Box {
    Box(
      x: x, y: y - fontSize, width: Double(text.count) * fontSize * characterWidth,
      height: fontSize * lineHeight)
  }

  /// Places `text` as near (`x`, `y`) (its baseline's start) as nothing placed overlaps, and
  /// returns where.
  func place(_ text: String, x: Double, y: Double, fontSize: Double) -> (x: Double, y: Double) {
    let step = fontSize * Self.lineHeight
    for shift in 0..<12 {
      let candidateX = max(left, x + Double(shift) * 8 * fontSize)
      for line in 0..<40 {
        // 0, +1, -1, +2, -2… lines away.
        let offset = Double((line + 1) / 2) * (line % 2 == 0 ? 1 : -1) * step
        let candidate = Self.box(text, x: candidateX, y: y + offset, fontSize: fontSize)
        guard candidate.y >= top, !placed.contains(where: { $0.overlaps(candidate) }) else { continue }
        placed.append(candidate)
        return (candidateX, y + offset)
      }
    }
    // Below everything placed: always free.
    let below = (placed.map { $0.y + $0.height }.max() ?? top) + fontSize
    placed.append(Self.box(text, x: max(left, x), y: below, fontSize: fontSize))
    return (max(left, x), below)
  }

  /// The right edge and the bottom of what was placed.
  var extent: (right: Double, bottom: Double) {
    (placed.map { $0.x + $0.width }.max() ?? 0, placed.map { $0.y + $0.height }.max() ?? 0)
  }
}
