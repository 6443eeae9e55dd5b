import LCQStore

/// `lcq check --format sarif`: the check as a SARIF 2.1.0 log, which GitHub code scanning,
/// GitLab and Bitrise show on the pull request's lines.
///
/// One run, by the tool `lcq`, with a rule per kind of finding (``Rule``) and a result per
/// conflict that fails the check, at level `error` (and per conflict `--significance` lets pass
/// as possibly flaky, at level `warning`):
/// - located at the first source file the latest run with a source tree found for it
///   (`lcq ingest --source-root` at the repository's root) and the line there, SnapKit's
///   printed line or the line declaring the view's class; a conflict without a known file has
///   no location, so it belongs to the run as a whole (GitHub lists only located results; the
///   Markdown check lists them all);
/// - its message the title, the runs that saw it, the plain-English explanation of its minimal
///   set and the proven fix
///   (SARIF's own `fixes` hold edits to the file, which lcq does not make);
/// - its fingerprint as the partial fingerprint `lcqFingerprint/v1`, so that one conflict is one
///   alert across builds and devices.
///
/// The run's properties hold the scope and the verdict: a passing check is a log without
/// results, which closes the alerts of fixed conflicts.
public enum CheckSARIF {
  /// The SARIF version written.
  public static let version = "2.1.0"
  /// Where the 2.1.0 schema is published.
  public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
  /// The partial fingerprint's name: the conflict's fingerprint, the same on every device.
  public static let fingerprintName = "lcqFingerprint/v1"

  /// The kinds of finding, one rule each.
  public enum Rule: String, CaseIterable, Sendable {
    /// A conflict no earlier build (or run) saw.
    case new = "lcq/new-conflict"
    /// A resolved conflict seen again.
    case regressed = "lcq/regressed-conflict"
    /// Any other conflict neither ignored nor in the baseline (`--fail-on any`).
    case unaccepted = "lcq/unaccepted-conflict"

    /// The rule of `conflict`.
    static func of(_ conflict: CheckedConflict) -> Rule {
      conflict.isNew ? .new : conflict.isRegressed ? .regressed : .unaccepted
    }

    var name: String {
      switch self {
      case .new: "NewLayoutConflict"
      case .regressed: "RegressedLayoutConflict"
      case .unaccepted: "UnacceptedLayoutConflict"
      }
    }

    var summary: String {
      switch self {
      case .new: "Auto Layout could not satisfy constraints that no earlier build broke."
      case .regressed: "A layout conflict marked resolved is back."
      case .unaccepted: "A layout conflict that is neither ignored nor in the baseline."
      }
    }

    var help: String {
      switch self {
      case .new:
        "The app's constraints cannot all hold, so Auto Layout broke one of them. The message names the "
          + "minimal set that conflicts and a fix that re-solving proves. Run `lcq show FINGERPRINT` for "
          + "every occurrence, or add the fingerprint to the baseline to accept it."
      case .regressed:
        "The conflict was resolved in an earlier build and fires again. The message names the minimal "
          + "set and the proven fix; `lcq show FINGERPRINT` lists where it came back."
      case .unaccepted:
        "The check fails on every conflict seen (--fail-on any). Fix it, ignore it with "
          + "`lcq ignore FINGERPRINT`, or add it to the baseline."
      }
    }
  }

  /// The SARIF log of `result`, written by lcq `toolVersion`.
  public static func text(
    _ result: CheckResult, failOn: Set<CheckText.Failure>, significance: Double? = nil, toolVersion: String
  ) -> String {
    log(result, failOn: failOn, significance: significance, toolVersion: toolVersion).serialized + "\n"
  }

  /// The SARIF log as a value (``text(_:failOn:significance:toolVersion:)``'s).
  static func log(
    _ result: CheckResult, failOn: Set<CheckText.Failure>, significance: Double?, toolVersion: String
  ) -> JSONValue {
    let failing = CheckText.failing(result, failOn: failOn, significance: significance)
    let flaky = CheckText.possiblyFlaky(result, failOn: failOn, significance: significance)
    let below = CheckText.belowMinDamage(result, failOn: failOn)
    let results =
      failing.map { self.result($0, level: level(of: $0, "error"), in: result, significance: significance) }
      + flaky.map { self.result($0, level: level(of: $0, "warning"), in: result, significance: significance) }
      + below.map { self.result($0, level: "note", in: result, significance: significance) }
    let rules = Rule.allCases.map { rule -> JSONValue in
      .object([
        ("id", .string(rule.rawValue)), ("name", .string(rule.name)),
        ("shortDescription", message(rule.summary)), ("fullDescription", message(rule.help)),
        ("help", message(rule.help)), ("defaultConfiguration", .object([("level", .string("error"))])),
      ])
    }
    let driver: JSONValue = .object([
      ("name", .string("lcq")), ("version", .string(toolVersion)), ("semanticVersion", .string(toolVersion)),
      ("rules", .array(rules)),
    ])
    let properties: JSONValue = .object([
      ("scope", .string(CheckText.describe(result.scope))), ("passed", .bool(failing.isEmpty)),
      ("new", .int(result.new.count)), ("regressed", .int(result.regressed.count)),
      ("seen", .int(result.seen.count)), ("possiblyFlaky", .int(flaky.count)),
      ("belowMinDamage", .int(below.count)),
    ])
    let run: JSONValue = .object([
      ("tool", .object([("driver", driver)])),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(results)),
      ("properties", properties),
    ])
    return .object([
      ("$schema", .string(schema)), ("version", .string(version)), ("runs", .array([run])),
    ])
  }

  /// The level of a result that would be `level` (`error` failing, `warning` possibly flaky),
  /// as its damage shows: `note` when the miss is invisible (under half a point), at most
  /// `warning` when subpixel; visible damage, or none known, keeps `level`. Code scanning
  /// shows a note apart from the errors, so what nobody can see does not read as broken.
  static func level(of conflict: CheckedConflict, _ level: String) -> String {
    switch conflict.damage?.shows {
    case .invisible?: "note"
    case .subpixel?: "warning"
    case .visible?, nil: level
    }
  }

  /// The result of one conflict at `level`.
  static func result(
    _ conflict: CheckedConflict, level: String, in result: CheckResult, significance: Double?
  )
    -> JSONValue
  {
    let rule = Rule.of(conflict)
    var members: [(String, JSONValue)] = [
      ("ruleId", .string(rule.rawValue)),
      ("ruleIndex", .int(Rule.allCases.firstIndex(of: rule) ?? 0)),
      ("level", .string(level)),
      ("message", message(text(of: conflict, in: result, significance: significance))),
    ]
    if let file = conflict.codeOwnership?.sourceFiles.first {
      var physical: [(String, JSONValue)] = [
        ("artifactLocation", .object([("uri", .string(uriReference(file)))]))
      ]
      if let line = conflict.codeOwnership?.firstLine, line >= 1 {
        physical.append(("region", .object([("startLine", .int(line))])))
      }
      members.append(("locations", .array([.object([("physicalLocation", .object(physical))])])))
    }
    members.append(("partialFingerprints", .object([(fingerprintName, .string(conflict.fingerprint))])))
    let share = result.share(of: conflict)
    var properties: [(String, JSONValue)] = [
      ("fingerprint", .string(conflict.fingerprint)), ("occurrences", .int(conflict.occurrences)),
      ("runs", .int(conflict.runs)), ("runsInScope", .int(share.of)),
      ("previousRuns", .int(share.previousRuns)),
      ("runsInPreviousScope", .int(share.previousOf)),
    ]
    if let testShare = conflict.testShare {
      properties += [
        ("testRuns", .int(testShare.runs)), ("runsThatRanTest", .int(testShare.of)),
        ("previousTestRuns", .int(testShare.previousRuns)),
        ("previousRunsThatRanTest", .int(testShare.previousOf)),
      ]
    }
    if significance != nil {
      properties.append(("pValue", .number(String(result.weighedShare(of: conflict).pValue))))
    }
    if conflict.isRegressed, let resolved = conflict.resolvedBuild {
      properties.append(("resolvedBuild", shown(resolved)))
    }
    if let fix = conflict.bestFix { properties.append(("provenFix", shown(fix))) }
    if let envelope = conflict.envelope { properties.append(("sizes", shown(envelope))) }
    if let damage = conflict.damage {
      properties.append(("damage", shown(damage.line)))
      if let points = damage.points, let shows = damage.shows {
        properties += [
          ("damagePoints", .number(Wording.damagePoints(points))), ("damageShows", .string(shows.rawValue)),
        ]
      }
    }
    if let owners = conflict.codeOwnership?.owners, !owners.isEmpty {
      properties.append(("codeOwners", .array(owners.map(shown))))
    }
    members.append(("properties", .object(properties)))
    return .object(members)
  }

  /// The message's text: the title and counts, the runs that saw it, the explanation, the fix.
  static func text(of conflict: CheckedConflict, in result: CheckResult, significance: Double?) -> String {
    let title =
      "\(GitHubAnnotations.title(conflict)) (\(conflict.fingerprint), \(CheckText.counts(conflict)))"
    return ([title] + CheckText.detailLines(conflict, in: result, significance: significance))
      .joined(separator: "\n")
  }

  /// A SARIF message: code scanning shows its text to people, so it follows the terminal-text
  /// rule (``TerminalText``), its line breaks kept.
  static func message(_ text: String) -> JSONValue {
    .object([("text", shown(text))])
  }

  /// A store's text as SARIF shows it to people (``message(_:)``).
  static func shown(_ text: String) -> JSONValue {
    .string(TerminalText.clean(text, keepingLineBreaks: true))
  }

  /// A relative path as a URI reference: every byte outside the unreserved characters and `/`
  /// percent-encoded (a space, `#`, `%` or `?` in a folder's name would otherwise change what
  /// the reference means).
  static func uriReference(_ path: String) -> String {
    var reference = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        reference.append(Character(Unicode.Scalar(byte)))
      default:
        let digits = Array("0123456789ABCDEF")
        reference += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
      }
    }
    return reference
  }
}
