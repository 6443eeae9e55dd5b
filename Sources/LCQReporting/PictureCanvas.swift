import LCQAnalysis
import LCQParsing

/// Maps a ``PictureLayout`` from points to pixels and draws its parts.
struct Canvas {
  let layout: PictureLayout
  let scale: Double
  let minX: Double
  let minY: Double
  let drawingHeight: Double
  private var boxesByKey: [String: PictureLayout.Box] = [:]
  /// Where every text of the picture goes, so that none overlaps another.
  let placer: LabelPlacer

  /// The smallest drawn size, so that zero-sized items stay visible (their label says so).
  static let minimumSize = 6.0
  /// The largest coordinate or size, in points, that sets the drawing's extent: a box beyond
  /// it (a crafted `1e20`) is drawn clipped at the canvas's edge instead of shrinking the rest.
  static let largestDrawnPoints = 1e7
  /// How far outside the drawing a pixel coordinate may fall before it is clamped.
  static let pixelBound = 1e5

  init(layout: PictureLayout, width: Double, placer: LabelPlacer) {
    self.layout = layout
    self.placer = placer
    let finite = layout.boxes.filter {
      [$0.x, $0.y, $0.width, $0.height].allSatisfy { $0.isFinite && abs($0) <= Self.largestDrawnPoints }
    }
    let left = finite.map(\.x).min() ?? 0
    let top = finite.map(\.y).min() ?? 0
    var right = finite.map { $0.x + max($0.width, 0) }.max() ?? 1
    var bottom = finite.map { $0.y + max($0.height, 0) }.max() ?? 1
    // A size the picture left out is drawn at the length it asks for: make room for it.
    for link in layout.links {
      guard let wanted = link.wantedSize, wanted.isFinite, abs(wanted) <= Self.largestDrawnPoints,
        let box = finite.first(where: { $0.key == link.first.key })
      else { continue }
      if link.first.attribute == .height {
        bottom = max(bottom, box.y + wanted)
      } else {
        right = max(right, box.x + wanted)
      }
    }
    let spanX = max(right - left, 1)
    let spanY = max(bottom - top, 1)
    // Leave room on the right for size labels; keep tall layouts within 640 pixels.
    scale = min((width - 120) / spanX, 640 / spanY, 4)
    minX = left
    minY = top
    drawingHeight = spanY * scale + 24
    for box in layout.boxes { boxesByKey[box.key] = box }
  }

  func px(_ x: Double, _ offset: Double) -> Double { Self.clamped(offset + (x - minX) * scale) }
  func py(_ y: Double, _ offset: Double) -> Double { Self.clamped(offset + (y - minY) * scale) }

  /// A pixel coordinate within ±``pixelBound``.
  static func clamped(_ pixels: Double) -> Double { min(max(pixels, -pixelBound), pixelBound) }

  /// The rectangles, outer items first so that inner ones are drawn on top, and their labels
  /// (to draw last, so that no rectangle covers one).
  func boxes(offsetX: Double, offsetY: Double) -> (shapes: [String], labels: [String]) {
    var lines: [String] = []
    var labels: [String] = []
    let ordered = layout.boxes.sorted { $0.width * $0.height > $1.width * $1.height }
    for box in ordered {
      let x = px(box.x, offsetX)
      let y = py(box.y, offsetY)
      let w = Self.clamped(max(box.width * scale, Self.minimumSize))
      let h = Self.clamped(max(box.height * scale, Self.minimumSize))
      let stroke = box.inConflict ? "rgb(21,101,192)" : "rgb(144,164,174)"
      let fill = box.isGuide ? "none" : box.inConflict ? "rgb(227,242,253)" : "rgb(245,247,248)"
      let zeroSized = box.width * scale < Self.minimumSize || box.height * scale < Self.minimumSize
      let dash = box.isGuide || zeroSized ? #" stroke-dasharray="4 3""# : ""
      lines.append(
        #"<rect x="\#(BlockSVG.format(x))" y="\#(BlockSVG.format(y))" width="\#(BlockSVG.format(w))" height="\#(BlockSVG.format(h))" fill="\#(fill)" fill-opacity="0.6" stroke="\#(stroke)" stroke-width="\#(box.inConflict ? 1.5 : 1)"\#(dash)/>"#
      )
      let label = box.name.count > 40 ? String(box.name.prefix(39)) + "…" : box.name
      let size = "\(BlockSVG.format(box.width))×\(BlockSVG.format(box.height))"
      let text = "\(label)  \(size)" + (zeroSized ? " (drawn larger)" : "")
      let spot = placer.place(text, x: x + 4, y: y + 13, fontSize: 11)
      labels.append(
        BlockSVG.text(
          text, x: spot.x, y: spot.y,
          attributes: #"fill="\#(box.inConflict ? "rgb(13,71,161)" : "rgb(84,110,122)")" font-size="11""#))
    }
    return (lines, labels)
  }

  /// The minimal set's constraints: a connector between two edges, or a dimension line for a
  /// size; their number tags are the last elements (`tag` ends each link's elements).
  func links(offsetX: Double, offsetY: Double) -> (shapes: [String], labels: [String]) {
    var lines: [String] = []
    for (number, link) in layout.links.enumerated() {
      guard let first = boxesByKey[link.first.key] else { continue }
      let color = link.isBroken ? "rgb(198,40,40)" : "rgb(239,108,0)"
      let dash = link.isBroken || link.isRelaxed ? #" stroke-dasharray="6 4""# : ""
      let style = #"stroke="\#(color)" stroke-width="2"\#(dash) fill="none""#
      let label = "[\(link.index + 1)]"
      // Spread the labels of several links on one item.
      let shift = Double(number % 4) * 14
      let a = point(first, link.first.attribute, offsetX, offsetY)
      guard let secondAnchor = link.second, let second = boxesByKey[secondAnchor.key] else {
        var drawn = first
        if let wanted = link.wantedSize, wanted.isFinite {
          if link.first.attribute == .height { drawn.height = wanted } else { drawn.width = wanted }
        }
        let text = link.wantedSize.map { "\(label) wants \(BlockSVG.format($0))" } ?? label
        lines += dimension(drawn, link.first.attribute, text, style, color, offsetX, offsetY, shift: shift)
        continue
      }
      let b = point(second, secondAnchor.attribute, offsetX, offsetY)
      switch (a, b) {
      case (.x(let x1, let y1), .x(let x2, let y2)):
        let y = (y1 + y2) / 2 + shift - 21
        lines.append(#"<line x1="\#(f(x1))" y1="\#(f(y1))" x2="\#(f(x1))" y2="\#(f(y))" \#(style)/>"#)
        lines.append(#"<line x1="\#(f(x2))" y1="\#(f(y2))" x2="\#(f(x2))" y2="\#(f(y))" \#(style)/>"#)
        lines.append(
          #"<line x1="\#(f(x1))" y1="\#(f(y))" x2="\#(f(x2))" y2="\#(f(y))" \#(style) marker-end="url(#end)"/>"#
        )
        lines.append(tag(label, x: (x1 + x2) / 2, y: y - 3, color))
      case (.y(let x1, let y1), .y(let x2, let y2)):
        let x = (x1 + x2) / 2 + shift - 21
        lines.append(#"<line x1="\#(f(x1))" y1="\#(f(y1))" x2="\#(f(x))" y2="\#(f(y1))" \#(style)/>"#)
        lines.append(#"<line x1="\#(f(x2))" y1="\#(f(y2))" x2="\#(f(x))" y2="\#(f(y2))" \#(style)/>"#)
        lines.append(
          #"<line x1="\#(f(x))" y1="\#(f(y1))" x2="\#(f(x))" y2="\#(f(y2))" \#(style) marker-end="url(#end)"/>"#
        )
        lines.append(tag(label, x: x + 4, y: (y1 + y2) / 2 + 4, color))
      default:
        lines += dimension(first, link.first.attribute, label, style, color, offsetX, offsetY, shift: shift)
        if let attribute = link.second?.attribute {
          lines += dimension(second, attribute, label, style, color, offsetX, offsetY, shift: shift)
        }
      }
    }
    // Tags are text: drawn after every line, so that no line covers one.
    return (lines.filter { !$0.hasPrefix("<text") }, lines.filter { $0.hasPrefix("<text") })
  }

  /// Where an attribute lies: a vertical edge at `x` (with the item's middle `y`), a horizontal
  /// edge at `y`, or a size.
  enum Place { case x(Double, Double), y(Double, Double), size }

  func point(_ box: PictureLayout.Box, _ attribute: LayoutAttribute, _ ox: Double, _ oy: Double) -> Place {
    let left = px(box.x, ox)
    let top = py(box.y, oy)
    let w = Canvas.clamped(max(box.width * scale, Canvas.minimumSize))
    let h = Canvas.clamped(max(box.height * scale, Canvas.minimumSize))
    switch attribute {
    case .left, .leading, .leftMargin, .leadingMargin, .minX: return .x(left, top + h / 2)
    case .right, .trailing, .rightMargin, .trailingMargin, .maxX: return .x(left + w, top + h / 2)
    case .centerX, .centerXWithinMargins, .midX: return .x(left + w / 2, top + h / 2)
    case .top, .topMargin, .minY, .firstBaseline: return .y(left + w / 2, top)
    case .bottom, .bottomMargin, .maxY, .lastBaseline: return .y(left + w / 2, top + h)
    case .centerY, .centerYWithinMargins, .midY: return .y(left + w / 2, top + h / 2)
    case .width, .height, .engineVariable: return .size
    }
  }

  /// A dimension line beside a box for its width or height (or a marker for anything else).
  func dimension(
    _ box: PictureLayout.Box, _ attribute: LayoutAttribute, _ label: String, _ style: String, _ color: String,
    _ ox: Double, _ oy: Double, shift: Double
  ) -> [String] {
    let left = px(box.x, ox)
    let top = py(box.y, oy)
    let w = Canvas.clamped(max(box.width * scale, Canvas.minimumSize))
    let h = Canvas.clamped(max(box.height * scale, Canvas.minimumSize))
    switch attribute {
    case .height:
      let x = left + w + 6 + shift
      return [
        #"<line x1="\#(f(x))" y1="\#(f(top))" x2="\#(f(x))" y2="\#(f(top + h))" \#(style) marker-start="url(#end)" marker-end="url(#end)"/>"#,
        tag(label, x: x + 4, y: top + h / 2 + 4, color),
      ]
    case .width:
      let y = top + h + 8 + shift
      return [
        #"<line x1="\#(f(left))" y1="\#(f(y))" x2="\#(f(left + w))" y2="\#(f(y))" \#(style) marker-start="url(#end)" marker-end="url(#end)"/>"#,
        tag(label, x: left + w / 2 - 8, y: y + 14, color),
      ]
    default:
      return [tag(label + " " + attribute.description, x: left + 4, y: top + h - 4 - shift, color)]
    }
  }

  /// A constraint's number (and what it wants) at the free spot nearest (`x`, `y`). Where many
  /// constraints meet at one spot (a keyboard's edges), that spot may be a few lines away: a
  /// thin leader line of the constraint's colour then joins the number to where it belongs.
  func tag(_ text: String, x: Double, y: Double, _ color: String) -> String {
    let spot = placer.place(text, x: x, y: y, fontSize: 11)
    let label = BlockSVG.text(
      text, x: spot.x, y: spot.y, attributes: #"fill="\#(color)" font-weight="700" font-size="11""#)
    guard abs(spot.x - x) + abs(spot.y - y) > Self.leaderDistance else { return label }
    // From the label's nearer side, at its middle, to the spot it was meant for.
    let box = LabelPlacer.box(text, x: spot.x, y: spot.y, fontSize: 11)
    let fromX = spot.x >= x ? box.x : box.x + box.width
    let leader =
      #"<line class="leader" x1="\#(f(fromX))" y1="\#(f(box.y + box.height / 2))" x2="\#(f(x))" "#
      + #"y2="\#(f(y - 4))" stroke="\#(color)" stroke-width="0.75" opacity="0.7"/>"#
    return leader + label
  }

  /// How far (in points, across and down) a number may move from its spot without a leader.
  static let leaderDistance = 6.0

  func f(_ value: Double) -> String { BlockSVG.format(value) }
}
