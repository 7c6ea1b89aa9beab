import SpendlyCore
import SpendlyStore

/// The filter options `list` and `export` share (--kind, --currency, --category, --method,
/// --account, --status, --merchant, --from, --to), read into a `TransactionFilter`.
enum FilterOptions {
  static func filter(_ arguments: Arguments, _ context: Context) throws(CLIError) -> TransactionFilter {
    var filter = TransactionFilter()
    if let text = arguments["kind"] {
      guard let kind = Kind(rawValue: text.lowercased()) else {
        throw .usage("--kind \(Render.quoted(text)): expected expense, income or transfer")
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
    if let text = arguments["account"] {
      filter.account = try context.account(named: text).name
    }
    if let text = arguments["status"] {
      for word in CommaList.items(text) {
        guard let status = TransactionStatus(rawValue: word.lowercased()) else {
          throw .usage("--status \(Render.quoted(word)): expected booked, pending, authorized, memo or rejected")
        }
        filter.statuses.append(status)
      }
    }
    filter.merchant = arguments["merchant"]
    filter.from = try FieldOptions.optionalDate(arguments, "from", today: context.today)
    filter.to = try FieldOptions.optionalDate(arguments, "to", today: context.today)
    return filter
  }
}
