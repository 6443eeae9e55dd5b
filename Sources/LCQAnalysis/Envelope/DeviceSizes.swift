/// The screen and window sizes, in points, that name the devices an envelope fires on: kept in
/// this one table.
///
/// Full-screen sizes of current and recent iPhones and iPads, portrait (landscape swaps the two),
/// and the widths iPad multitasking gives an app (Slide Over, and Split View's fractions on the
/// 12.9-inch iPad Pro, whose figures Apple publishes). Source: Apple's Human Interface
/// Guidelines, "Layout" (device screen sizes and orientations) and "Multitasking" (iPad app
/// sizes), as of iOS 18.
public enum DeviceSizes {
  /// One size in the table.
  public struct Entry: Sendable, Hashable {
    /// The device, its orientation, or its multitasking arrangement.
    public var name: String
    /// Width in points.
    public var width: Double
    /// Height in points, `nil` for a multitasking width (the height is the screen's).
    public var height: Double?
  }

  /// Full-screen devices, portrait: width, height.
  static let screens: [(name: String, width: Double, height: Double)] = [
    ("iPhone SE (1st generation)", 320, 568),
    ("iPhone SE (2nd and 3rd generation)", 375, 667),
    ("iPhone 13 mini", 375, 812),
    ("iPhone 14", 390, 844),
    ("iPhone 15", 393, 852),
    ("iPhone 16 Pro", 402, 874),
    ("iPhone 8 Plus", 414, 736),
    ("iPhone 11", 414, 896),
    ("iPhone 14 Plus", 428, 926),
    ("iPhone 15 Pro Max", 430, 932),
    ("iPhone 16 Pro Max", 440, 956),
    ("iPad mini (6th generation)", 744, 1133),
    ("iPad (9th generation)", 810, 1080),
    ("iPad Air 11-inch", 820, 1180),
    ("iPad Pro 11-inch", 834, 1194),
    ("iPad Pro 12.9-inch", 1024, 1366),
    ("iPad Pro 13-inch", 1032, 1376),
  ]

  /// Widths iPad multitasking gives an app.
  static let multitasking: [(name: String, width: Double)] = [
    ("iPad Slide Over", 320),
    ("iPad Pro 12.9-inch Slide Over or one-third Split View", 375),
    ("iPad Pro 12.9-inch two-thirds Split View, portrait", 639),
    ("iPad Pro 12.9-inch half Split View, landscape", 678),
    ("iPad Pro 12.9-inch two-thirds Split View, landscape", 981),
  ]

  /// Every entry: each screen portrait and landscape, then the multitasking widths.
  public static let all: [Entry] =
    screens.flatMap { screen in
      [
        Entry(name: screen.name + " portrait", width: screen.width, height: screen.height),
        Entry(name: screen.name + " landscape", width: screen.height, height: screen.width),
      ]
    } + multitasking.map { Entry(name: $0.name, width: $0.width, height: nil) }

  /// The narrowest width in the table: what `lcq top --fires-below` counts from.
  public static let narrowestWidth = all.map(\.width).min() ?? 320

  /// The entries with a size on `axis` (a multitasking width has no height), with that size.
  static func sized(on axis: SizeEnvelope.Axis) -> [(entry: Entry, size: Double)] {
    all.compactMap { entry in (axis == .width ? entry.width : entry.height).map { (entry, $0) } }
  }

  /// The entries whose size on the envelope's axis makes it fire, narrowest first.
  public static func firing(_ envelope: SizeEnvelope) -> [Entry] {
    sized(on: envelope.axis).filter { envelope.fires(atPoints: $0.size) }.sorted { $0.size < $1.size }
      .map(\.entry)
  }
}
