import SpendlyCore
import SpendlyParse

/// `spendly query "..."`: answers a question about the data.
struct QueryCommand: Command {
  static let name = "query"
  static let aliases = ["q", "ask"]
  static let summary = "answer a question: spent this week, food last month, dashboard"
  static let help = """
    usage: spendly query [--json] QUESTION...

    examples:
      spendly query spent this week
      spendly query food last month
      spendly query top 5 merchants 2025
      spendly query by category this month
      spendly query compare this month with last month
      spendly query monthly 2025
      spendly query spent since 1 oct by card
      spendly query dashboard
      spendly query lifetime
    """
  static let specs: [Arguments.Spec] = []
  static let argumentValues: ArgumentValues? = .each(.questionWord)

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, .max, command: name, what: "a question, like: spent this week")
    return try context.answer(arguments.positional.joined(separator: " "))
  }
}
