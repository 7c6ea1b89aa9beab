import SpendlyCore
import SpendlyStore

/// Warnings an answer collects while it runs, each printed once after it (on stderr).
final class AnswerNotes {
  private var lines: [String] = []

  func add(_ line: String) {
    if !lines.contains(line) { lines.append(line) }
  }

  /// The warnings noted so far, once: they are cleared.
  func take() -> [String] {
    defer { lines.removeAll() }
    return lines
  }
}

/// A currency whose total cannot be shown gets one line in its place and a warning; the other
/// currencies are answered as usual. Currencies spendly does not know are named in a warning.
extension Answers {
  /// "  KWD: total too large to add up", in place of the currency's totals.
  func problemLine(_ currency: Currency, _ problem: TotalProblem) -> String {
    notes.add(problemWarning(currency, problem))
    return "  \(currency.code): \(problemText(problem))"
  }

  func problemText(_ problem: TotalProblem) -> String {
    switch problem {
    case .tooLarge: return "total too large to add up"
    case .damaged: return "total cannot be added up (a stored amount is damaged)"
    }
  }

  func problemWarning(_ currency: Currency, _ problem: TotalProblem) -> String {
    switch problem {
    case .tooLarge: return "\(currency.code): the total is too large to add up, so it is left out"
    case .damaged:
      return
        "\(currency.code): a stored amount or kind is damaged, so its total is left out (spendly list names the row)"
    }
  }

  /// The JSON in place of a currency's totals: its code and why they are missing.
  func problemJSON(_ currency: Currency, _ problem: TotalProblem, count: Int? = nil) -> ProblemJSON {
    notes.add(problemWarning(currency, problem))
    return ProblemJSON(currency: currency.code, count: count, error: problemText(problem))
  }

  /// The currencies a breakdown left out, for `"problems": [...]`; nil (no key) when there are none.
  func problemsJSON(_ breakdown: Breakdown) -> [ProblemJSON]? {
    let problems = orderedProblems(breakdown)
    return problems.isEmpty ? nil : problems.map { problemJSON($0.0, $0.1) }
  }

  /// The row of one summary: its figures, or what kept them from being added up.
  func row<Figures: Encodable>(_ summary: Summary, count: Bool = false, _ figures: () -> Figures) -> CurrencyRow<
    Figures
  > {
    if let problem = summary.problem {
      return .problem(problemJSON(summary.currency, problem, count: count ? summary.count : nil))
    }
    return .figures(figures())
  }

  /// Lines (text) for the currencies a breakdown left out, the default currency first.
  func problemLines(_ breakdown: Breakdown) -> [String] {
    orderedProblems(breakdown).map { problemLine($0.0, $0.1) }
  }

  func orderedProblems(_ breakdown: Breakdown) -> [(Currency, TotalProblem)] {
    let home = (try? store.settings.defaultCurrency())?.code ?? "INR"
    return breakdown.problems.sorted { a, b in
      a.key.code == home || (b.key.code != home && a.key.code < b.key.code)
    }.map { ($0.key, $0.value) }
  }

  /// Notes a currency spendly does not know, whenever one is shown.
  func noteIfUnknown(_ currency: Currency) {
    if !currency.isKnown { notes.add(Render.unknownCurrency(currency.code)) }
  }
}
