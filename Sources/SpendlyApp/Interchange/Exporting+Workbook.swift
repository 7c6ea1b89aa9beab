import SpendlyCore
import SpendlyInterchange
import SpendlyStore

extension Exporting {
  /// A workbook of four sheets (Transactions, Category Summary, Payment Method Summary,
  /// Summary), its figures from the same store totals as `query` and `dashboard`, each currency
  /// on its own rows. The count of transactions written.
  func workbook(_ file: String, store: Store) throws(Refusal) -> Int {
    let filter = self.filter
    var rows = 0
    do {
      var writer = try XLSXWriter(path: file)
      try writer.sheet(
        name: "Transactions",
        header: [
          "Date", "Time", "Type", "Amount", "Currency", "Category", "Payment Method", "Account", "Merchant", "Note",
          "Status",
        ], widths: [12, 7, 10, 16, 9, 18, 16, 18, 26, 34, 10]
      ) { sheet in
        try store.transactions.each(filter) { t in
          let f = t.fields
          let signed = f.kind == .expense ? -f.amount.minorUnits : f.amount.minorUnits
          try sheet.append([
            .date(f.date), f.time.map { .time(hour: $0.hour, minute: $0.minute) } ?? .empty, .text(f.kind.rawValue),
            WorkbookCells.amount(signed, f.amount.currency), .text(f.amount.currency.code),
            .text(f.kind == .transfer ? Transfer.category : f.category),
            .text(f.method), WorkbookCells.text(f.kind == .transfer ? WorkbookCells.transferAccounts(f) : f.account),
            WorkbookCells.text(f.merchant),
            WorkbookCells.text(f.note), .text(f.status.rawValue),
          ])
          rows += 1
        }
      }
      let reports = store.reports
      let summaries = try reports.summaries(filter)
      var spending = filter
      spending.kind = .expense
      var earning = filter
      earning.kind = .income
      let expenseByCategory = try reports.breakdown(spending, by: .category)
      let incomeByCategory = try reports.breakdown(earning, by: .category)
      try writer.sheet(
        name: "Category Summary", header: ["Currency", "Type", "Category", "Transactions", "Total", "Share"],
        widths: [9, 10, 20, 13, 18, 9]
      ) { sheet in
        for summary in summaries {
          for (kind, breakdown, whole) in [
            ("expense", expenseByCategory, summary.expenses), ("income", incomeByCategory, summary.income),
          ] {
            for row in breakdown.groups where row.currency == summary.currency {
              try sheet.append([
                .text(row.currency.code), .text(kind), .text(row.key), .integer(Int64(row.count)),
                WorkbookCells.amount(row.minorUnits, row.currency), WorkbookCells.share(row.minorUnits, whole),
              ])
            }
          }
        }
      }
      let spentByMethod = try reports.breakdown(spending, by: .method)
      let receivedByMethod = try reports.breakdown(earning, by: .method)
      try writer.sheet(
        name: "Payment Method Summary",
        header: ["Currency", "Payment Method", "Transactions", "Spent", "Received", "Share of spending"],
        widths: [9, 18, 13, 18, 18, 17]
      ) { sheet in
        for summary in summaries {
          var methods: [String] = []
          for row in spentByMethod.groups + receivedByMethod.groups
          where row.currency == summary.currency && !methods.contains(row.key) {
            methods.append(row.key)
          }
          for method in methods {
            let spent = spentByMethod.groups.first { $0.currency == summary.currency && $0.key == method }
            let received = receivedByMethod.groups.first { $0.currency == summary.currency && $0.key == method }
            try sheet.append([
              .text(summary.currency.code), .text(method),
              .integer(Int64((spent?.count ?? 0) + (received?.count ?? 0))),
              WorkbookCells.amount(spent?.minorUnits ?? 0, summary.currency),
              WorkbookCells.amount(received?.minorUnits ?? 0, summary.currency),
              WorkbookCells.share(spent?.minorUnits ?? 0, summary.expenses),
            ])
          }
        }
      }
      try writer.sheet(
        name: "Summary", header: ["Currency", "Income", "Expenses", "Savings", "Savings Rate", "Transactions"],
        widths: [9, 18, 18, 18, 13, 13]
      ) { sheet in
        for summary in summaries where summary.problem == nil {
          try sheet.append([
            .text(summary.currency.code), WorkbookCells.amount(summary.income, summary.currency),
            WorkbookCells.amount(summary.expenses, summary.currency),
            WorkbookCells.amount(summary.savings, summary.currency),
            summary.savingsRateBasisPoints.map { .decimal($0, scale: 4, format: "0.0%") } ?? .empty,
            .integer(Int64(summary.count)),
          ])
        }
      }
      try writer.finish()
    } catch {
      throw Self.refusal(error)
    }
    return rows
  }
}

/// The cells of a workbook's rows: amounts in their currency's format, shares, text.
enum WorkbookCells {
  /// An amount cell: the exact decimal with its currency's format.
  static func amount(_ minorUnits: Int64, _ currency: Currency) -> WorkbookCell {
    .decimal(minorUnits, scale: currency.exponent, format: numberFormat(currency, minorUnits))
  }

  /// A share as a percentage cell: the ratio itself to 12 places (rounded half up there), which the
  /// format rounds for the eye; empty when the whole is nothing.
  static func share(_ part: Int64, _ whole: Int64) -> WorkbookCell {
    guard whole > 0, part.magnitude / UInt64(whole) < 1_000_000 else { return .empty }
    let scale: UInt64 = 1_000_000_000_000
    let (quotient, remainder) = UInt64(whole).dividingFullWidth(part.magnitude.multipliedFullWidth(by: scale))
    let rounded = Int64(quotient) + (remainder.multipliedReportingOverflow(by: 2).partialValue >= UInt64(whole) ? 1 : 0)
    guard case .number(var text, let format) = WorkbookCell.decimal(part < 0 ? -rounded : rounded, scale: 12, format: "0.0%")
    else { return .empty }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return .number(text, format: format)
  }

  static func text(_ value: String?) -> WorkbookCell { value.map { .text($0) } ?? .empty }

  static func transferAccounts(_ f: TransactionFields) -> String? {
    let from = f.account ?? f.method
    guard let to = f.counterAccount ?? f.counterMethod else { return f.account }
    return f.entry == .debit ? "\(from) → \(to)" : "\(to) → \(from)"
  }

  /// The currency's number format for `minorUnits` as Excel writes it: the rupee grouped in
  /// lakhs and crores, the others with their own symbol and digits.
  static func numberFormat(_ currency: Currency, _ minorUnits: Int64 = 0) -> String {
    let decimals = currency.exponent == 0 ? "" : "." + String(repeating: "0", count: currency.exponent)
    switch currency.code {
    case "INR": return lakhFormat(decimals, minorUnits, scale: currency.minorPerMajor)
    case "USD": return "$#,##0\(decimals)"
    case "JPY": return "[$¥-411]#,##0\(decimals)"
    case "EUR": return "[$€-2] #,##0\(decimals)"
    case "GBP": return "[$£-809]#,##0\(decimals)"
    default: return "#,##0\(decimals) \"\(currency.code)\""
    }
  }

  /// Lakh grouping that Excel and LibreOffice both show (`#,##,##0` groups in thousands in
  /// LibreOffice): a section for crores, one for lakhs, one below. A negative amount takes the
  /// one section for its size, so each program writes its minus once.
  static func lakhFormat(_ decimals: String, _ minorUnits: Int64, scale: Int64) -> String {
    let symbol = "[$₹-4009]"
    let crore = symbol + "##\\,##\\,##\\,##0" + decimals
    let lakh = symbol + "##\\,##\\,##0" + decimals
    let below = symbol + "##,##0" + decimals
    let major = minorUnits.magnitude / UInt64(scale)
    // A hundred crore and more: a group of two for every two digits more (a format has two
    // conditions at most, so the cell takes the one for its size).
    if major >= 1_000_000_000 {
      let digits = String(major).count
      let separators = (digits - 3 + 1) / 2
      return symbol + "##" + String(repeating: "\\,##", count: separators - 1) + "\\,##0" + decimals
    }
    guard minorUnits < 0 else { return "[>=10000000]\(crore);[>=100000]\(lakh);\(below)" }
    return major >= 10_000_000 ? crore : major >= 100_000 ? lakh : below
  }
}
