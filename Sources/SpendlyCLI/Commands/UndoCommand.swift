import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly undo`
struct UndoCommand: Command {
  static let name = "undo"
  static let summary = "revert the latest change of any kind (repeat to go further back)"
  static let help = """
    usage: spendly undo

    Reverts the latest change that is not yet undone: an add, edit, delete or import, a new
    category, method or alias, a rename, a setting. 'spendly redo' puts it back; 'spendly log'
    lists the changes.
    """
  static let examples = ["spendly undo", "spendly undo; spendly redo"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let store = try context.store()
    return report(try reporting { try store.undo() }, verb: "undid")
  }

  /// "undid add of #2", "undid: renamed category Food → Meals", and the JSON of it.
  static func report(_ result: UndoResult, verb: String) -> Rendered {
    let ids = result.transactionIDs.map { "#\($0)" }
    let subject = ids.count <= 5 ? ids.joined(separator: ", ") : "\(ids.count) transactions"
    // A change of single transactions names them; any other says what it was.
    let named = !ids.isEmpty && ["add", "edit", "delete", "import"].contains(result.action)
    let line = named ? "\(verb) \(result.action) of \(subject)" : "\(verb): \(Render.safe(result.summary))"
    return .lines(
      [line],
      json: JSON.object([
        (verb == "undid" ? "undone" : "redone", .string(result.action)), ("summary", .string(result.summary)),
        ("transactions", .array(result.transactionIDs.map { .int($0) })),
      ]))
  }
}
