import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly income sources`: income schedules and what they bring; `income …` else asks.
struct IncomeCommand: Command {
  static let name = "income"
  static let summary = "income sources (income schedules); 'income this month' asks"
  static let help = """
    usage: spendly income sources [--json]   income schedules: a month, a year, and net recurring
           spendly income [PERIOD]           the question: income this month, income 2025
    """
  static let examples = ["spendly income sources", "spendly income this month"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try context.answer((["income"] + arguments.positional).joined(separator: " "))
  }
}
