/// A conflict's counts inside a filter, as `lcq show` prints them: per build, device and OS
/// version, and in all.
///
/// They are summed from one read of the window's rows, grouped by the three run columns at
/// once: a run has one build, one device and one OS version, so each run falls in one group,
/// and the groups' distinct runs add up to the conflict's. (A statement per grouping read the
/// window's rows four times: a fleet's most frequent conflict has tens of thousands a month.)
struct ConflictCounts {
  /// One group of the statement ``statement(_:)``: the run columns' values, the build's key,
  /// the occurrences counted, the latest of them, and the runs with one.
  struct Group {
    var build: String?
    var buildKey: String?
    var device: String?
    var osVersion: String?
    var occurrences: Int
    var lastTime: Int64?
    var runs: Int
  }

  var occurrences = 0
  var runs = 0
  /// Builds in build order (by build key; runs without a build last).
  var byBuild: [(String, Int)] = []
  /// Devices and OS versions, most occurrences first.
  var byDevice: [(String, Int)] = []
  var byOSVersion: [(String, Int)] = []
  /// The latest occurrence counted per OS version.
  var lastSeenByOSVersion: [String: Int64] = [:]

  /// The groups inside the counts table `counts` (QueryFilter's, named `g`), those with an
  /// occurrence counted; columns `build`, `build_key`, `device`, `os_version`, `n`, `last_time`,
  /// `runs`.
  static func statement(_ counts: String) -> String {
    """
    WITH \(counts)
    SELECT g.build, min(g.build_key) AS build_key, g.device, g.os_version, CAST(sum(g.n) AS BIGINT) AS n,
      max(CASE WHEN g.n > 0 THEN g.last_time END) AS last_time,
      count(DISTINCT CASE WHEN g.n > 0 THEN g.run_id END) AS runs
    FROM g GROUP BY g.build, g.device, g.os_version HAVING sum(g.n) > 0
    """
  }

  /// The name printed for a run column's value: `(none)` where the run gave none.
  static func shown(_ value: String?) -> String { value ?? "(none)" }

  /// Whether `first` sorts before `second` as both stores sort text: by their bytes.
  static func byBytes(_ first: String, _ second: String) -> Bool {
    first.utf8.lexicographicallyPrecedes(second.utf8)
  }

  init(_ groups: [Group]) {
    var builds: [String?: (key: String?, occurrences: Int)] = [:]
    var devices: [String?: Int] = [:]
    var versions: [String?: (occurrences: Int, last: Int64?)] = [:]
    for group in groups {
      occurrences += group.occurrences
      runs += group.runs
      builds[group.build, default: (group.buildKey, 0)].occurrences += group.occurrences
      devices[group.device, default: 0] += group.occurrences
      var version = versions[group.osVersion] ?? (0, nil)
      version.occurrences += group.occurrences
      if let time = group.lastTime { version.last = max(version.last ?? time, time) }
      versions[group.osVersion] = version
    }
    byBuild = builds.sorted { first, second in
      switch (first.value.key, second.value.key) {
      case (nil, .some): return false
      case (.some, nil): return true
      case (.some(let one), .some(let other)) where one != other: return Self.byBytes(one, other)
      default: return Self.byBytes(Self.shown(first.key), Self.shown(second.key))
      }
    }.map { (Self.shown($0.key), $0.value.occurrences) }
    byDevice = Self.mostFirst(devices)
    byOSVersion = Self.mostFirst(versions.mapValues(\.occurrences))
    for (version, counted) in versions {
      if let last = counted.last { lastSeenByOSVersion[Self.shown(version)] = last }
    }
  }

  /// The values with their occurrences, most first, then by name.
  static func mostFirst(_ counts: [String?: Int]) -> [(String, Int)] {
    counts.map { (shown($0.key), $0.value) }.sorted { first, second in
      first.1 != second.1 ? first.1 > second.1 : byBytes(first.0, second.0)
    }
  }
}
