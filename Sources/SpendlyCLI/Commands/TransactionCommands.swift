import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Reads a transaction id: `12` or `#12`.
func transactionID(_ text: String) throws(CLIError) -> Int64 {
  let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
  guard let id = Int64(digits), id > 0 else { throw .usage("id '\(text)': expected a transaction number, like 12") }
  return id
}

func existing(_ id: Int64, _ store: TransactionStore) throws(CLIError) -> Transaction {
  let found: Transaction?
  do {
    found = try store.transaction(id: id)
  } catch {
    throw error.cli
  }
  guard let found else { throw StoreError.notFound(id).cli }
  return found
}

/// `spendly show ID`
struct ShowCommand: Command {
  static let name = "show"
  static let summary = "show every field of one transaction"
  static let help = "usage: spendly show ID\n\nexample:\n  spendly show 12"
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let transaction = try existing(try transactionID(arguments.positional[0]), try context.store())
    return Rendered(
      text: { Render.detail(transaction) }, json: { Render.json(transaction) },
      warnings: { Render.warnings(Listing(items: [transaction])) })
  }
}

/// `spendly edit ID --FIELD VALUE...`
struct EditCommand: Command {
  static let name = "edit"
  static let summary = "change fields of a transaction (the old version is kept)"
  static let help = """
    usage: spendly edit ID --FIELD VALUE...

    Writes a new revision; `spendly history ID` lists them and `spendly undo` reverts.

    options:
    \(FieldOptions.help)

    example:
      spendly edit 12 --amount 450 --note "lunch with Asha"
    """
  static let specs = FieldOptions.specs

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try transactionID(arguments.positional[0])
    guard FieldOptions.any(arguments) else {
      throw .usage("'edit' needs at least one field option, like --amount 450 (see: spendly edit --help)")
    }
    let store = try context.store()
    let old = try existing(id, store).fields
    var draft = TransactionDraft(old)
    try FieldOptions.apply(
      arguments, to: &draft, parser: try context.phraseParser(), today: context.today, editing: true)
    guard let fields = draft.fields else { throw .data("amount: missing") }
    guard fields != old else { return .lines(["#\(id) unchanged: it already has those values"]) }
    let saved = try reporting { try store.edit(id: id, fields) }
    return .lines(["updated:"] + Render.detail(saved).map { "  " + $0 }, json: Render.json(saved))
  }
}

/// `spendly delete ID`
struct DeleteCommand: Command {
  static let name = "delete"
  static let aliases = ["rm"]
  static let summary = "delete a transaction (undo brings it back)"
  static let help = "usage: spendly delete ID\n\nThe transaction's revisions are kept; `spendly undo` restores it."
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try transactionID(arguments.positional[0])
    let store = try context.store()
    let old = try reporting { try store.delete(id: id) }
    return .lines(
      ["deleted #\(id) · \(Render.amount(old.fields)) \(Render.safe(old.fields.category)) · undo brings it back"],
      json: JSON.object([("deleted", Render.json(old))]))
  }
}

/// `spendly undo`
struct UndoCommand: Command {
  static let name = "undo"
  static let summary = "revert the latest change (repeat to go further back)"
  static let help = "usage: spendly undo\n\nReverts the latest add, edit or delete that is not yet undone."
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let store = try context.store()
    let result = try reporting { try store.undo() }
    let ids = result.transactionIDs.map { "#\($0)" }
    let subject = ids.count <= 5 ? ids.joined(separator: ", ") : "\(ids.count) transactions"
    return .lines(
      ["undid \(result.action) of \(subject)"],
      json: JSON.object([
        ("undone", .string(result.action)), ("transactions", .array(result.transactionIDs.map { .int($0) })),
      ]))
  }
}

/// `spendly history ID`
struct HistoryCommand: Command {
  static let name = "history"
  static let summary = "list every revision of a transaction"
  static let help = "usage: spendly history ID"
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try transactionID(arguments.positional[0])
    let listing: Listing<Revision>
    let store = try context.store()
    do {
      listing = try store.historyListing(id: id)
    } catch {
      throw error.cli
    }
    let revisions = listing.items
    guard !revisions.isEmpty || !listing.damaged.isEmpty else { throw .data(StoreError.notFound(id).description) }
    let output = context.output
    return Rendered(
      text: { historyTable(id, revisions, output: output) },
      json: {
        JSON.array(
          revisions.map { revision in
            .object(
              [
                ("revision", .int(revision.id)), ("action", .string(revision.action)), ("live", .bool(revision.live)),
                ("recorded_at", .string(revision.recordedAt.description)),
              ] + Render.json(revision.fields))
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
