import SpendlyCore
import Testing

@testable import SpendlyStore

/// Accounts, transfers, statuses and balances in the store.
@Suite("Store: accounts, transfers and balances")
struct AccountStoreTests {
  static let savings = Account(
    name: "HDFC Savings", type: .savings, institution: "HDFC", currency: .inr, opening: 5_000_000,
    openingDate: LocalDate(iso: "2026-11-01"), methods: ["UPI", "Debit Card"])
  static let card = Account(
    name: "HDFC Regalia", aliases: ["regalia"], type: .card, institution: "HDFC", currency: .inr,
    methods: ["Credit Card"])
  static let wallet = Account(name: "Wallet", type: .wallet, currency: .inr, methods: ["Cash"])

  static func world(_ store: Store) throws {
    for account in [savings, card, wallet] { try store.accounts.add(account) }
  }

  static func transfer(_ rupees: Int64, from: String?, to: String?, method: String = "Bank Transfer")
    -> TransactionFields
  {
    TransactionFields(
      kind: .transfer, amount: Money(minorUnits: rupees * 100, currency: .inr), category: Transfer.category,
      method: method, date: LocalDate(iso: "2026-11-20")!, account: from, counterAccount: to)
  }

  static func balance(_ store: Store, _ name: String) throws -> Int64? {
    try store.accounts.balances(asOf: LocalDate(iso: "2026-11-29")!).first { $0.account.name == name }?.balance
  }

  @Test(arguments: Location.allCases)
  func aTransferMovesMoneyAndCountsInNoTotal(_ location: Location) throws {
    try withStore(location) { store, _ in
      try Self.world(store)
      try store.transactions.add(expense(420, method: "UPI"))
      let before = try store.reports.summaries(TransactionFilter())
      let saved = try store.transactions.add(Self.transfer(10_000, from: "HDFC Savings", to: "Wallet"))
      #expect(saved.fields.kind == .transfer)
      #expect(saved.fields.category == Transfer.category)
      #expect(saved.fields.entry == .debit)
      #expect(try store.reports.summaries(TransactionFilter()) == before)
      #expect(try Self.balance(store, "HDFC Savings") == 5_000_000 - 42_000 - 1_000_000)
      #expect(try Self.balance(store, "Wallet") == 1_000_000)
      // A card charge raises what is owed; the bill lowers it and the savings together.
      try store.transactions.add(expense(2_000, "Shopping", method: "Credit Card"))
      #expect(try Self.balance(store, "HDFC Regalia") == 200_000)
      try store.transactions.add(Self.transfer(1_500, from: nil, to: "regalia"))
      #expect(try Self.balance(store, "HDFC Regalia") == 50_000)
      #expect(try Self.balance(store, "HDFC Savings") == 5_000_000 - 42_000 - 1_000_000 - 150_000)
      // Listing shows them; totals and breakdowns do not.
      #expect(try store.transactions.count(TransactionFilter(kind: .transfer)) == 2)
      let breakdown = try store.reports.breakdown(TransactionFilter(), by: .method)
      #expect(!breakdown.groups.contains { $0.key == "Bank Transfer" })
      // Undo takes the last transfer back, and the balances with it.
      _ = try store.undo()
      #expect(try Self.balance(store, "HDFC Regalia") == 200_000)
    }
  }

  @Test func accountsAreInferredFromMethodsAndChecked() throws {
    try withStore(.memory) { store, _ in
      try Self.world(store)
      #expect(try store.transactions.add(expense(100, method: "UPI")).fields.account == "HDFC Savings")
      #expect(
        try store.transactions.add(expense(100, method: "Bank Transfer")).fields.account == "HDFC Savings",
        "a bank method with no account of its own draws on the bank account")
      #expect(try store.transactions.add(expense(100, method: "Other")).fields.account == nil)
      var dollars = expense(5, method: "Credit Card")
      dollars.amount = Money(minorUnits: 500, currency: .usd)
      #expect(try store.transactions.add(dollars).fields.account == nil, "a dollar charge is on no rupee account")
      dollars.account = "HDFC Regalia"
      guard case .invalid(let error)? = storeError({ try store.transactions.add(dollars) }) else {
        Issue.record("a dollar amount on a rupee account should be refused")
        return
      }
      #expect(error.field == "account")
      var same = Self.transfer(10, from: "Wallet", to: "Wallet")
      #expect(storeError { try store.transactions.add(same) } != nil)
      same.counterAccount = "nowhere"
      #expect(storeError { try store.transactions.add(same) } != nil)
    }
  }

  @Test func aClosedAccountKeepsItsHistoryAndTakesNothingNew() throws {
    try withStore(.memory) { store, _ in
      try Self.world(store)
      let old = try store.transactions.add(expense(100, method: "Cash", date: "2026-11-10"))
      var closed = Self.wallet
      closed.closedOn = LocalDate(iso: "2026-11-15")
      try store.accounts.update("Wallet", to: closed, action: .closeAccount)
      var later = expense(50, method: "Cash", date: "2026-11-20")
      later.account = "Wallet"
      #expect(storeError { try store.transactions.add(later) } != nil)
      #expect(try store.transactions.transaction(id: old.id)?.fields.account == "Wallet")
      var edited = old.fields
      edited.note = "still editable"
      #expect(try store.transactions.edit(id: old.id, edited).fields.note == "still editable")
      _ = try store.undo()
      _ = try store.undo()
      #expect(try store.accounts.account(named: "Wallet")?.closedOn == nil)
    }
  }

  @Test func accountChangesAreUndoneAndRedone() throws {
    try withStore(.disk) { store, _ in
      try Self.world(store)
      var renamed = Self.card
      renamed.name = "Regalia Gold"
      try store.accounts.update("HDFC Regalia", to: renamed, action: .renameAccount)
      #expect(try store.accounts.account(named: "HDFC Regalia")?.name == "Regalia Gold", "the old name stays an alias")
      _ = try store.undo()
      #expect(try store.accounts.account(named: "HDFC Regalia")?.aliases == ["regalia"])
      _ = try store.undo()
      _ = try store.undo()
      _ = try store.undo()
      #expect(try store.accounts.all().isEmpty)
      _ = try store.redo()
      var restored = try #require(try store.accounts.account(named: "HDFC Savings"))
      #expect(restored.id == AccountID(1), "a redo brings the account back under its id")
      restored.id = nil
      #expect(restored == Self.savings)
      #expect(storeError { try store.accounts.add(Self.savings) } != nil, "a name is taken once")
      var sharing = Self.wallet
      sharing.methods = ["UPI"]
      #expect(storeError { try store.accounts.add(sharing) } != nil, "a method draws on one account")
    }
  }

  @Test func rejectedAndMemoRowsCountNowhereAndPendingOnlyUntilExcluded() throws {
    try withStore(.memory) { store, _ in
      try Self.world(store)
      _ = try store.budgets.set(
        BudgetTarget(category: nil, currency: .inr), limit: 1_000_000, scope: .from, month: YearMonth(text: "2026-11")!,
        rollover: false)
      for (status, rupees) in [
        (TransactionStatus.booked, 100), (.pending, 20), (.authorized, 3), (.memo, 4_000), (.rejected, 50_000),
      ] {
        var fields = expense(Int64(rupees), method: "UPI")
        fields.status = status
        try store.transactions.add(fields)
      }
      let month = TransactionFilter(from: LocalDate(iso: "2026-11-01"), to: LocalDate(iso: "2026-11-30"))
      #expect(try store.reports.summaries(month).first?.expenses == 12_300)
      #expect(try store.transactions.count(month) == 5, "listed, all of them")
      #expect(
        try store.budgets.status(of: BudgetTarget(category: nil, currency: .inr), in: YearMonth(text: "2026-11")!)?
          .spent == 12_300)
      #expect(try Self.balance(store, "HDFC Savings") == 5_000_000 - 12_300)
      try store.settings.set(.pending, "exclude")
      #expect(try store.reports.summaries(month).first?.expenses == 10_000)
      #expect(
        try store.budgets.status(of: BudgetTarget(category: nil, currency: .inr), in: YearMonth(text: "2026-11")!)?
          .spent == 10_000)
      #expect(try Self.balance(store, "HDFC Savings") == 5_000_000 - 10_000)
      var pendingOnly = month
      pendingOnly.statuses = [.pending]
      #expect(try store.transactions.count(pendingOnly) == 1)
      #expect(try store.reports.summaries(pendingOnly).isEmpty, "excluded: a pending-only total is empty")
    }
  }

  /// Over random accounts and transactions, each balance is its opening plus the flows a
  /// reference adds up in Swift, and assets less liabilities is the net worth.
  @Test(arguments: 0..<6)
  func balancesAgreeWithTheSumOfTheTransactions(_ seed: Int) throws {
    try withStore(.memory) { store, _ in
      var random = SplitMix64(seed: UInt64(seed) &+ 77)
      let types = AccountType.allCases
      var accounts: [Account] = []
      for index in 0..<5 {
        let type = types[Int(random.next() % UInt64(types.count))]
        let methods = index < PaymentMethod.defaultNames.count - 1 ? [PaymentMethod.defaultNames[index]] : []
        let account = Account(
          name: "Account \(index)", type: type, currency: .inr, opening: Int64(random.next() % 1_000_000),
          openingDate: LocalDate(iso: "2026-10-0\(1 + index)"), methods: methods)
        try store.accounts.add(account)
        accounts.append(account)
      }
      let statuses = TransactionStatus.allCases
      var all: [TransactionFields] = []
      for _ in 0..<200 {
        let day = LocalDate(iso: "2026-10-01")!.adding(days: Int(random.next() % 60))
        let amount = Money(minorUnits: Int64(1 + random.next() % 500_000), currency: .inr)
        let pick = { (random: inout SplitMix64) in accounts[Int(random.next() % UInt64(accounts.count))].name }
        var fields: TransactionFields
        switch random.next() % 3 {
        case 0:
          fields = TransactionFields(
            kind: .expense, amount: amount, category: "Food", method: "Other", date: day, account: pick(&random))
        case 1:
          fields = TransactionFields(
            kind: .income, amount: amount, category: "Salary", method: "Other", date: day, account: pick(&random))
        default:
          let from = pick(&random)
          var to = pick(&random)
          while to == from { to = pick(&random) }
          fields = TransactionFields(
            kind: .transfer, amount: amount, category: Transfer.category, method: "Other", date: day, account: from,
            counterAccount: to, entry: random.next() % 4 == 0 ? .credit : .debit)
        }
        fields.status = statuses[Int(random.next() % UInt64(statuses.count))]
        all.append(try store.transactions.add(fields).fields)
      }
      for asOf in ["2026-10-03", "2026-10-31", "2026-11-29"].compactMap({ LocalDate(iso: $0) }) {
        let balances = try store.accounts.balances(asOf: asOf)
        var assets: Int64 = 0
        var liabilities: Int64 = 0
        for account in accounts {
          let flows = all.filter { $0.date <= asOf }.reduce(Int64(0)) { $0 + account.flow($1) }
          let opening = account.openingDate! <= asOf ? account.opening : 0
          let expected = account.isLiability ? opening - flows : opening + flows
          #expect(balances.first { $0.account.name == account.name }?.balance == expected, "\(account.name) on \(asOf)")
          if account.isLiability { liabilities += expected } else { assets += expected }
        }
        #expect(balances.filter { !$0.account.isLiability }.reduce(0) { $0 + $1.balance } == assets)
        #expect(balances.filter { $0.account.isLiability }.reduce(0) { $0 + $1.balance } == liabilities)
        // The day-by-day history ends where the balance is.
        let account = accounts[seed % accounts.count]
        let days = try store.accounts.days(account, through: asOf)
        let points = try BalanceHistory.points(
          account, movements: days.map { ($0.date, $0.credits - $0.debits) }, from: asOf, to: asOf, step: .day)
        #expect(points.first?.balance == balances.first { $0.account.name == account.name }?.balance)
      }
    }
  }

  @Test func statementBalancesAreKeptAndUndone() throws {
    try withStore(.memory) { store, _ in
      try Self.world(store)
      let statement = StatementBalance(
        kind: .booked, amount: 4_900_000, asOf: LocalDate(iso: "2026-11-28")!, source: "typed")
      try store.accounts.recordStatement("hdfc savings", statement)
      #expect(try store.accounts.statements("HDFC Savings") == [statement])
      _ = try store.undo()
      #expect(try store.accounts.statements("HDFC Savings").isEmpty)
    }
  }
}
