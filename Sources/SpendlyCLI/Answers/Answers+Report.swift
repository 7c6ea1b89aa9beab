import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The figures of `spendly report`: the app layer's period report, which the HTML renders.
typealias ReportFigures = PeriodReport

extension Answers {
  /// The report's figures for `query`'s period (its measure and action are not used).
  func reportFigures(_ query: Query, period: Period) throws -> ReportFigures {
    try PeriodReport(query, period: period, in: context.session)
  }
}
