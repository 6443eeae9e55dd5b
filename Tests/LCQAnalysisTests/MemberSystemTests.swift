import LCQParsing
import LCQSolver
import LCQTestSupport
import XCTest

@testable import LCQAnalysis

/// The shared solver of the deletion filter and the split into groups, checked against a fresh
/// solver per question.
final class MemberSystemTests: XCTestCase {
  /// A proof's members are read off its rows' `source`: every row of a member, in both forms,
  /// carries the member's list index, and no implicit row carries one.
  func testEveryRowNamesItsMember() {
    var rows = 0
    for block in Corpus.allBlocks {
      let model = LayoutModel(block: block)
      for member in model.members {
        for row in member.exact + member.relaxed {
          XCTAssertEqual(row.source, member.index, "\(block.source.file):\(block.source.line) \(row.name)")
          rows += 1
        }
      }
      for row in model.implicit { XCTAssertNil(row.source, "\(block.source.file) \(row.name)") }
    }
    XCTAssertGreaterThan(rows, 500)
  }

  func testEveryAnswerAgreesWithAFreshSolver() throws {
    var generator = SeededGenerator(seed: 42)
    var questions = 0
    var infeasibleAnswers = 0
    for block in Corpus.allBlocks {
      let model = LayoutModel(block: block)
      guard !model.members.isEmpty else { continue }
      for relaxed in [true, false] {
        var system = MemberSystem(model, relaxed: relaxed)
        // Random subsets, then the deletion filter's kind of sequence (one member out at a time).
        var subsets = (0..<8).map { _ in model.memberIndices.filter { _ in Bool.random(using: &generator) } }
        subsets += model.memberIndices.map { left in model.memberIndices.filter { $0 != left } }
        for subset in subsets {
          let place = "\(block.source.file):\(block.source.line) relaxed \(relaxed) \(subset)"
          let fresh = try Feasibility.check(model.rows(for: subset, relaxed: relaxed))
          let answer = try system.check(subset)
          questions += 1
          XCTAssertEqual(answer.isFeasible, fresh.isFeasible, place)
          switch answer {
          case .feasible(let values):
            let witness = Witness(
              member: -1, values: values, rows: model.constraints(for: subset, relaxed: relaxed))
            XCTAssertTrue(witness.isVerified, place)
          case .infeasible(let proof, let members):
            infeasibleAnswers += 1
            XCTAssertTrue(members.isSubset(of: Set(subset)), place)
            XCTAssertTrue(Certificate(proof: proof).isVerified, place)
          }
        }
      }
    }
    XCTAssertGreaterThan(questions, 2000)
    XCTAssertGreaterThan(infeasibleAnswers, 200)
  }

  func testGroupsPartitionTheMembersAndShareNoVariable() {
    var split = 0
    for block in Corpus.allBlocks {
      let model = LayoutModel(block: block)
      let groups = model.components
      let place = "\(block.source.file):\(block.source.line)"
      XCTAssertEqual(groups.flatMap { $0 }.sorted(), model.memberIndices.sorted(), place)
      var owner: [ObjectIdentifier: Int] = [:]
      for (number, group) in groups.enumerated() {
        for row in model.rows(for: group, relaxed: true) + model.rows(for: group, relaxed: false) {
          for term in row.constraint.expression.terms {
            let previous = owner.updateValue(number, forKey: ObjectIdentifier(term.variable))
            XCTAssertTrue(previous == nil || previous == number, "\(place): \(term.variable) in two groups")
          }
        }
      }
      if groups.count > 1 { split += 1 }
    }
    XCTAssertGreaterThan(split, 10)
  }

  /// A list too long for the enumeration, with a horizontal conflict among the app's own
  /// constraints and an independent vertical one against the cell's encapsulated height.
  func testALongListWithTwoIndependentConflictsListsBothAndHasNoSingleFix() {
    var lines = [
      "<NSLayoutConstraint:0x1 H:|-(20)-[UILabel:0xa]   (active, names: '|':UIView:0xc )>",
      "<NSLayoutConstraint:0x2 H:[UILabel:0xa]-(20)-|   (active, names: '|':UIView:0xc )>",
      "<NSLayoutConstraint:0x3 UIView:0xc.width == 30   (active)>",
      "<NSLayoutConstraint:0x4 UILabel:0xb.height == 50   (active)>",
      "<NSLayoutConstraint:0x5 'UIView-Encapsulated-Layout-Height' UILabel:0xb.height == 44   (active)>",
    ]
    for filler in 0..<20 {
      lines.append(
        "<NSLayoutConstraint:0x\(100 + filler) UIView:0x\(900 + filler).width == \(filler)   (active)>")
    }
    let text =
      (["Unable to simultaneously satisfy constraints.", "("] + lines.map { "    \"\($0)\"," } + [")"])
      .joined(separator: "\n") + "\n"
    var scanner = ConflictScanner(file: "test.log")
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(text.utf8)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    let replay = BlockReplayer.replay(blocks[0])
    XCTAssertEqual(replay.verdict, .conflict)
    // The app's own conflict comes first: it has no system-generated member.
    XCTAssertEqual(replay.minimalSet.sorted(), [0, 1, 2])
    XCTAssertEqual(replay.minimalSets.map { $0.sorted() }, [[0, 1, 2], [3, 4]])
    XCTAssertEqual(replay.minimalSetsComplete, false)
    XCTAssertEqual(replay.singleFixes, [])
    XCTAssertEqual(replay.witnesses.map(\.constraint).sorted(), [0, 1, 2])
    XCTAssertTrue(replay.witnesses.allSatisfy(\.isVerified))
    XCTAssertEqual(replay.certificate?.isVerified, true)
  }
}
