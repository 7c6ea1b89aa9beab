import SpendlyCore
import SpendlyStore

/// `spendly list`: transactions newest first, filtered and paged.
struct ListCommand: Command {
  static let name = "list"
  static let aliases = ["ls"]
  static let summary = "list transactions, newest first"
  static let help = """
    usage: spendly list [--page N [--page-size N] | --limit N [--offset N]]
                        [--sort date|amount [--reverse]] [--category NAME] [--method NAME]
                        [--merchant NAME] [--kind expense|income|transfer] [--currency CODE]
                        [--account NAME] [--status STATUS] [--from DATE] [--to DATE]

    options:
      --page N          page N (from 1) of 25 transactions: 'page 2 of 41 · 1,017 transactions'
      --page-size N     transactions a page (1 to 1000)
      --limit N         at most N transactions (default 20; 0 for all)
      --offset N        skip the first N
      --sort date       newest first (the default); --reverse for oldest first
      --sort amount     largest first; --reverse for smallest first
      --category NAME   only this category: a name, alias or word for one (chai is Food)
      --method NAME     only this payment method: a name, alias or word (gpay is UPI)
      --merchant NAME   merchants whose name starts with NAME, ignoring case and
                        punctuation (joes finds Joe's Pizza)
      --kind KIND       expense, income or transfer
      --account NAME    on this account (either end of a transfer): a name, alias, or
                        institution and type (hdfc card; see: spendly accounts)
      --status STATUS   booked, pending, authorized, memo or rejected (comma-separated for
                        several). Pending and authorized rows are marked; rejected and memo
                        rows are listed but never count in a total
      --currency CODE   only this currency
      --from DATE       on or after DATE (YYYY-MM-DD, today, yesterday)
      --to DATE         on or before DATE
    """
  static let examples = ["spendly list --category food --from 2026-11-01", "spendly list --page 2 --sort amount"]
  static let specs: [Arguments.Spec] = [
    .init("limit"), .init("offset"), .init("page"), .init("page-size"), .init("sort"), .init("reverse", value: false),
    .init("category"), .init("method"), .init("merchant"), .init("kind"), .init("account"), .init("status"),
    .init("currency"), .init("from"), .init("to"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let paged = arguments["page"] != nil || arguments["page-size"] != nil
    if paged && (arguments["limit"] != nil || arguments["offset"] != nil) {
      throw .usage("list: --page or --limit/--offset, not both")
    }
    let pageSize = try arguments.int("page-size", default: 25)
    let page = try arguments.int("page", default: 1)
    guard !paged || ((1...1000).contains(pageSize) && page >= 1) else {
      throw .usage("list: --page counts from 1, and --page-size is 1 to 1000")
    }
    let limit = paged ? pageSize : try arguments.int("limit", default: 20)
    let offset = paged ? (page - 1) * pageSize : try arguments.int("offset", default: 0)
    let order: ListOrder
    switch (arguments["sort"]?.lowercased() ?? "date", arguments.has("reverse")) {
    case ("date", false): order = .newest
    case ("date", true): order = .oldest
    case ("amount", false): order = .largest
    case ("amount", true): order = .smallest
    case (let other, _): throw .usage("--sort \(Render.quoted(other)): date or amount")
    }
    let filter = try FilterOptions.filter(arguments, context)
    let store = try context.store()
    let listing: Listing<Transaction>
    let total: Int
    do {
      listing = try store.transactions.listing(filter, limit: limit == 0 ? nil : limit, offset: offset, order: order)
      total = try store.transactions.count(filter)
    } catch {
      throw error.cli
    }
    let pages = max(1, (total + pageSize - 1) / pageSize)
    let transactions = listing.items
    let output = context.output
    return Rendered(
      text: {
        if transactions.isEmpty && listing.damaged.isEmpty {
          if total == 0 { return ["no transactions"] }
          return [
            paged
              ? "no page \(page): there \(pages == 1 ? "is 1 page" : "are \(pages) pages")"
              : "no transactions past the first \(total)"
          ]
        }
        var lines = transactions.isEmpty ? [] : Render.table(transactions, output: output)
        let read = transactions.count + listing.damaged.count
        if paged {
          lines.append(
            output.style(
              "page \(page) of \(pages) · \(MoneyFormat.count(total)) transaction\(total == 1 ? "" : "s")", .dim))
        } else if offset + read < total {
          lines.append(
            output.style("showing \(offset + 1)–\(offset + read) of \(total) · next: --offset \(offset + read)", .dim))
        }
        return lines
      },
      json: { JSON.array(transactions.map(Render.json)) },
      warnings: { Render.warnings(listing) })
  }
}
