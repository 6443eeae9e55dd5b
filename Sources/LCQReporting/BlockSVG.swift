import LCQAnalysis
import LCQParsing

/// A picture of a conflict as a self-contained SVG: each item a labelled rectangle at its solved
/// frame, the minimal set's constraints drawn between the edges they relate, the broken one in
/// red and dashed, and a numbered legend in plain English.
public enum BlockSVG {
  /// The drawing's width in pixels.
  static let width = 720.0
  static let margin = 24.0
  static let legendLineHeight = 18.0

  /// The SVG document, or `nil` when the block has nothing to draw (no minimal set, or too many
  /// items).
  ///
  /// No two texts overlap (``LabelPlacer``), and the canvas grows to hold all of them: the
  /// legend's lines are wrapped to its width.
  public static func render(_ analysis: BlockAnalysis) -> String? {
    guard let layout = PictureLayout.of(analysis) else { return nil }
    let drawing = self.drawing(analysis, layout)
    return document(width: drawing.width, height: drawing.height, drawing.elements)
  }

  /// The block drawn twice, side by side, at the first size of its envelope that does not fire
  /// everywhere (docs/envelope.md): on the left where the conflict fires, a point from the edge
  /// (the UIKit-broken constraint relaxed, as in ``render(_:)``), on the right at the edge,
  /// where every constraint holds; `nil` without such a size.
  public static func renderSizes(_ analysis: BlockAnalysis) -> String? {
    guard let envelope = analysis.envelope?.sizes.first(where: { $0.drawnSizes != nil }),
      let sizes = envelope.drawnSizes
    else { return nil }
    let layouts = [sizes.firing, sizes.safe].compactMap { value in
      PictureLayout.of(analysis, at: PictureLayout.DrawnSize(constraint: envelope.constraint, value: value))
        .map {
          (value: value, layout: $0)
        }
    }
    guard layouts.count == 2 else { return nil }
    let captionHeight = 28.0
    let gap = 16.0
    var elements: [String] = []
    var x = 0.0
    var height = 0.0
    for (side, picture) in layouts.enumerated() {
      let caption =
        "[\(envelope.constraint + 1)] \(EnvelopeWords.subject(envelope)) at \(EnvelopeWords.points(picture.value)): "
        + (side == 0 ? "the conflict fires" : "every constraint holds")
      elements.append(
        text(
          caption, x: x + margin, y: 20,
          attributes: side == 0
            ? #"font-weight="600" fill="rgb(198,40,40)""# : #"font-weight="600" fill="rgb(46,125,50)""#
        ))
      let drawing = drawing(analysis, picture.layout, x: x, y: captionHeight)
      elements += drawing.elements
      x += drawing.width + gap
      height = max(height, captionHeight + drawing.height)
    }
    return document(width: x - gap, height: height, elements)
  }

  /// A whole SVG document of `elements`.
  static func document(width: Double, height: Double, _ elements: [String]) -> String {
    let open =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(format(width))" height="\#(format(height))" "#
      + #"viewBox="0 0 \#(format(width)) \#(format(height))" font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="12">"#
    let background = [
      #"<rect width="100%" height="100%" fill="rgb(255,255,255)"/>"#,
      #"<defs><marker id="end" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L8,4 L0,8 z" fill="context-stroke"/></marker></defs>"#,
    ]
    return ([open] + background + elements + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  /// The elements of one picture of `layout` with its top left corner at (`x`, `y`), and its
  /// size.
  static func drawing(_ analysis: BlockAnalysis, _ layout: PictureLayout, x: Double = 0, y: Double = 0) -> (
    elements: [String], width: Double, height: Double
  ) {
    let placer = LabelPlacer(top: y + 22, left: x)
    let canvas = Canvas(layout: layout, width: width - 2 * margin, placer: placer)
    // Tags first: they belong next to their lines; box labels can move further.
    let links = canvas.links(offsetX: x + margin, offsetY: y + margin + 8)
    let boxes = canvas.boxes(offsetX: x + margin, offsetY: y + margin + 8)
    let placed = placer.extent
    let canvasWidth = max(width, placed.right - x + margin)
    let legendTop = max(margin + canvas.drawingHeight, placed.bottom - y) + 28
    // Each legend entry wrapped to the canvas; its continuation lines are indented.
    let legend = legendLines(analysis, layout).flatMap { line in
      wrapped(line.text, width: canvasWidth - 2 * margin, fontSize: 12).enumerated().map {
        (text: $0.element, isBroken: line.isBroken, indent: $0.offset == 0 ? 0.0 : 16.0)
      }
    }
    let height = legendTop + Double(legend.count) * legendLineHeight + margin
    var svg: [String] = []
    if let title = analysis.title {
      let lines = wrapped(title, width: canvasWidth - 2 * margin, fontSize: 13)
      let shown = lines.count > 1 ? lines[0] + "…" : title
      svg.append(text(shown, x: x + margin, y: y + 16, attributes: #"font-weight="600" font-size="13""#))
    }
    svg += boxes.shapes + links.shapes + boxes.labels + links.labels
    for (number, line) in legend.enumerated() {
      svg.append(
        text(
          line.text, x: x + margin + line.indent, y: y + legendTop + Double(number) * legendLineHeight,
          attributes: line.isBroken ? #"fill="rgb(198,40,40)""# : #"fill="rgb(38,50,56)""#))
    }
    return (svg, canvasWidth, height)
  }

  /// `text` cut into lines that fit `width` (``LabelPlacer``'s estimate), at spaces where it
  /// can; lines after the first leave room for an indent of 4 characters. A title keeps its
  /// first line, with `…`.
  static func wrapped(_ text: String, width: Double, fontSize: Double) -> [String] {
    let perLine = max(10, Int(width / (fontSize * LabelPlacer.characterWidth)))
    guard text.count > perLine else { return [text] }
    var lines: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      let room = lines.isEmpty ? perLine : perLine - 4
      if rest.count <= room {
        lines.append(String(rest))
        break
      }
      let window = rest.prefix(room)
      let cut =
        window.lastIndex(of: " ").map { $0 > window.startIndex ? $0 : window.endIndex } ?? window.endIndex
      lines.append(String(rest[..<cut]))
      rest = rest[cut...].drop { $0 == " " }
    }
    return lines
  }

  /// The legend: each drawn member, then what the picture relaxed.
  static func legendLines(_ analysis: BlockAnalysis, _ layout: PictureLayout) -> [(
    text: String, isBroken: Bool
  )] {
    var lines = layout.links.map { link in
      (
        "[\(link.index + 1)] \(link.text)"
          + (link.isBroken ? "  (broken by \(analysis.block.platform.frameworkName))" : "")
          + (link.isRelaxed && !link.isBroken ? "  (relaxed for this picture)" : ""), link.isBroken
      )
    }
    let others = layout.relaxed.filter { index in !layout.links.contains { $0.index == index } }
    if !others.isEmpty {
      lines.append(
        ("Also relaxed to draw a layout: " + others.map { "[\($0 + 1)]" }.joined(separator: " "), false))
    }
    return lines
  }

  static func text(_ content: String, x: Double, y: Double, attributes: String = "") -> String {
    #"<text x="\#(format(x))" y="\#(format(y))" \#(attributes)>\#(XMLText.escape(content))</text>"#
  }

  /// A coordinate or size with at most one decimal; `0` for a value that is not finite, and
  /// the shortest exponent form (`1e+20`) for one too large to print as digits.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10).rounded() / 10
    guard rounded == rounded.rounded() else { return String(rounded) }
    return Int(exactly: rounded).map { String($0) } ?? String(rounded)
  }
}

/// Text escaped for XML and HTML element content and attribute values.
public enum XMLText {
  /// Escapes `&`, `<`, `>`, `"` and `'`, and drops characters XML cannot hold.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value)
          || (0xD800...0xDFFF).contains(scalar.value)
        {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
