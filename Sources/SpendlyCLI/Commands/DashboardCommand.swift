import SpendlyCore
import SpendlyParse

/// `spendly dashboard`: this month at a glance.
struct DashboardCommand: Command {
  static let name = "dashboard"
  static let summary = "this month: income, expenses, savings, top categories"
  static let help = "usage: spendly dashboard [--json]"
  static let examples = ["spendly dashboard", "spendly --json dashboard"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    // The question is always the same: no parser is built for it.
    return try Answers(context: context).answer(.dashboard)
  }
}
