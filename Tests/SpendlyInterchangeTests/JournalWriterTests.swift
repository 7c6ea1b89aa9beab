import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyInterchange

/// Journals for ledger, hledger and beancount, read back by the real tools: each file must load
/// without an error, and the tools' totals per currency must be the ones Spendly counts.
@Suite("Journal export: ledger, hledger, beancount", .serialized)
struct JournalWriterTests {
  // MARK: A world with accounts, and one without

  static let categories: [SpendlyCore.Category] =
    [
      "Food & Dining", "Food Dining", "eating out", "Café ☕", "2-wheeler", "Rent: Flat", "Say \"Hi\"", "日本旅行",
      "  Spaced   Out  ", "Tab\there\nnewline", "किराना", "कराना",
    ].map { SpendlyCore.Category(name: $0, side: .expense) }
    + ["Salary", "Freelance: Design", "Refund"].map { SpendlyCore.Category(name: $0, side: .income) }
  static let methods =
    PaymentMethod.defaults + [PaymentMethod(name: "Paytm Wallet"), PaymentMethod(name: "Gift (card)")]
  static let nov1 = LocalDate(year: 2026, month: 11, day: 1)!

  static let accounts = [
    Account(
      name: "HDFC Savings", type: .savings, currency: .inr, opening: 5_000_000, openingDate: nov1,
      methods: ["UPI", "Debit Card", "Bank Transfer"]),
    Account(
      name: "Amex: Gold", type: .card, currency: .inr, opening: 120_000, openingDate: nov1, methods: ["Credit Card"]),
    Account(name: "Cash", type: .cash, currency: .inr, opening: 200_000, methods: ["Cash"]),
    Account(
      name: "Car Loan", type: .loan, currency: .inr, opening: 50_000_000,
      openingDate: LocalDate(year: 2026, month: 10, day: 1)),
    Account(name: "Chase Checking", type: .current, currency: .usd, opening: 100_000, openingDate: nov1),
    Account(name: "Suica", type: .wallet, currency: .jpy, opening: 5000, openingDate: nov1),
    Account(name: "1st Bank", type: .savings, currency: .bhd, opening: 1500, openingDate: nov1),
  ]
  static let withAccounts = Catalog(categories: categories, methods: methods, accounts: accounts)
  static let withoutAccounts = Catalog(categories: categories, methods: methods)

  static func day(_ day: Int, _ month: Int = 11) -> LocalDate { LocalDate(year: 2026, month: month, day: day)! }
  static func inr(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .inr) }

  /// Every kind and status, foreign amounts, four currencies and one Spendly does not know, on
  /// named accounts, accounts drawn on by methods, methods alone and names that are no account.
  static let fields: [TransactionFields] = [
    TransactionFields(
      kind: .expense, amount: inr(42_000), category: "Food & Dining", method: "UPI",
      merchant: "Café \"Mocha\"; Bandra | x", note: "line1\nline2 [1] x:: 1+ :tag: \\ end", date: day(5),
      account: "HDFC Savings"),
    TransactionFields(
      kind: .expense, amount: inr(25_000), category: "eating out", method: "UPI", date: day(6), status: .pending,
      account: "HDFC Savings"),
    TransactionFields(
      kind: .expense, amount: inr(104_650), category: "Food Dining", method: "Credit Card", merchant: "(Pizza) NY",
      date: day(29), status: .authorized, foreignAmount: Money(minorUnits: 1250, currency: .usd),
      rate: ExchangeRate("83.72"),
      account: "Amex: Gold"),
    TransactionFields(
      kind: .expense, amount: inr(99_900), category: "Food & Dining", method: "UPI", date: day(7), status: .memo,
      account: "HDFC Savings"),
    TransactionFields(
      kind: .expense, amount: inr(88_800), category: "Food & Dining", method: "UPI", date: day(8), status: .rejected,
      account: "HDFC Savings"),
    TransactionFields(
      kind: .income, amount: inr(8_000_000), category: "Salary", method: "Bank Transfer", merchant: "ACME\tCorp",
      date: day(30), account: "HDFC Savings"),
    TransactionFields(
      kind: .transfer, amount: inr(104_650), category: Transfer.category, method: "Bank Transfer", date: day(30),
      account: "HDFC Savings", counterAccount: "Amex: Gold"),
    TransactionFields(
      kind: .transfer, amount: inr(500_000), category: Transfer.category, method: "Cash", note: "ATM", date: day(10),
      account: "Cash", counterAccount: "HDFC Savings", entry: .credit),
    TransactionFields(
      kind: .transfer, amount: inr(1_500_000), category: Transfer.category, method: "Bank Transfer", date: day(15),
      account: "HDFC Savings", counterAccount: "Car Loan"),
    TransactionFields(
      kind: .expense, amount: Money(minorUnits: 1235, currency: .jpy), category: "日本旅行", method: "Other",
      merchant: "Lawson 東京", date: day(20), account: "Suica"),
    TransactionFields(
      kind: .expense, amount: Money(minorUnits: 4200, currency: .usd), category: "Rent: Flat", method: "Other",
      date: day(21), foreignAmount: Money(minorUnits: 3900, currency: .jpy), rate: ExchangeRate("0.010769"),
      account: "Chase Checking"),
    // Before the account's opening date: Spendly counts it as already in the opening balance.
    TransactionFields(
      kind: .expense, amount: inr(30_000), category: "Café ☕", method: "UPI", date: day(25, 10),
      account: "HDFC Savings"),
    TransactionFields(
      kind: .income, amount: inr(50_000), category: "Refund", method: "Credit Card", date: day(25),
      account: "Amex: Gold"),
    // An imported transfer that knows only its own end.
    TransactionFields(
      kind: .transfer, amount: inr(200_000), category: Transfer.category, method: "Bank Transfer", date: day(26),
      importSource: "hdfc.ofx", account: "HDFC Savings"),
    TransactionFields(kind: .expense, amount: inr(9900), category: "2-wheeler", method: "Paytm Wallet", date: day(27)),
    TransactionFields(
      kind: .expense, amount: Money(minorUnits: 1235, currency: .bhd), category: "Say \"Hi\"", method: "Other",
      date: day(28), account: "1st Bank"),
    TransactionFields(
      kind: .expense, amount: inr(1000), category: "  Spaced   Out  ", method: "Gift (card)", merchant: "",
      date: day(28)),
    TransactionFields(
      kind: .income, amount: Money(minorUnits: 30_000, currency: .usd), category: "Freelance: Design",
      method: "Bank Transfer", date: day(22), status: .pending, account: "Chase Checking"),
    TransactionFields(
      kind: .expense, amount: Money(minorUnits: 7, currency: .unknown("ZZ9")), category: "Tab\there\nnewline",
      method: "Cash", date: day(23)),
    TransactionFields(
      kind: .expense, amount: inr(777), category: "Mystery", method: "Other", merchant: "Old \u{1B}[31mshop\u{7}",
      date: day(24), account: "Old Wallet"),
    // On no account, though their methods are accounts' (saved before those accounts were made):
    // they post to the methods, not to the accounts, whose balances leave them out.
    TransactionFields(
      kind: .expense, amount: inr(12_345), category: "eating out", method: "Credit Card", date: day(24)),
    TransactionFields(
      kind: .transfer, amount: inr(300_000), category: Transfer.category, method: "Bank Transfer",
      date: day(12), counterMethod: "Cash"),
    // Names that differ by a vowel sign, and a payee that looks like a code.
    TransactionFields(
      kind: .expense, amount: inr(45_000), category: "किराना", method: "UPI", merchant: "(1234) Shop", date: day(13),
      account: "HDFC Savings"),
    TransactionFields(
      kind: .expense, amount: inr(18_000), category: "कराना", method: "Cash", date: day(14), account: "Cash"),
  ]

  /// The rows as the store gives them to an export: oldest first (ids in the order written).
  static func transactions(_ fields: [TransactionFields]) -> [Transaction] {
    let stamp = LocalDateTime(date: nov1, time: LocalTime(hour: 9, minute: 0)!)
    return fields.enumerated().map { Transaction(id: Int64($0 + 1), fields: $1, createdAt: stamp, updatedAt: stamp) }
      .sorted { ($0.fields.date, $0.id) < ($1.fields.date, $1.id) }
  }

  /// The same rows for a person who keeps no accounts: methods only.
  static var methodOnly: [TransactionFields] {
    fields.map {
      var fields = $0
      fields.account = nil
      if fields.kind == .transfer, fields.counterAccount != nil { fields.counterMethod = "Cash" }
      fields.counterAccount = nil
      return fields
    }
  }

  // MARK: Tools

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run), arguments: [false, true])
  func ledgerReadsItWithSpendlysTotals(pendingExcluded: Bool) throws {
    for (catalog, fields) in [(Self.withAccounts, Self.fields), (Self.withoutAccounts, Self.methodOnly)] {
      let file = try Self.journal(.ledger, catalog, fields, pendingExcluded: pendingExcluded)
      defer { Self.remove(file) }
      let checked = try Self.run("ledger", "--pedantic", "-f", file, "bal")
      #expect(checked.status == 0, "ledger --pedantic bal: \(checked.stderr)")
      #expect(checked.stderr.isEmpty, "\(checked.stderr)")
      for root in ["Expenses", "Income"] {
        let totals = try Self.ledgerBalance(file, "^\(root):", depth: 1)
        #expect(totals == Self.expected(root, fields, pendingExcluded), "ledger \(root)")
      }
      if catalog.accounts.isEmpty { continue }
      for account in Self.accounts {
        let name = "^" + Self.journalName(account, .ledger) + "$"
        let balance = try Self.ledgerBalance(file, name, depth: nil)[account.currency.code] ?? 0
        #expect(try balance == Self.expectedBalance(account, fields, pendingExcluded), "ledger \(account.name)")
      }
    }
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run), arguments: [false, true])
  func hledgerReadsItWithSpendlysTotals(pendingExcluded: Bool) throws {
    for (catalog, fields) in [(Self.withAccounts, Self.fields), (Self.withoutAccounts, Self.methodOnly)] {
      let file = try Self.journal(.hledger, catalog, fields, pendingExcluded: pendingExcluded)
      defer { Self.remove(file) }
      let checked = try Self.run("hledger", "-f", file, "bal")
      #expect(checked.status == 0, "hledger bal: \(checked.stderr)")
      let strict = try Self.run(
        "hledger", "-f", file, "check", "--strict", "ordereddates", "payees", "accounts", "commodities")
      #expect(strict.status == 0, "hledger check --strict: \(strict.stderr)")
      for root in ["Expenses", "Income"] {
        let totals = try Self.hledgerBalance(file, "^\(root)(:|$)")
        #expect(totals == Self.expected(root, fields, pendingExcluded), "hledger \(root)")
      }
      if catalog.accounts.isEmpty { continue }
      for account in Self.accounts {
        let name = "^" + Self.journalName(account, .hledger) + "$"
        let balance = try Self.hledgerBalance(file, name)[account.currency.code] ?? 0
        #expect(try balance == Self.expectedBalance(account, fields, pendingExcluded), "hledger \(account.name)")
      }
    }
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run), arguments: [false, true])
  func beancountChecksItWithSpendlysTotals(pendingExcluded: Bool) throws {
    for (catalog, fields) in [(Self.withAccounts, Self.fields), (Self.withoutAccounts, Self.methodOnly)] {
      let file = try Self.journal(.beancount, catalog, fields, pendingExcluded: pendingExcluded)
      defer { Self.remove(file) }
      let checked = try Self.run("bean-check", file)
      #expect(checked.status == 0, "bean-check: \(checked.stdout)\(checked.stderr)")
      #expect(checked.stdout.isEmpty && checked.stderr.isEmpty, "\(checked.stdout)\(checked.stderr)")
      let balances = try Self.beancountBalances(file)
      for root in ["Expenses", "Income"] {
        var totals: [String: Int64] = [:]
        for (account, amounts) in balances where account.hasPrefix(root + ":") {
          for (code, minor) in amounts { totals[code, default: 0] += minor }
        }
        #expect(totals.filter { $0.value != 0 } == Self.expected(root, fields, pendingExcluded), "beancount \(root)")
      }
      if catalog.accounts.isEmpty { continue }
      for account in Self.accounts {
        let balance = balances[Self.journalName(account, .beancount)]?[account.currency.code] ?? 0
        #expect(try balance == Self.expectedBalance(account, fields, pendingExcluded), "beancount \(account.name)")
      }
    }
  }

  /// A journal from a later day opens every account at its balance the day before, so each
  /// tool's balance at the end is Spendly's over the whole history; strict checks still pass.
  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func aJournalFromALaterDayOpensAtTheBalances()
    throws
  {
    let day = Self.day(14)
    let before = Self.fields.filter { $0.date <= day }
    let balances = try Self.accounts.map { account in
      let journal = try Self.expectedBalance(account, before, false)
      return account.isLiability ? -journal : journal
    }
    let later = Self.transactions(Self.fields).filter { $0.fields.date > day }
    for flavor in JournalFlavor.allCases {
      var writer = JournalWriter(
        flavor: flavor, catalog: Self.withAccounts, defaultCurrency: .inr, pendingExcluded: false,
        start: JournalWriter.Start(day: day, balances: balances))
      var text = ""
      try writer.write(later, to: &text)
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spendly-from-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("from.journal").path
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      #expect(!text.contains("2026-10-"), "no row or opening before the day: \(flavor)")
      for account in Self.accounts {
        let expected = try Self.expectedBalance(account, Self.fields, false)
        let name = Self.journalName(account, flavor)
        let balance: Int64
        switch flavor {
        case .ledger: balance = try Self.ledgerBalance(file, "^" + name + "$", depth: nil)[account.currency.code] ?? 0
        case .hledger: balance = try Self.hledgerBalance(file, "^" + name + "$")[account.currency.code] ?? 0
        case .beancount: balance = try Self.beancountBalances(file)[name]?[account.currency.code] ?? 0
        }
        #expect(balance == expected, "\(flavor) \(account.name)")
      }
      switch flavor {
      case .ledger: #expect(try Self.run("ledger", "--pedantic", "-f", file, "bal").status == 0)
      case .hledger:
        let strict = try Self.run(
          "hledger", "-f", file, "check", "--strict", "ordereddates", "payees", "accounts", "commodities")
        #expect(strict.status == 0, "\(strict.stderr)")
      case .beancount:
        let checked = try Self.run("bean-check", file)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
      }
    }
  }

  /// A journal that ends (`--to`) before an account opened has no opening entry for it.
  @Test func aJournalEndingBeforeAnOpeningLeavesItOut() throws {
    let end = Self.day(31, 10)
    var writer = JournalWriter(
      flavor: .hledger, catalog: Self.withAccounts, defaultCurrency: .inr, pendingExcluded: false, through: end)
    var text = ""
    try writer.write(Self.transactions(Self.fields).filter { $0.fields.date <= end }, to: &text)
    #expect(text.contains("Liabilities:Car Loan  -500000.00 INR"), "opened 1 Oct: \(text)")
    #expect(!text.contains("2026-11-01 * Opening balance"), "\(text)")
  }

  /// Many rows streamed to a file, an entry at a time, still add up in ledger.
  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func aLongJournalIsStreamedAndAddsUp() throws {
    let currencies: [Currency] = [.inr, .usd, .jpy]
    var rows: [TransactionFields] = []
    for i in 0..<20_000 {
      let currency = currencies[i % 3]
      let kind: Kind = i % 7 == 0 ? .income : i % 11 == 0 ? .transfer : .expense
      let category = kind == .income ? "Salary" : Self.categories[i % 10].name
      rows.append(
        TransactionFields(
          kind: kind, amount: Money(minorUnits: Int64(100 + i * 37), currency: currency), category: category,
          method: Self.methods[i % Self.methods.count].name, date: Self.day(1 + i % 28),
          status: TransactionStatus.allCases[i % 5], counterMethod: kind == .transfer ? "Cash" : nil))
    }
    let file = try Self.journal(.ledger, Self.withoutAccounts, rows, pendingExcluded: false)
    defer { Self.remove(file) }
    for root in ["Expenses", "Income"] {
      #expect(try Self.ledgerBalance(file, "^\(root):", depth: 1) == Self.expected(root, rows, false))
    }
  }

  // MARK: Names and text

  @Test func beancountNamesAreCapitalisedWordsJoinedByDashes() {
    let cases = [
      ("Food & Dining", "Food-Dining"), ("eating out", "Eating-Out"), ("2-wheeler", "2-Wheeler"),
      ("Café ☕", "Café"), ("Rent: Flat", "Rent-Flat"), ("Say \"Hi\"", "Say-Hi"), ("日本旅行", "X-日本旅行"), ("किराना", "X-किराना"),
      ("कराना", "X-कराना"),
      ("  Spaced   Out  ", "Spaced-Out"), ("Tab\there\nnewline", "Tab-Here-Newline"), ("☕", "Unnamed"),
      ("Cafe\u{301}", "Café"),
    ]
    for (name, expected) in cases { #expect(JournalFlavor.beancount.accountComponent(name) == expected, "\(name)") }
  }

  @Test func ledgerNamesKeepTheirWordsOnOneLine() {
    let cases = [
      ("Food & Dining", "Food & Dining"), ("Rent: Flat", "Rent-Flat"), ("  Spaced   Out  ", "Spaced Out"),
      ("Tab\there\nnewline", "Tab here newline"), ("a\u{1B}[31mb", "ab"), (" ", "Unnamed"),
    ]
    for flavor in [JournalFlavor.ledger, .hledger] {
      for (name, expected) in cases { #expect(flavor.accountComponent(name) == expected, "\(name)") }
    }
  }

  @Test func namesThatReadAlikeAfterCleaningTakeASuffix() throws {
    var writer = JournalWriter(
      flavor: .beancount, catalog: Self.withAccounts, defaultCurrency: .inr, pendingExcluded: false)
    let text = try Self.transactions(Self.fields).map { try writer.entry($0) }.joined()
    #expect(text.contains("  Expenses:Food-Dining  1046.50 INR") == false, "Food Dining is the second name")
    #expect(text.contains("  Expenses:Food-Dining-2  1046.50 INR"))
    #expect(text.contains("  Expenses:Food-Dining  420.00 INR"))
  }

  @Test func moneySidesFollowAccountsThenMethods() throws {
    func text(_ flavor: JournalFlavor, _ catalog: Catalog, _ fields: [TransactionFields]) throws -> String {
      var writer = JournalWriter(flavor: flavor, catalog: catalog, defaultCurrency: .inr, pendingExcluded: false)
      return try Self.transactions(fields).map { try writer.entry($0) }.joined() + (try writer.footer())
    }
    let named = try text(.ledger, Self.withAccounts, Self.fields)
    #expect(
      named.contains("    Liabilities:Credit Card  -123.45 INR"),
      "a Credit Card entry on no account stays the method's, off the card (as its balance has it)")
    #expect(!named.contains("    Liabilities:Amex-Gold  -123.45 INR"))
    #expect(named.contains("    Assets:Paytm Wallet  -99.00 INR"), "a method on no account is its own")
    #expect(named.contains("    Assets:Old Wallet  -7.77 INR"), "an account the catalog does not know is an asset")
    #expect(named.contains("    Equity:Transfers  2000.00 INR"), "a transfer's unknown end")
    #expect(named.contains("    Liabilities:Car Loan  15000.00 INR"), "a loan payment lowers what is owed")
    #expect(named.contains("    Liabilities:Car Loan  -500000.00 INR"), "a loan's opening is owed")
    #expect(named.contains("    Assets:HDFC Savings  50300.00 INR"), "less what came before the opening date")
    let methods = try text(.beancount, Self.withoutAccounts, Self.methodOnly)
    #expect(methods.contains("  Liabilities:Credit-Card  -1046.50 INR"))
    #expect(methods.contains("  Assets:Bank-Transfer  -15000.00 INR"))
    #expect(methods.contains("  Assets:Cash  15000.00 INR"))
    #expect(methods.contains("  Assets:Debit-Card") == false)
    #expect(!methods.contains("Opening"), "no accounts, no openings")
  }

  /// An opening balance that no longer fits once the rows before its day are taken out, or a
  /// loan's that cannot be turned into a credit, is an error naming it: never wrapped, never
  /// left out of the journal.
  @Test func anOpeningThatDoesNotFitIsAnErrorNamingIt() throws {
    func footer(_ account: Account, after fields: [TransactionFields]) throws -> String {
      let catalog = Catalog(categories: Self.categories, methods: Self.methods, accounts: [account])
      var writer = JournalWriter(flavor: .ledger, catalog: catalog, defaultCurrency: .inr, pendingExcluded: false)
      for transaction in Self.transactions(fields) { _ = try writer.entry(transaction) }
      return try writer.footer()
    }
    let savings = Account(
      name: "HDFC Savings", type: .savings, currency: .inr, opening: .max, openingDate: Self.nov1, methods: ["UPI"])
    // 300.00 spent before the opening date: the opening entry would be Int64.max + 30000.
    let early = [Self.fields[11]]
    #expect(throws: FigureTooLarge(name: "HDFC Savings", figure: "opening balance")) {
      try footer(savings, after: early)
    }
    #expect(try footer(savings, after: []).contains("    Assets:HDFC Savings  92233720368547758.07 INR"))
    let loan = Account(name: "Car Loan", type: .loan, currency: .inr, opening: .min, openingDate: Self.nov1)
    #expect(throws: FigureTooLarge(name: "Car Loan", figure: "opening balance")) { try footer(loan, after: []) }
  }

  @Test func untrustedTextCannotBreakTheLine() {
    #expect(JournalFlavor.hledger.payee("Café \"Mocha\"; Bandra | x") == "Café \"Mocha\", Bandra / x")
    #expect(JournalFlavor.ledger.payee("(Pizza)  NY\n") == "(Pizza) NY")
    #expect(JournalFlavor.ledger.descriptionLine("(1234) Shop") == "() (1234) Shop", "an empty code keeps the payee")
    #expect(JournalFlavor.beancount.payee("Say \"hi\" \\ back\n\u{0}") == "\"Say \\\"hi\\\" \\\\ back\"")
    #expect(JournalFlavor.ledger.commodity(.unknown("zz9")) == "\"ZZ9\"")
    #expect(JournalFlavor.beancount.commodity(.unknown("9")) == "X9")
    #expect(JournalFlavor.rate("83.72") == "83.72")
    #expect(JournalFlavor.rate("1e5") == nil && JournalFlavor.rate("0") == nil && JournalFlavor.rate("8 INR") == nil)
  }

  @Test func pricesAndForeignAmountsGoBesideTheEntry() throws {
    for flavor in JournalFlavor.allCases {
      var writer = JournalWriter(
        flavor: flavor, catalog: Self.withAccounts, defaultCurrency: .inr, pendingExcluded: false)
      let text = try Self.transactions([Self.fields[2], Self.fields[2]]).map { try writer.entry($0) }.joined()
      let price = flavor == .beancount ? "2026-11-29 price USD 83.72 INR\n" : "P 2026-11-29 USD 83.72 INR\n"
      #expect(text.components(separatedBy: price).count == 2, "one price a day: \(flavor)")
      #expect(text.contains(flavor == .beancount ? "  foreign: 12.50 USD\n" : "    ; foreign: 12.50 USD\n"))
      #expect(text.contains(flavor == .beancount ? "  id: \"1\"\n" : "    ; id: 1\n"))
      #expect(text.contains("2026-11-29 ! "), "an authorized row is pending")
    }
    var excluding = JournalWriter(
      flavor: .ledger, catalog: Self.withAccounts, defaultCurrency: .inr, pendingExcluded: true)
    #expect(try excluding.entry(Self.transactions([Self.fields[2]])[0]) == "")
    #expect(excluding.leftOut == 1 && excluding.written == 0)
  }

  // MARK: What Spendly counts

  /// Per currency, the total a tool shows for `root`: spending positive, income negative.
  static func expected(_ root: String, _ fields: [TransactionFields], _ pendingExcluded: Bool) -> [String: Int64] {
    var totals: [String: Int64] = [:]
    for row in fields where row.status.counts(pendingExcluded: pendingExcluded) {
      if root == "Expenses", row.kind == .expense {
        totals[row.amount.currency.code, default: 0] += row.amount.minorUnits
      }
      if root == "Income", row.kind == .income { totals[row.amount.currency.code, default: 0] -= row.amount.minorUnits }
    }
    return totals
  }

  /// The account's balance as Spendly reads it (rows it draws on by their method included), as
  /// the journal holds it: what an asset holds, what is owed on a liability as a credit.
  static func expectedBalance(_ account: Account, _ fields: [TransactionFields], _ pendingExcluded: Bool) throws
    -> Int64
  {
    // A row on no account stays off the account its method draws on, as Spendly's balance has it.
    let flows = fields.filter { $0.amount.currency == account.currency }.map {
      account.flow($0, pendingExcluded: pendingExcluded)
    }.reduce(0, +)
    let balance = try account.balance(flows: flows, on: day(31, 12))
    return account.isLiability ? -balance : balance
  }

  static func journalName(_ account: Account, _ flavor: JournalFlavor) -> String {
    (account.isLiability ? "Liabilities:" : "Assets:") + flavor.accountComponent(account.name)
  }

  // MARK: Files and processes

  static func journal(
    _ flavor: JournalFlavor, _ catalog: Catalog, _ fields: [TransactionFields], pendingExcluded: Bool
  ) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spendly-journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("spendly.\(flavor == .beancount ? "beancount" : "journal")").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    var output = FileOutput(handle: handle)
    var writer = JournalWriter(
      flavor: flavor, catalog: catalog, defaultCurrency: .inr, pendingExcluded: pendingExcluded)
    try writer.write(transactions(fields), to: &output)
    output.flush()
    try handle.close()
    return path
  }

  static func remove(_ file: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: file).deletingLastPathComponent())
  }

  /// Writes to a file in blocks, so a journal is never held whole.
  struct FileOutput: TextOutputStream {
    let handle: FileHandle
    var buffer: [UInt8] = []

    mutating func write(_ string: String) {
      buffer.append(contentsOf: string.utf8)
      if buffer.count > 1 << 16 { flush() }
    }

    mutating func flush() {
      handle.write(Data(buffer))
      buffer.removeAll(keepingCapacity: true)
    }
  }

  /// Runs a tool found on PATH; a missing tool exits 127 and fails the test that needs it.
  static func run(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
    try run(arguments)
  }

  /// `ledger bal QUERY` with one line per commodity: "1046.50 INR", "12 \"ZZ9\"".
  static func ledgerBalance(_ file: String, _ query: String, depth: Int?) throws -> [String: Int64] {
    var arguments = ["ledger", "-f", file, "bal", query, "--no-total", "--balance-format", "%(display_total)\n"]
    if let depth { arguments += ["--depth", String(depth)] }
    let result = try run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    var totals: [String: Int64] = [:]
    for line in result.stdout.split(separator: "\n") {
      let parts = line.trimmingSpaces().split(separator: " ")
      guard parts.count == 2 else {
        #expect(line.trimmingSpaces() == "0", "ledger wrote \(line)")
        continue
      }
      let code = parts[1].replacingOccurrences(of: "\"", with: "")
      totals[code, default: 0] += try #require(minor(String(parts[0]), code), "\(line)")
    }
    return totals.filter { $0.value != 0 }
  }

  /// `hledger bal QUERY -O csv --layout bare`: its total row for each commodity.
  static func hledgerBalance(_ file: String, _ query: String) throws -> [String: Int64] {
    let result = try run(["hledger", "-f", file, "bal", query, "-O", "csv", "--layout", "bare"])
    #expect(result.status == 0, "\(result.stderr)")
    var totals: [String: Int64] = [:]
    for line in result.stdout.split(separator: "\n") {
      let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"\r")) }
      guard cells.count == 3, cells[0] == "total", !cells[1].isEmpty else { continue }
      totals[cells[1], default: 0] += try #require(minor(cells[2], cells[1]), "\(line)")
    }
    return totals.filter { $0.value != 0 }
  }

  /// Every account's balance per currency, as beancount's own loader adds them up.
  static func beancountBalances(_ file: String) throws -> [String: [String: Int64]] {
    let script = """
      import sys
      from collections import defaultdict
      from beancount import loader
      from beancount.core import data
      entries, errors, options = loader.load_file(sys.argv[1])
      for error in errors:
          print("ERROR", error.message)
      totals = defaultdict(int)
      for entry in entries:
          if isinstance(entry, data.Transaction):
              for posting in entry.postings:
                  totals[(posting.account, posting.units.currency)] += posting.units.number
      for (account, currency), number in sorted(totals.items()):
          print(account + "\\t" + currency + "\\t" + str(number))
      """
    let result = try run(["python3", "-c", script, file])
    #expect(result.status == 0, "\(result.stderr)")
    var balances: [String: [String: Int64]] = [:]
    for line in result.stdout.split(separator: "\n") {
      let cells = line.split(separator: "\t").map(String.init)
      guard cells.count == 3 else {
        Issue.record("beancount: \(line)")
        continue
      }
      let number = try #require(minor(cells[2], cells[1]), "\(line)")
      balances[cells[0], default: [:]][cells[1]] = number
    }
    return balances
  }

  static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spendly-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: out, encoding: .utf8),
      try String(contentsOf: err, encoding: .utf8)
    )
  }

  /// A tool's decimal ("-1046.50", "1046.5000") as minor units of the currency it names; nil
  /// for one with more digits than the currency has that are not zeros.
  static func minor(_ text: String, _ code: String) -> Int64? {
    let exponent = Currency.named(code)?.exponent ?? 0
    var body = Substring(text)
    let negative = body.hasPrefix("-")
    if negative { body = body.dropFirst() }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = Int64(parts[0]) else { return nil }
    var fraction = parts.count == 2 ? String(parts[1]) : ""
    while fraction.count > exponent, fraction.last == "0" { fraction.removeLast() }
    guard fraction.count <= exponent else { return nil }
    fraction += String(repeating: "0", count: exponent - fraction.count)
    var scale: Int64 = 1
    for _ in 0..<exponent { scale *= 10 }
    let value = whole * scale + (Int64(fraction) ?? 0)
    return negative ? -value : value
  }
}
