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
    """
  static let examples = ["spendly list --category food --from 2026-11-01", "spendly list --page 2 --sort amount"]
  static let specs: [Option] = [
    .value(
      "page", "N", .number(0...Int.max), "page N (from 1) of 25 transactions: 'page 2 of 41 · 1,017 transactions'"),
    .value("page-size", "N", .number(0...Int.max), "transactions a page (1 to 1000)"),
    .value("limit", "N", .number(0...Int.max), "at most N transactions (default 20; 0 for all)"),
    .value("offset", "N", .number(0...Int.max), "skip the first N"),
    .value("sort", "ORDER", .choice(["date", "amount"]), "date: newest first (the default); amount: largest first"),
    .flag("reverse", "the other way: oldest first, or smallest first"),
  ] + FilterOptions.options

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
    switch (try arguments.choice("sort") ?? "date", arguments.has("reverse")) {
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
