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
    return ChangeView.report(try reporting { try store.undo() }, verb: "undid")
  }
}
