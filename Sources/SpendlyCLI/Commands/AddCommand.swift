import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly add`: record a transaction from a phrase, field options, or both.
struct AddCommand: Command {
  static let readsAmounts = true
  static let name = "add"
  static let summary = "record a transaction: spendly add 420 upi food lunch at Social"
  static let help = """
    usage: spendly add [PHRASE...] [--FIELD VALUE...] [--yes]

    Records one transaction. Field options override what the phrase says.
    On a terminal the draft is shown as in the shell: Enter saves, e reviews each field,
    n discards. Elsewhere --yes is required.
    Inferred fields are marked with '?'. A phrase without an amount is refused (exit 65).
    A transfer to or from a method no account takes (--to Cash, or atm 2000, with only a
    bank account) is money Spendly does not keep: HDFC Savings → Cash (untracked) lowers
    the bank's balance, as a withdrawal does; from Cash into the bank is a deposit.
    """
  static let examples = [
    "spendly add 420 upi food lunch at Social", "spendly add --yes coffee 180 cash",
    "spendly add --yes salary 150000 credited",
    "spendly add --amount 420 --category Food --method UPI --merchant Social --yes",
  ]
  static let specs = FieldOptions.specs + [.flag("yes", "save without asking", short: "y")]
  static let argumentValues: ArgumentValues? = .each(.phraseWord)
  static let optionColumn: Int? = FieldOptions.column
  /// The shell asks save? [Y/e/n] itself, so it passes --yes.
  static let shellPassesYes = true

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let parser = try context.phraseParser()
    let phrase = arguments.positional.joined(separator: " ")
    var draft: TransactionDraft
    if phrase.isEmpty {
      guard FieldOptions.any(arguments) else {
        throw .usage("'add' needs a phrase or field options, like: spendly add 420 upi food")
      }
      draft = try context.draft("", parser: parser)
      draft.time = arguments["date"] == nil ? context.now.time : nil
    } else {
      // The phrase read once: a budget setting, a schedule, or the entry's draft.
      switch context.lineClassifier(parser: parser).entry(phrase, words: arguments.positional) {
      case .budget(let setting):
        let command = "spendly budget set " + Render.safe(setting.joined(separator: " "))
        throw .usage("\(Render.quoted(phrase)) sets a budget, not an entry: \(command)")
      case .schedule(let schedule):
        throw .usage(
          "'\(schedule.cadence.word)' makes this a schedule, not one transaction: spendly recurring add \(Render.safe(phrase))"
        )
      case .entry(let read):
        context.reportLookupFailure()
        draft = read
      case .unreadable(let error, let phrase, let schedule):
        throw context.refusal(error, phrase: phrase, schedule: schedule)
      default:
        throw CLIError(.software, "'\(phrase)' read as no entry")
      }
    }
    try FieldOptions.apply(arguments, to: &draft, parser: parser, today: context.today)
    context.offerSchedule(&draft)
    var corrections: [MerchantCorrection] = []
    guard var fields = draft.fields else {
      let why = (draft.warnings.first?.shown ?? draft.missingEndHint).map { " (\($0))" } ?? ""
      throw .data("\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing\(why)")
    }
    if !arguments.has("yes") && !context.assumeYes {
      guard context.interactive else {
        throw .usage("not on a terminal: add --yes to save without asking")
      }
      // The one confirmation dialogue: Enter saves, e reviews, a field's name edits it, n discards.
      let dialogue = ConfirmDialogue(
        context: context, input: shellInput(interactive: true, databasePath: context.databasePath))
      defer { dialogue.input.close() }
      let shown = draft
      if let unsaved = dialogue.unsaved(dialogue.confirm(&draft, parser: parser, entryLine: 0)) { return unsaved }
      guard let reviewed = draft.fields else { throw .data("amount: missing") }
      fields = reviewed
      corrections = draft.corrections(since: shown)
    } else {
      // Saved without a draft shown: a day or time still to come is said, as the draft says it.
      for warning in draft.warnings {
        switch warning {
        case .futureDate, .laterToday: context.output.warning(warning.shown)
        default: break
        }
      }
    }
    let saved = try EntrySaving.save(fields, corrections: corrections, context: context)
    return EntrySaving.report(
      saved.transaction, draft: draft, today: context.today,
      budgets: BudgetNotice.words(saved.budgets, context: context))
  }
}
