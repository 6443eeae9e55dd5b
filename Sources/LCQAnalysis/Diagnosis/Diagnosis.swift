import LCQParsing

/// What lcq tells a developer about a block beyond the verdict: each constraint in plain English
/// with where it comes from, the conflict in a sentence, and the fixes re-solving proved.
public struct Diagnosis: Sendable {
  /// Plain English for each listed constraint (`nil` for one that could not be read).
  public var sentences: [String?]
  /// Where each listed constraint comes from (empty for one that could not be read).
  public var origins: [[OriginTag]]
  /// The conflict in a sentence or two (`nil` unless the verdict is `conflict` or
  /// `within-precision`).
  public var explanation: String?
  /// Proven fixes, best first (empty when none was proven or none was needed).
  public var suggestions: [FixSuggestion]
  /// Why there is no suggestion, for a conflict without one.
  public var noFixReason: String?
  /// Who made each listed constraint (`nil` for one that could not be read).
  public var owners: [ConstraintOwner?]
  /// Who owns the conflict: `app` when the app can change one of its minimal set's members;
  /// else `library` when one of them is a library's (its constraint or its view's autoresizing
  /// mask), else `system` (UIKit's or AppKit's own constraints, or the autoresizing masks of
  /// their views); `nil` unless the verdict is `conflict` or `within-precision`.
  public var conflictOwner: ConstraintOwner?
  /// The names the sentences use, for anything else that names the block's items.
  public let names: ItemNames

  /// Diagnoses `block` given its replay.
  public init(block: ConflictBlock, replay: Replay?) {
    self.init(block: block, replay: replay, views: ViewOwners(block: block))
  }

  /// Diagnoses `block` given its replay and its plain views only the system relates to
  /// (``SystemPlacedViews``), worked out once by the caller.
  init(block: ConflictBlock, replay: Replay?, views: ViewOwners) {
    let names = ItemNames(block: block)
    self.names = names
    sentences = block.constraints.map { $0.constraint.map { ConstraintEnglish.sentence($0, names: names) } }
    origins = block.constraints.map { logged in
      logged.constraint.map {
        OriginTag.tags(of: $0, platform: block.platform, names: names, views: views)
      } ?? []
    }
    owners = block.constraints.map { logged in
      logged.constraint.map { ConstraintOwnership.owner(of: $0, views: views) }
    }
    suggestions = []
    guard let replay, replay.verdict == .conflict || replay.verdict == .withinPrecision,
      !replay.minimalSet.isEmpty
    else { return }
    let changeable = replay.minimalSet.contains {
      ConstraintOwnership.isChangeableByApp(block.member($0), views: views)
    }
    let library = replay.minimalSet.lazy.compactMap { views.library(of: block.member($0)) }.first
    conflictOwner = changeable ? .app : library == nil ? .system : .library
    explanation = BlockExplanation.text(
      block: block, replay: replay, origins: origins, names: names, views: views)
    let model = replay.model ?? LayoutModel(block: block)
    guard model.members.count <= FixFinder.memberLimit else {
      noFixReason =
        "the block has \(model.members.count) readable constraints; fixes are tried on blocks of up to \(FixFinder.memberLimit)"
      return
    }
    suggestions = FixFinder.suggestions(
      for: block, model: model, minimalSet: replay.minimalSet, names: names, views: views)
    if suggestions.isEmpty {
      let framework = block.platform.frameworkName
      let owners = SystemFrameworks.possessive(
        SystemFrameworks.names(of: replay.minimalSet.sorted(), in: block, views: views))
      noFixReason =
        changeable
        ? "no single change lcq tries resolves the whole block: the list holds more than one conflict, or the fix is in \(framework)'s constraints"
        : "there is no fix in the app's constraints: every constraint of the conflict is \(owners) own (the app can only change how it configures those views)"
      if !changeable, let library {
        noFixReason =
          "there is no fix in the app's constraints: the conflict is among \(library.name)'s own constraints "
          + "(on \(library.className)); update the library or tell its maintainers"
      }
      if !changeable, AppleProcesses.isApples(block.source.process), let process = block.source.process {
        noFixReason =
          "the message was logged by \(process), Apple's own process: none of its views or constraints is the app's"
      }
      if !changeable,
        let behaviour = KnownSystemConflicts.behaviour(of: replay.minimalSet.map { block.member($0) })
      {
        noFixReason = (noFixReason ?? "") + "; known OS behaviour: " + behaviour
      }
      if let negative = replay.minimalSet.first(where: {
        FixFinder.asksForNegativeSize(block.member($0))
          && ConstraintOwnership.isChangeableByApp(block.member($0), views: views)
      }) {
        let member = block.member(negative)
        noFixReason =
          "[\(negative + 1)] asks for a \(ConstraintEnglish.words(for: member.firstAttribute)) of "
          + "\(member.constant.text), and no size can be negative: it is a sign or arithmetic error in that "
          + "constraint's constant, not a priority to lower"
      }
      if let cell = replay.minimalSet.first(where: {
        ConstraintOwnership.isInterfaceBuilderCellConstraint(block.member($0))
      }) {
        noFixReason =
          (noFixReason ?? "")
          + "; [\(cell + 1)] is Interface Builder's, between a cell and its content view: change the cell's size "
          + "instead (its size in the storyboard, the table's row height or the layout's item size)"
      }
    }
  }

  /// The best proven fix, if any.
  public var bestFix: FixSuggestion? { suggestions.first }
}

/// The sentence that says what conflicts with what.
enum BlockExplanation {
  static func text(
    block: ConflictBlock, replay: Replay, origins: [[OriginTag]], names: ItemNames, views: ViewOwners
  ) -> String {
    let members = replay.minimalSet.sorted()
    let outside = members.filter {
      ConstraintOwnership.isMadeOutsideTheApp(block.member($0), views: views)
    }
    let app = members.filter { !outside.contains($0) }
    // When no member is the app's own code but some are the autoresizing masks of the app's
    // views, those masks are the side the app can change, and the sentence says so.
    let masks =
      app.isEmpty
      ? outside.filter { ConstraintOwnership.isChangeableByApp(block.member($0), views: views) } : []
    let system = outside.filter { !masks.contains($0) }
    func numbers(_ indices: [Int]) -> String { indices.map { "[\($0 + 1)]" }.joined(separator: " ") }
    func items(_ indices: [Int]) -> String {
      var seen = Set<String>()
      return indices.map { names.name(of: ConstraintOwnership.subjectView(of: block.member($0))) }
        .filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
    var sides: [String] = []
    if !app.isEmpty {
      sides.append(
        "the app's constraint\(app.count == 1 ? "" : "s") \(numbers(app)) on \(items(app))")
    }
    // The library of each member of the system's side that is a library's, asked once.
    let libraryOf = Dictionary(
      uniqueKeysWithValues: system.compactMap { index in
        views.library(of: block.member(index)).map { (index, $0) }
      })
    if !system.isEmpty {
      var seen = Set<String>()
      let meanings = system.compactMap { index -> String? in
        if let library = libraryOf[index], origins[index].first?.kind == .library {
          return "\(library.name)'s own constraints"
        }
        guard let tag = origins[index].first else { return nil }
        guard tag.kind == .autoresizingMask else { return tag.text }
        return
          "the autoresizing mask of \(names.name(of: ConstraintOwnership.subjectView(of: block.member(index))))"
      }.filter { seen.insert($0).inserted }
      sides.append("\(meanings.joined(separator: "; ")) \(numbers(system))")
    }
    let these =
      members.count == 1
      ? "This constraint cannot hold" : "These \(members.count) constraints cannot all hold"
    let opening =
      replay.verdict == .withinPrecision
      ? "As printed, \(these.lowercased()) (only just: the numbers are rounded)" : these
    var text: String
    let negative = NegativeSize.clause(block: block, replay: replay, names: names)
    // AppKit logs get AppKit's name; a library's constraints, the library's.
    let framework = block.platform.frameworkName
    var libraries: [String] = []
    for index in system {
      if let name = libraryOf[index]?.name, !libraries.contains(name) { libraries.append(name) }
    }
    let onlyLibraries = !libraries.isEmpty && libraryOf.count == system.count
    let frameworks = onlyLibraries ? [] : SystemFrameworks.names(of: system, in: block, views: views)
    let owners = SystemFrameworks.possessive(frameworks + libraries)
    // One view's mask may be several members: the noun counts the views.
    let maskViews = Set(masks.map { ConstraintOwnership.subjectView(of: block.member($0)).identity }).count
    let maskSide = "the autoresizing mask\(maskViews == 1 ? "" : "s") of \(items(masks)) \(numbers(masks))"
    switch (app.isEmpty, system.isEmpty) {
    case (true, true) where maskViews == 1:
      text = "\(opening): \(maskSide) asks for what no layout allows."
    case (true, true): text = "\(opening): \(maskSide) contradict each other."
    case (true, false) where !masks.isEmpty:
      text =
        "\(opening): \(maskSide) against \(owners) own constraint\(system.count == 1 ? "" : "s") (\(sides[0]))."
    case (false, false): text = "\(opening): \(sides[0]) against \(sides[1])."
    case (false, true) where app.count == 1:
      text =
        "\(opening): \(sides[0]) asks for what no layout allows"
        + (negative == nil ? " (a negative size, or a contradiction with itself)." : ".")
    case (false, true): text = "\(opening): \(sides[0]) contradict each other."
    case (true, false) where system.count == 1:
      text = "\(opening): \(owners) own constraint [\(system[0] + 1)] asks for what no layout allows."
    default: text = "\(opening): \(owners) own constraints contradict each other (\(sides[0]))."
    }
    if let negative {
      text +=
        " \(members.count == 1 ? "It would" : "Together they") \(negative), and no size can be negative."
    }
    if let broken = block.brokenConstraintIndex, let standing = replay.brokenConstraint {
      text += " \(framework) broke [\(broken + 1)]"
      text +=
        standing.resolves == true
        ? ", which resolves it." : standing.inMinimalSet ? "." : ", which is not part of it."
    }
    return text
  }
}

/// The frameworks whose constraints a block's system side holds, for the words: those Apple's
/// catalogue names (MapKit, the Sharing framework) in the members' order, then the log's own
/// (UIKit, AppKit) when a member is neither's.
enum SystemFrameworks {
  /// The frameworks of `members` (indices into the block).
  static func names(of members: [Int], in block: ConflictBlock, views: ViewOwners) -> [String] {
    var names: [String] = []
    var anyOfTheLogs = members.isEmpty
    for index in members {
      if let name = views.framework(of: block.member(index)) {
        if !names.contains(name) { names.append(name) }
      } else {
        anyOfTheLogs = true
      }
    }
    return anyOfTheLogs ? names + [block.platform.frameworkName] : names
  }

  /// `names` as one owner: "UIKit's", "MapKit and UIKit's", "FinderKit, AppKit and the Masonry
  /// library's".
  static func possessive(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last + "'s" : names.dropLast().joined(separator: ", ") + " and \(last)'s"
  }
}
