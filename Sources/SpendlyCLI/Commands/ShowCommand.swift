import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly show ID`
struct ShowCommand: Command {
  static let name = "show"
  static let summary = "show every field of one transaction"
  static let help = "usage: spendly show ID\n\nexample:\n  spendly show 12"
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let transaction = try TransactionReference.existing(try TransactionReference.id(arguments.positional[0]), try context.store())
    return Rendered(
      text: { Render.detail(transaction) }, json: { Render.json(transaction) },
      warnings: { Render.warnings(Listing(items: [transaction])) })
  }
}
