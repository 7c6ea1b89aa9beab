import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly edit ID --FIELD VALUE...`
struct EditCommand: Command {
  static let readsAmounts = true
  static let name = "edit"
  static let summary = "change fields of a transaction (the old version is kept)"
  static let help = """
    usage: spendly edit ID --FIELD VALUE...

    Writes a new revision; `spendly history ID` lists them and `spendly undo` reverts.
    """
  static let examples = [#"spendly edit 12 --amount 450 --note "lunch with Asha""#]
  static let specs = FieldOptions.specs
  static let optionColumn: Int? = FieldOptions.column

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try TransactionReference.id(arguments.positional[0])
    guard FieldOptions.any(arguments) else {
      throw .usage("'edit' needs at least one field option, like --amount 450 (see: spendly edit --help)")
    }
    let store = try context.store()
    let old = try TransactionReference.existing(id, store).fields
    var draft = TransactionDraft(old)
    try FieldOptions.apply(
      arguments, to: &draft, parser: try context.phraseParser(), today: context.today, editing: true)
    guard var fields = draft.fields else { throw .data("amount: missing") }
    // An edit that names no account and leaves the entry's kind, currency and methods keeps its
    // accounts as stored (none stays none): re-reading its date does not move it onto one.
    if arguments["account"] == nil, arguments["to"] == nil {
      var kept = fields
      (kept.account, kept.counterAccount) = (old.account, old.counterAccount)
      if AccountRules.keepsAccounts(kept, of: old) { fields = kept }
    }
    guard fields != old else { return .lines(["#\(id) unchanged: it already has those values"]) }
    let edited: EntrySaving.Saved
    do {
      edited = try EntrySaving.edit(
        id: id, fields, corrections: draft.corrections(editing: old), in: context.session)
    } catch {
      throw error.cli
    }
    let saved = edited.transaction
    let budgets = BudgetNotice.words(edited.budgets, context: context)
    let detail = Render.detail(saved).map { "  " + $0 }
    return .lines(
      ["updated:"] + detail + (budgets.words.map { ["  " + $0] } ?? []) + budgets.lines.map { "  " + $0 },
      json: Render.json(saved))
  }
}
