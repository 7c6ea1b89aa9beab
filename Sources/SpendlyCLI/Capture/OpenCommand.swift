import SpendlyCore
import SpendlyParse

/// `spendly open URL`: a quick-add link (from a desktop entry, a browser, a hotkey) becomes a
/// draft, confirmed and saved as one-shot `add` does.
struct OpenCommand: Command {
  static let readsAmounts = true
  static let name = "open"
  static let summary = "record from a quick-add link: spendly open 'spendly://quickadd?amount=420&method=UPI'"
  static let help = """
    usage: spendly open 'spendly://quickadd[?KEY=VALUE&...]' [--yes] [--desktop]

    Handles a quick-add link, as a desktop entry passes it. The link's values are the add
    command's field options: explicit values win over the phrase in text=, and a category
    that contradicts the kind is dropped (the draft says so). A link without text= or
    merchant= takes the method, category and merchant it does not give from your entries
    of a similar amount, as spendly quick suggests them. With an amount, the draft is
    shown with save? [Y/e/n]; without one, the amount is asked for first (never
    invented), then the draft is shown with what its amount suggests.
    Off a terminal --yes is required, and a link without an amount is refused.
    The desktop entry runs spendly open --desktop %u in a terminal window that closes when
    spendly exits: with --desktop, a refusal ends with 'press Enter to close', and a saved
    line stays 2 seconds, or until a key is pressed.

    keys (each at most once; values percent-encoded, + or %20 for a space):
      text       a phrase, read as 'spendly add' reads it: 420%20upi%20food
      amount     positive, as phrases write it: 420, 1250.50, 1.5k
      kind       expense, income or transfer (kind=transfer&to=Cash)
      currency   INR, USD, EUR, ...       category  a category of the kind
      method     a payment method         merchant  where it was spent
      from       a transfer's source: an account, or a method (as add --account)
      to         a transfer's destination: an account, or a method (as add --to)
      note       free text                date      2026-11-29, yesterday
      time       13:05

    A link is refused, with nothing saved, when it is not spendly://quickadd, is longer
    than \(QuickLink.maximumLength) bytes, repeats a key, names an unknown key, has a malformed % escape,
    decodes to invalid UTF-8, to control characters or to hidden ones (named, as U+202E),
    or gives an amount that is not a positive amount (exit 65).
    """
  static let examples = [
    "spendly open 'spendly://quickadd?amount=420&category=Food&method=UPI&merchant=Social&note=lunch'",
    "spendly open 'spendly://quickadd?text=420%20upi%20food'", "spendly open 'spendly://quickadd'",
    "spendly open 'spendly://quickadd?amount=2000&kind=transfer&from=UPI&to=Cash'",
    "xdg-open 'spendly://quickadd?amount=420'",
  ]
  static let specs: [Option] = [
    .flag("yes", "save without asking", short: "y"),
    .flag("desktop", "as the desktop entry runs it: the window stays until read"),
  ]
  static let argumentValues: ArgumentValues? = .sequence([.quickLink])

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    guard arguments.has("desktop") else { return try record(arguments, context) }
    return try DesktopWindow.holding(context) { () throws(CLIError) in try record(arguments, context) }
  }

  /// The link read, its draft confirmed and saved.
  static func record(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a link: spendly open 'spendly://quickadd?amount=420'")
    let link = try QuickLink.parse(arguments.positional[0])
    let parser = try context.phraseParser()
    let phrase = link["text"] ?? ""
    var draft: TransactionDraft
    if phrase.isEmpty {
      draft = try context.draft("", parser: parser)
      draft.time = context.now.time
    } else {
      if let schedule = try context.scheduleDraft(phrase, parser: parser) {
        throw .data(
          "text: '\(schedule.cadence.word)' makes this a schedule, not one transaction (spendly recurring add); nothing saved"
        )
      }
      draft = try context.draft(phrase, parser: parser)
    }
    try Capture.apply(link.values, to: &draft, parser: parser, context: context)
    context.offerSchedule(&draft)
    // A bare or amount-only link: what it does not give is suggested from the amount's history.
    var fromAmount: Set<DraftField> = []
    if phrase.isEmpty && link["merchant"] == nil {
      fromAmount = Set([DraftField.method, .category, .merchant].filter { link[$0.rawValue] == nil })
      if link["from"] != nil { fromAmount.remove(.method) }
    }
    return try Capture.finish(
      &draft, parser: parser, yes: arguments.has("yes"), context: context, source: "link", fromAmount: fromAmount)
  }
}
