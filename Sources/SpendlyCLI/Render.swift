import SpendlyCore
import SpendlyStore

/// How transactions look on the terminal and in JSON.
enum Render {
  /// Text typed by people, safe to print.
  /// Text from outside made printable, without anything that would read as an Output style mark.
  /// A line break or tab in it (a note's) shows as ⏎ or ⇥, so it stays on its line.
  static func safe(_ text: String?) -> String { Output.unmarked(TextSanitizer.oneLine(text ?? "")) }

  /// A value in a message: quoted, at most about 60 characters, control characters written out,
  /// so a 10 MB value or a CR in it keeps the message one short line.
  static func quoted(_ text: String?) -> String { Output.unmarked(TextSanitizer.quoted(text ?? "")) }

  static func amount(_ fields: TransactionFields) -> String {
    MoneyFormat.signed(fields.amount, kind: fields.kind)
  }

  /// "₹1,046.50 (originally $12.50 at 83.72)": the foreign amount beside the one that counts.
  static func foreign(_ fields: TransactionFields) -> String? {
    guard let foreign = fields.foreignAmount else { return nil }
    return "originally \(MoneyFormat.string(foreign))" + (fields.rate.map { " at \(safe($0.text))" } ?? "")
  }

  /// Where the money was: "HDFC Savings → Wallet" for a transfer, the account or method otherwise.
  /// A transfer's end that is only a method, when the other is an account, is money no account
  /// keeps: "HDFC Savings → Cash (untracked)".
  static func place(_ fields: TransactionFields) -> String {
    let source = safe(fields.account ?? fields.method)
    guard fields.kind == .transfer else { return source }
    let other = fields.counterAccount ?? fields.counterMethod
    let destination = other.map(safe) ?? "—"
    let (from, to) = untracked(
      source, destination, account: fields.account, counterAccount: fields.counterAccount,
      counterMethod: fields.counterMethod)
    return fields.entry == .debit ? "\(from) → \(to)" : "\(to) → \(from)"
  }

  /// A transfer's two ends as shown, the one that is only a method marked `(untracked)` when the
  /// other is an account; with no account at either end (a person who keeps none) nothing is.
  static func untracked(
    _ source: String, _ destination: String, account: String?, counterAccount: String?, counterMethod: String?
  ) -> (String, String) {
    if account != nil, counterAccount == nil, counterMethod != nil { return (source, destination + " (untracked)") }
    if account == nil, counterAccount != nil { return (source + " (untracked)", destination) }
    return (source, destination)
  }

  /// "pending", "authorized": a mark for rows not yet settled, or that never count.
  static func statusMark(_ fields: TransactionFields) -> String? {
    fields.status == .booked ? nil : fields.status.rawValue
  }

  static func when(_ fields: TransactionFields) -> String {
    fields.date.description + (fields.time.map { " \($0)" } ?? "")
  }

  /// A table of transactions, newest first as given.
  static func table(_ transactions: [Transaction], output: Output) -> [String] {
    // Account and status columns appear only when some row has one, so a person with no
    // accounts and no imports sees the table as before.
    let accounts = transactions.contains { $0.fields.account != nil || $0.fields.kind == .transfer }
    let statuses = transactions.contains { $0.fields.status != .booked }
    var headers = ["ID", "Date", "Amount", "Category", accounts ? "Account" : "Method", "Merchant", "Note"]
    var alignments: [Table.Alignment] = [.right, .left, .right, .left, .left, .left, .left]
    if statuses {
      headers.insert("Status", at: 3)
      alignments.insert(.left, at: 3)
    }
    var table = Table(headers: headers, alignments: alignments)
    for transaction in transactions {
      let f = transaction.fields
      var row = [
        "#\(transaction.id)", when(f), amount(f), safe(f.category), accounts ? place(f) : safe(f.method),
        safe(f.merchant),
        clip(safe([foreign(f).map { "(\($0))" }, f.note].compactMap { $0 }.joined(separator: " ")), 40),
      ]
      if statuses {
        let mark = statusMark(f) ?? ""
        row.insert(f.status.isUnsettled ? output.style(mark, .yellow) : output.style(mark, .dim), at: 3)
      }
      table.add(row)
    }
    return table.render(header: { output.style($0, .bold) })
  }

  /// Every field of one transaction, a line each.
  static func detail(_ transaction: Transaction) -> [String] {
    let f = transaction.fields
    var lines = [
      "#\(transaction.id)  \(f.kind.rawValue)  \(amount(f))" + (foreign(f).map { " (\($0))" } ?? ""),
      "  category   \(safe(f.category))",
      "  method     \(safe(f.method))" + (f.counterMethod.map { " → \(safe($0))" } ?? ""),
      "  merchant   \(safe(f.merchant).isEmpty ? "—" : safe(f.merchant))",
      "  note       \(safe(f.note).isEmpty ? "—" : safe(f.note))",
      "  date       \(f.date.readable)" + (f.time.map { " \($0)" } ?? ""),
      "  currency   \(f.amount.currency.code)",
      "  status     \(f.status.rawValue)" + (f.status.counts(pendingExcluded: false) ? "" : " (counts in no total)"),
    ]
    if f.account != nil || f.counterAccount != nil {
      lines.insert("  account    \(place(f)) · \(f.entry.rawValue)", at: 3)
    }
    if let posted = f.postedDate { lines.append("  posted     \(posted.readable)") }
    if let foreign = f.foreignAmount {
      lines.append("  foreign    \(MoneyFormat.string(foreign))" + (f.rate.map { " at \($0.text)" } ?? ""))
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

  static func json(_ fields: TransactionFields) -> [(String, JSON)] { JSON(TransactionFieldsJSON(fields)).pairs }

  static func json(_ transaction: Transaction) -> JSON { JSON(TransactionJSON(transaction)) }
}
