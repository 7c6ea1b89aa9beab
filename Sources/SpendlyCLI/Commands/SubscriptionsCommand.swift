import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly subscriptions`: expense schedules and what they cost a month and a year.
struct SubscriptionsCommand: Command {
  static let name = "subscriptions"
  static let aliases = ["subs"]
  static let summary = "what subscriptions cost a month and a year, and net recurring"
  static let help =
    "usage: spendly subscriptions [--json]\n\nAlso asked at the prompt: 'what do my subscriptions cost'."
  static let examples = ["spendly subscriptions", "spendly --json subscriptions"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    return try context.answer("subscriptions")
  }
}
