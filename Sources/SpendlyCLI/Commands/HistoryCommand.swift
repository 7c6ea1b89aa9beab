import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly history ID`
struct HistoryCommand: Command {
  static let name = "history"
  static let summary = "list every revision of a transaction"
  static let help = "usage: spendly history ID"
  static let examples = ["spendly history 12"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try TransactionReference.id(arguments.positional[0])
    let listing: Listing<Revision>
    let store = try context.store()
    do {
      listing = try store.transactions.historyListing(id: id)
    } catch {
      throw error.cli
    }
    let revisions = listing.items
    guard !revisions.isEmpty || !listing.damaged.isEmpty else { throw .data(StoreError.notFound(id).description) }
    let output = context.output
    return Rendered(
      text: { historyTable(id, revisions, output: output) },
      json: {
        JSON(
          revisions.map {
            RevisionJSON(
              revision: $0.id, action: $0.action, live: $0.live, recordedAt: $0.recordedAt.description,
              fields: Inline(TransactionFieldsJSON($0.fields)))
          })
      },
      warnings: { Render.warnings(listing) })
  }

  /// `#12: 3 revisions` and a table of them, oldest first.
  static func historyTable(_ id: Int64, _ revisions: [Revision], output: Output) -> [String] {
    var table = Table(
      headers: ["#", "Recorded", "By", "State", "Amount", "Category", "Method", "Merchant", "Date", "Note"],
      alignments: [.right, .left, .left, .left, .right, .left, .left, .left, .left, .left])
    for (number, revision) in revisions.enumerated() {
      let f = revision.fields
      let state = !revision.live ? "deleted" : number == revisions.count - 1 ? "current" : "earlier"
      table.add([
        "\(number + 1)", "\(revision.recordedAt.date) \(revision.recordedAt.time)", Render.safe(revision.action), state,
        Render.amount(f), Render.safe(f.category), Render.safe(f.method), Render.safe(f.merchant), Render.when(f),
        Render.clip(Render.safe(f.note), 30),
      ])
    }
    return ["#\(id): \(revisions.count) revision\(revisions.count == 1 ? "" : "s")"]
      + table.render(header: { output.style($0, .bold) })
  }
}

/// One revision of a transaction, as `history --json` gives it: what was done, then its fields.
struct RevisionJSON: Encodable {
  let revision: Int64
  let action: String
  let live: Bool
  let recordedAt: String
  let fields: Inline<TransactionFieldsJSON>
}
