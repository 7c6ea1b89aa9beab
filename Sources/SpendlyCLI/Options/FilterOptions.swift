import SpendlyCore
import SpendlyStore

/// The filter options `list` and `export` share (--kind, --currency, --category, --method,
/// --account, --status, --merchant, --from, --to), read into a `TransactionFilter`.
enum FilterOptions {
  static let options: [Option] = [
    .value("category", "NAME", .category, "only this category: a name, alias or word for one (chai is Food)"),
    .value("method", "NAME", .method, "only this payment method: a name, alias or word (gpay is UPI)"),
    .value(
      "merchant", "NAME", .merchant,
      "merchants whose name starts with NAME, ignoring case and\npunctuation (joes finds Joe's Pizza)"),
    .value("kind", "KIND", .choice(Kind.allCases.map(\.rawValue)), "expense, income or transfer"),
    .value(
      "account", "NAME", .account,
      "on this account (either end of a transfer): a name, alias, or\n"
        + "institution and type (hdfc card; see: spendly accounts)"),
    .value(
      "status", "STATUS", .list(.choice(TransactionStatus.allCases.map(\.rawValue))),
      "booked, pending, authorized, memo or rejected (comma-separated for\n"
        + "several). Pending and authorized rows are marked; rejected and memo\n"
        + "rows are listed but never count in a total"),
    .value("currency", "CODE", .currency, "only this currency"),
    .value("from", "DATE", .date, "on or after DATE (YYYY-MM-DD, today, yesterday)"),
    .value("to", "DATE", .date, "on or before DATE"),
  ]

  static func filter(_ arguments: Arguments, _ context: Context) throws(CLIError) -> TransactionFilter {
    var filter = TransactionFilter()
    filter.kind = try arguments.choice("kind").flatMap(Kind.init(rawValue:))
    filter.currency = try arguments.currency()
    // Names are read as phrases read them (cat:chai, method:gpay): one resolver everywhere.
    filter.category = try arguments.category(context)?.name
    filter.method = try arguments.method(context)
    filter.account = try arguments.account(context)?.name
    filter.statuses = try arguments.choices("status").compactMap(TransactionStatus.init(rawValue:))
    filter.merchant = arguments["merchant"]
    filter.from = try arguments.date("from", today: context.today)
    filter.to = try arguments.date("to", today: context.today)
    return filter
  }
}
