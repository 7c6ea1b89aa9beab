import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly delete ID`
struct DeleteCommand: Command {
  static let name = "delete"
  static let aliases = ["rm"]
  static let summary = "delete a transaction (undo brings it back)"
  static let help = "usage: spendly delete ID\n\nThe transaction's revisions are kept; `spendly undo` restores it."
  static let examples = ["spendly delete 12", "spendly undo          # puts it back"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try TransactionReference.id(arguments.positional[0])
    let store = try context.store()
    // One that is not there (never, or no more) is said as show and edit say it.
    _ = try TransactionReference.existing(id, store)
    let old = try reporting { try store.transactions.delete(id: id) }
    return .lines(
      ["deleted #\(id) · \(Render.amount(old.fields)) \(Render.safe(old.fields.category)) · undo brings it back"],
      json: JSON(JSONPairs([("deleted", TransactionJSON(old))])))
  }
}
