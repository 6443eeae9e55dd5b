import LCQAnalysis
import LCQSolver

/// What the fuzz target checks of a proven verdict, with its own arithmetic: nothing here calls
/// the code that built the proof.
enum ClaimChecks {
  /// Stops the run unless `replay`'s claims hold:
  /// - the certificate's Farkas combination, summed here term by term, leaves no variable and a
  ///   negative constant equal to its stated sum, with positive multipliers;
  /// - its terms name exactly the minimal set's members (implicit rows aside);
  /// - each witness (a solution without one member) makes every other term's `g ≥ 0` true.
  static func check(_ replay: Replay) {
    let certificate = replay.certificate!
    var coefficients: [Variable: Rational] = [:]
    var constant = Rational.zero
    for term in certificate.terms {
      precondition(term.multiplier > .zero, "a certificate multiplier is not positive: \(term.row)")
      for part in term.expression.terms {
        coefficients[part.variable, default: .zero] =
          coefficients[part.variable, default: .zero] + part.coefficient * term.multiplier
      }
      constant = constant + term.expression.constant * term.multiplier
    }
    precondition(coefficients.values.allSatisfy { $0 == .zero }, "the combination leaves a variable")
    precondition(constant < .zero, "the combination's constant is not negative")
    precondition(constant == certificate.sum, "the certificate's stated sum is not its terms' sum")
    let named = Set(certificate.terms.compactMap(\.constraint))
    precondition(named == Set(replay.minimalSet), "the certificate's rows are not the minimal set's")

    for witness in replay.witnesses {
      let values = Dictionary(
        witness.values.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
      for term in certificate.terms where term.constraint != witness.constraint {
        let g = term.expression.value { values[$0.name] ?? .zero }
        precondition(g >= .zero, "witness for [\(witness.constraint)] breaks \(term.row)")
      }
    }
  }
}
