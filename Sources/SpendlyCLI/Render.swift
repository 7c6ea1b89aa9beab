import SpendlyCore
import SpendlyStore

/// How transactions look on the terminal and in JSON.
enum Render {
  /// Text typed by people, safe to print.
  /// Text from outside made printable, without anything that would read as an Output style mark.
  static func safe(_ text: String?) -> String { Output.unmarked(TextSanitizer.printable(text ?? "")) }

  static func amount(_ fields: TransactionFields) -> String {
    MoneyFormat.signed(fields.amount, kind: fields.kind)
  }

  static func when(_ fields: TransactionFields) -> String {
    fields.date.description + (fields.time.map { " \($0)" } ?? "")
  }

  /// A table of transactions, newest first as given.
  static func table(_ transactions: [Transaction], output: Output) -> [String] {
    var table = Table(
      headers: ["ID", "Date", "Amount", "Category", "Method", "Merchant", "Note"],
      alignments: [.right, .left, .right, .left, .left, .left, .left])
    for transaction in transactions {
      let f = transaction.fields
      table.add([
        "#\(transaction.id)", when(f), amount(f), safe(f.category), safe(f.method), safe(f.merchant),
        clip(safe(f.note), 40),
      ])
    }
    return table.render(header: { output.style($0, .bold) })
  }

  /// Every field of one transaction, a line each.
  static func detail(_ transaction: Transaction) -> [String] {
    let f = transaction.fields
    var lines = [
      "#\(transaction.id)  \(f.kind.rawValue)  \(amount(f))",
      "  category   \(safe(f.category))",
      "  method     \(safe(f.method))",
      "  merchant   \(safe(f.merchant).isEmpty ? "—" : safe(f.merchant))",
      "  note       \(safe(f.note).isEmpty ? "—" : safe(f.note))",
      "  date       \(f.date.readable)" + (f.time.map { " \($0)" } ?? ""),
      "  currency   \(f.amount.currency.code)",
      "  status     \(f.status.rawValue)",
    ]
    if let foreign = f.foreignAmount {
      lines.append("  foreign    \(MoneyFormat.string(foreign))" + (f.rate.map { " at \($0)" } ?? ""))
    }
    if let source = f.importSource { lines.append("  imported   \(safe(source))") }
    if let reference = f.externalReference { lines.append("  reference  \(safe(reference))") }
    if let schedule = f.recurringID {
      lines.append("  schedule   #\(schedule) (a recurring charge; see: spendly recurring)")
    }
    if let debt = f.debtID { lines.append("  debt       #\(debt) (a payment; see: spendly debts)") }
    lines.append("  created    \(transaction.createdAt.date) \(transaction.createdAt.time)")
    lines.append("  updated    \(transaction.updatedAt.date) \(transaction.updatedAt.time)")
    return lines
  }

  static func clip(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  static func json(_ fields: TransactionFields) -> [(String, JSON)] {
    [
      ("kind", .string(fields.kind.rawValue)),
      ("amount", .string(fields.amount.decimalString)),
      ("amount_minor", .int(fields.amount.minorUnits)),
      ("currency", .string(fields.amount.currency.code)),
      ("category", .string(fields.category)),
      ("method", .string(fields.method)),
      ("merchant", .optional(fields.merchant)),
      ("note", .optional(fields.note)),
      ("date", .string(fields.date.description)),
      ("time", .optional(fields.time?.description)),
      ("status", .string(fields.status.rawValue)),
      ("import_source", .optional(fields.importSource)),
      ("external_reference", .optional(fields.externalReference)),
      ("foreign_amount", .optional(fields.foreignAmount?.decimalString)),
      ("foreign_currency", .optional(fields.foreignAmount?.currency.code)),
      ("rate", .optional(fields.rate)),
      ("recurring_id", fields.recurringID.map { .int($0) } ?? .null),
      ("debt_id", fields.debtID.map { .int($0) } ?? .null),
    ]
  }

  static func json(_ transaction: Transaction) -> JSON {
    .object(
      [("id", .int(transaction.id))] + json(transaction.fields) + [
        ("created_at", .string(transaction.createdAt.description)),
        ("updated_at", .string(transaction.updatedAt.description)),
      ])
  }
}
