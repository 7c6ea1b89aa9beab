import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly redo`
struct RedoCommand: Command {
  static let name = "redo"
  static let summary = "re-apply the change undone last"
  static let help = """
    usage: spendly redo

    Puts back the change 'spendly undo' reverted last, as long as nothing was changed since.
    """
  static let examples = ["spendly redo"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let store = try context.store()
    return ChangeView.report(try reporting { try store.redo() }, verb: "redid")
  }
}
