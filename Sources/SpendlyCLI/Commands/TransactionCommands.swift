import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Reads a transaction id: `12` or `#12`.
func transactionID(_ text: String) throws(CLIError) -> Int64 {
  let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
  guard let id = Int64(digits), id > 0 else { throw .usage("id '\(text)': expected a transaction number, like 12") }
  return id
}

func existing(_ id: Int64, _ store: Store) throws(CLIError) -> Transaction {
  let found: Transaction?
  do {
    found = try store.transactions.transaction(id: id)
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
  static let readsAmounts = true
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
    let notice = BudgetNotice(before: fields, context: context)
    let saved = try reporting { try store.transactions.edit(id: id, fields) }
    let budgets = notice.after(context)
    let detail = Render.detail(saved).map { "  " + $0 }
    return .lines(
      ["updated:"] + detail + (budgets.words.map { ["  " + $0] } ?? []) + budgets.lines.map { "  " + $0 },
      json: Render.json(saved))
  }
}

/// `spendly delete ID`
struct DeleteCommand: Command {
  static let name = "delete"
  static let aliases = ["rm"]
  static let summary = "delete a transaction (undo brings it back)"
  static let help = "usage: spendly delete ID\n\nThe transaction's revisions are kept; `spendly undo` restores it."
  static let examples = ["spendly delete 12", "spendly undo          # puts it back"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try transactionID(arguments.positional[0])
    let store = try context.store()
    let old = try reporting { try store.transactions.delete(id: id) }
    return .lines(
      ["deleted #\(id) · \(Render.amount(old.fields)) \(Render.safe(old.fields.category)) · undo brings it back"],
      json: JSON.object([("deleted", Render.json(old))]))
  }
}

/// `spendly undo`
struct UndoCommand: Command {
  static let name = "undo"
  static let summary = "revert the latest change of any kind (repeat to go further back)"
  static let help = """
    usage: spendly undo

    Reverts the latest change that is not yet undone: an add, edit, delete or import, a new
    category, method or alias, a rename, a setting. 'spendly redo' puts it back; 'spendly log'
    lists the changes.
    """
  static let examples = ["spendly undo", "spendly undo; spendly redo"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let store = try context.store()
    return report(try reporting { try store.undo() }, verb: "undid")
  }

  /// "undid add of #2", "undid: renamed category Food → Meals", and the JSON of it.
  static func report(_ result: UndoResult, verb: String) -> Rendered {
    let ids = result.transactionIDs.map { "#\($0)" }
    let subject = ids.count <= 5 ? ids.joined(separator: ", ") : "\(ids.count) transactions"
    // A change of single transactions names them; any other says what it was.
    let named = !ids.isEmpty && ["add", "edit", "delete", "import"].contains(result.action)
    let line = named ? "\(verb) \(result.action) of \(subject)" : "\(verb): \(Render.safe(result.summary))"
    return .lines(
      [line],
      json: JSON.object([
        (verb == "undid" ? "undone" : "redone", .string(result.action)), ("summary", .string(result.summary)),
        ("transactions", .array(result.transactionIDs.map { .int($0) })),
      ]))
  }
}

/// `spendly redo`
struct RedoCommand: Command {
  static let name = "redo"
  static let summary = "re-apply the change undone last"
  static let help = """
    usage: spendly redo

    Puts back the change 'spendly undo' reverted last, as long as nothing was changed since.
    """
  static let examples = ["spendly redo"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let store = try context.store()
    return UndoCommand.report(try reporting { try store.redo() }, verb: "redid")
  }
}

/// `spendly log`: the change log in plain words, newest first.
struct LogCommand: Command {
  static let name = "log"
  static let summary = "list recent changes in plain words"
  static let help = """
    usage: spendly log [--limit N]

    Every change, newest first: transactions added, edited, deleted or imported, categories,
    methods and aliases added, renames, settings, undos and redos. A change that was undone
    is marked so.

    options:
      --limit N   at most N changes (default 20; 0 for all)
    """
  static let examples = ["spendly log", "spendly log --limit 50 --json"]
  static let specs: [Arguments.Spec] = [.init("limit")]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let limit = try arguments.int("limit", default: 20)
    let entries = try reporting { try context.store().changeLog(limit: limit == 0 ? Int(Int32.max) : limit) }
    let output = context.output
    return Rendered(
      text: {
        guard !entries.isEmpty else { return ["no changes yet"] }
        var table = Table(headers: ["Change", "When", "What"], alignments: [.right, .left, .left])
        for entry in entries {
          let when = LocalDateTime(iso: entry.recordedAt).map { "\($0.date) \($0.time)" } ?? entry.recordedAt
          table.add([
            "#\(entry.id)", Render.safe(when),
            Render.safe(entry.summary) + (entry.undone ? output.style(" (undone)", .dim) : ""),
          ])
        }
        return table.render(header: { output.style($0, .bold) })
      },
      json: {
        JSON.array(
          entries.map { entry in
            .object([
              ("id", .int(entry.id)), ("action", .string(entry.action)), ("summary", .string(entry.summary)),
              ("recorded_at", .string(entry.recordedAt)), ("undone", .bool(entry.undone)),
            ])
          })
      })
  }
}

/// `spendly history ID`
struct HistoryCommand: Command {
  static let name = "history"
  static let summary = "list every revision of a transaction"
  static let help = "usage: spendly history ID"
  static let examples = ["spendly history 12"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a transaction id")
    let id = try transactionID(arguments.positional[0])
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
