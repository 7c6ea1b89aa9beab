import SpendlyCore
import SpendlyStore

/// `spendly list`: transactions newest first, filtered and paged.
struct ListCommand: Command {
  static let name = "list"
  static let aliases = ["ls"]
  static let summary = "list transactions, newest first"
  static let help = """
    usage: spendly list [--limit N] [--offset N] [--category NAME] [--method NAME]
                        [--merchant NAME] [--kind expense|income] [--currency CODE]
                        [--from DATE] [--to DATE]

    options:
      --limit N         at most N transactions (default 20; 0 for all)
      --offset N        skip the newest N
      --category NAME   only this category: a name, alias or word for one (chai is Food)
      --method NAME     only this payment method: a name, alias or word (gpay is UPI)
      --merchant NAME   merchants whose name starts with NAME, ignoring case and
                        punctuation (joes finds Joe's Pizza)
      --kind KIND       expense or income
      --currency CODE   only this currency
      --from DATE       on or after DATE (YYYY-MM-DD, today, yesterday)
      --to DATE         on or before DATE
    """
  static let specs: [Arguments.Spec] = [
    .init("limit"), .init("offset"), .init("category"), .init("method"), .init("merchant"), .init("kind"),
    .init("currency"), .init("from"), .init("to"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let limit = try arguments.int("limit", default: 20)
    let offset = try arguments.int("offset", default: 0)
    let filter = try filter(arguments, context)
    let store = try context.store()
    let listing: Listing<Transaction>
    let total: Int
    do {
      listing = try store.transactions.listing(filter, limit: limit == 0 ? nil : limit, offset: offset)
      total = try store.transactions.count(filter)
    } catch {
      throw error.cli
    }
    let transactions = listing.items
    let output = context.output
    return Rendered(
      text: {
        if transactions.isEmpty && listing.damaged.isEmpty {
          return [total == 0 ? "no transactions" : "no transactions past the first \(total)"]
        }
        var lines = transactions.isEmpty ? [] : Render.table(transactions, output: output)
        let read = transactions.count + listing.damaged.count
        if offset + read < total {
          lines.append(
            output.style("showing \(offset + 1)–\(offset + read) of \(total) · next: --offset \(offset + read)", .dim))
        }
        return lines
      },
      json: { JSON.array(transactions.map(Render.json)) },
      warnings: { Render.warnings(listing) })
  }

  static func filter(_ arguments: Arguments, _ context: Context) throws(CLIError) -> TransactionFilter {
    var filter = TransactionFilter()
    if let text = arguments["kind"] {
      guard let kind = Kind(rawValue: text.lowercased()) else {
        throw .usage("--kind '\(text)': expected expense or income")
      }
      filter.kind = kind
    }
    if let code = arguments["currency"] {
      guard let currency = Currency.named(code) else { throw .usage("--currency: \(MoneyError.unknownCurrency(code))") }
      filter.currency = currency
    }
    if arguments["category"] != nil || arguments["method"] != nil {
      // Names are read as phrases read them (cat:chai, method:gpay): one resolver everywhere.
      let parser = try context.phraseParser()
      if let text = arguments["category"] { filter.category = try FieldOptions.category(text, parser: parser).name }
      if let text = arguments["method"] { filter.method = try FieldOptions.method(text, parser: parser) }
    }
    filter.merchant = arguments["merchant"]
    filter.from = try FieldOptions.optionalDate(arguments, "from", today: context.today)
    filter.to = try FieldOptions.optionalDate(arguments, "to", today: context.today)
    return filter
  }
}
