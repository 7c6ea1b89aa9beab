import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly log`: the change log in plain words, newest first.
struct LogCommand: Command {
  static let name = "log"
  static let summary = "list recent changes in plain words"
  static let help = """
    usage: spendly log [--limit N]

    Every change, newest first: transactions added, edited, deleted or imported, categories,
    methods and aliases added, renames, settings, undos and redos. A change that was undone
    is marked so.
    """
  static let examples = ["spendly log", "spendly log --limit 50 --json"]
  static let specs: [Option] = [.value("limit", "N", .number(0...Int.max), "at most N changes (default 20; 0 for all)")]

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
          let words = ChangeWords.text(entry.fact, action: entry.action, id: entry.id)
          let when = LocalDateTime(iso: entry.recordedAt).map { "\($0.date) \($0.time)" } ?? entry.recordedAt
          table.add([
            "#\(entry.id)", Render.safe(when),
            Render.safe(words) + (entry.undone ? output.style(" (undone)", .dim) : ""),
          ])
        }
        return table.render(header: { output.style($0, .bold) })
      },
      json: {
        JSON(
          entries.map { entry in
            LogEntryJSON(
              id: entry.id, action: entry.action,
              summary: ChangeWords.text(entry.fact, action: entry.action, id: entry.id),
              recordedAt: entry.recordedAt, undone: entry.undone)
          })
      })
  }
}

/// One change of `log --json`: its id and action, the words `log` shows, when, and whether undone.
struct LogEntryJSON: Encodable {
  let id: Int64
  let action: String
  let summary: String
  let recordedAt: String
  let undone: Bool
}
