import SpendlyCore
import SpendlyParse

/// `spendly parse PHRASE...`: show the draft a phrase gives, saving nothing.
struct ParseCommand: Command {
  static let readsAmounts = true
  static let name = "parse"
  static let summary = "show what a phrase would record, without saving"
  static let help = """
    usage: spendly parse [--json] PHRASE...

    Prints the draft: typed fields plain, inferred ones marked with '?'.
    With --json: kind, amount, currency, category, method, merchant, note, date, time,
    inferred, missing, warnings.

    examples:
      spendly parse 420 upi food lunch at Social
      spendly parse --json "50 eur dinner at Chez Paul card on 14 aug"
    """
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, .max, command: name, what: "a phrase, like 420 upi food")
    let phrase = arguments.positional.joined(separator: " ")
    let parser = try context.phraseParser()
    let output = context.output
    // A phrase with a cadence word is read as the shell reads it: a schedule.
    let schedule = try context.scheduleDraft(phrase, parser: parser)
    if let schedule {
      let draft = schedule.entry
      return Rendered(
        text: {
          [DraftView.line(draft, today: context.today, output: output)]
            + DraftView.cadenceLines(
              draft, schedule.cadence, end: schedule.end, today: context.today, output: output,
              stored: context.storedCharges(draft, schedule.cadence, end: schedule.end))
            + DraftView.notes(draft, output: output)
        },
        json: { JSON(ScheduleDraftJSON(schedule)) })
    }
    let draft = try context.draft(phrase, parser: parser)
    return Rendered(
      text: { [DraftView.line(draft, today: context.today, output: output)] + DraftView.notes(draft, output: output) },
      json: { DraftView.json(draft) })
  }
}
