import Foundation
import SpendlyTestSupport
import Testing

/// Typed entries, then a statement of each account, then a second statement of one: every typed
/// entry and transfer is met once, and the figures are the hand-computed ones (issue 25).
@Suite("spendly import: typed entries and transfers met once")
struct StatementReconcileTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/statements/reconcile").path

  static func world(_ sandbox: Sandbox) throws {
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--institution", "HDFC", "--opening", "100000", "--on",
      "2026-10-31", "--methods", "UPI,Debit Card")
    try sandbox.ok(
      "accounts", "add", "ICICI Current", "--type", "current", "--institution", "ICICI", "--opening", "0", "--on",
      "2026-10-31")
    try sandbox.ok(
      "accounts", "add", "HDFC Regalia", "--type", "card", "--institution", "HDFC", "--methods", "Credit Card",
      "--last4", "4242")
    try sandbox.ok("accounts", "add", "Wallet", "--type", "cash", "--methods", "Cash")
    try sandbox.ok(
      "accounts", "add", "Chase Freedom", "--type", "card", "--currency", "USD", "--last4", "9876", "--opening", "0",
      "--on", "2026-10-31")
  }

  static func typed(_ sandbox: Sandbox) throws {
    for phrase in [
      "atm 5000 on 5 nov", "paid credit card bill 25000 from hdfc savings on 10 nov",
      "transfer 20000 from hdfc savings to icici current on 15 nov", "1200 upi swiggy on 3 nov",
      "$45.67 whole foods groceries on 2 nov from chase freedom", "$129.99 amazon shopping on 4 nov from chase freedom",
    ] {
      try sandbox.ok("add", "--yes", phrase)
    }
  }

  static func imported(_ sandbox: Sandbox, _ file: String, _ extra: String...) throws -> [String: Any] {
    try #require(try json(sandbox.ok(["--json", "import", folder + "/" + file] + extra)) as? [String: Any])
  }

  /// Each currency's total of a measure ("spent", "income") in November 2026, in minor units.
  static func november(_ sandbox: Sandbox, _ measure: String) throws -> [String: Int] {
    let answer = try #require(try json(sandbox.ok("--json", "query", measure, "in", "november")) as? [String: Any])
    var result: [String: Int] = [:]
    for total in answer["totals"] as? [[String: Any]] ?? [] {
      let money = total[measure == "spent" ? "spent" : "income"] as? [String: Any]
      result[total["currency"] as? String ?? ""] = money?["amount_minor"] as? Int
    }
    return result
  }

  @Test func everyTypedEntryAndTransferIsMetOnce() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try Self.typed(sandbox)
    let hdfc = try Self.imported(
      sandbox, "hdfc-savings-nov-a.csv", "--mapping", Self.folder + "/hdfc.rules", "--account", "HDFC Savings")
    #expect(hdfc["matched"] as? Int == 4)
    #expect(hdfc["added"] as? Int == 1)  // the salary
    let icici = try Self.imported(
      sandbox, "icici-current-nov.csv", "--mapping", Self.folder + "/icici.rules", "--account", "ICICI Current")
    #expect(icici["matched"] as? Int == 1)
    #expect(icici["added"] as? Int == 1)
    let card = try Self.imported(sandbox, "chase-card-nov.qfx")
    #expect(card["matched"] as? Int == 2)
    let matches = try #require(card["matches"] as? [[String: Any]])
    #expect(matches.map { $0["bank"] as? String } == ["WHOLEFDS MKT 10234", "AMZN Mktp US*2K4LM1XY2"])
    #expect(matches.allSatisfy { $0["certain"] as? Bool == true })
    // A second statement of one account, overlapping the first by a day.
    let again = try Self.imported(sandbox, "hdfc-savings-nov-b.csv", "--account", "HDFC Savings")
    #expect(again["added"] as? Int == 1)
    #expect(again["duplicates"] as? Int == 1)
    for summary in [hdfc, icici, card, again] {
      let accounts = try #require(summary["accounts"] as? [[String: Any]])
      #expect(accounts.allSatisfy { $0["agrees"] as? Bool == true }, "\(accounts)")
    }
    // Six typed entries and four new rows; each transfer once, on both accounts.
    let listed = try #require(try json(sandbox.ok("--json", "list", "--from", "2026-11-01")) as? [[String: Any]])
    #expect(listed.count == 10)
    let transfers = listed.filter { $0["kind"] as? String == "transfer" }
    #expect(transfers.count == 3)
    #expect(
      Set(transfers.map { "\($0["account"] ?? "") → \($0["to_account"] ?? "")" }) == [
        "HDFC Savings → Wallet", "HDFC Savings → HDFC Regalia", "HDFC Savings → ICICI Current",
      ])
    #expect(try Self.november(sandbox, "spent") == ["INR": 555_000, "USD": 18_211])
    #expect(try Self.november(sandbox, "income") == ["INR": 8_500_000])
    let salary = listed.first { $0["kind"] as? String == "income" }
    #expect(salary?["category"] as? String == "Salary")
  }

  @Test func aTransferOnTwoStatementsIsOneTransferInEitherOrder() throws {
    for order in [["hdfc", "icici"], ["icici", "hdfc"]] {
      let sandbox = try Sandbox()
      try Self.world(sandbox)
      for bank in order {
        if bank == "hdfc" {
          _ = try Self.imported(
            sandbox, "hdfc-savings-nov-a.csv", "--mapping", Self.folder + "/hdfc.rules", "--account", "HDFC Savings")
        } else {
          _ = try Self.imported(
            sandbox, "icici-current-nov.csv", "--mapping", Self.folder + "/icici.rules", "--account", "ICICI Current")
        }
      }
      let listed = try #require(try json(sandbox.ok("--json", "list", "--from", "2026-11-01")) as? [[String: Any]])
      let neft = listed.filter { $0["amount_minor"] as? Int == 2_000_000 }
      #expect(neft.count == 1, "\(order)")
      #expect(neft.first?["kind"] as? String == "transfer")
      #expect(
        neft.first?["account"] as? String == "HDFC Savings" && neft.first?["to_account"] as? String == "ICICI Current")
      // No typed entries: the ATM row is cash taken out, the card bill a transfer to the card.
      let atm = try #require(listed.first { $0["amount_minor"] as? Int == 500_000 })
      #expect(atm["kind"] as? String == "transfer" && atm["to_account"] as? String == "Wallet")
      #expect(atm["merchant"] is NSNull)
      let bill = try #require(listed.first { $0["amount_minor"] as? Int == 2_500_000 })
      #expect(bill["kind"] as? String == "transfer" && bill["to_account"] as? String == "HDFC Regalia")
      #expect(try Self.november(sandbox, "spent") == ["INR": 305_000], "\(order)")
      #expect(try Self.november(sandbox, "income") == ["INR": 8_500_000], "\(order)")
    }
  }

  @Test func aNameChoosesBetweenCandidatesAndAnUnrelatedOneIsUncertain() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "10000", "--on", "2026-10-31", "--methods",
      "UPI")
    try sandbox.ok(
      "add", "--yes", "--amount", "1000", "--merchant", "Bescom", "--method", "UPI", "--date", "2026-11-05")
    try sandbox.ok("add", "--yes", "--amount", "300", "--merchant", "Social", "--method", "UPI", "--date", "2026-11-06")
    try sandbox.ok("add", "--yes", "--amount", "999", "--merchant", "Croma", "--method", "UPI", "--date", "2026-11-07")
    let summary = try Self.imported(
      sandbox, "unrelated.csv", "--mapping", Self.folder + "/plain.rules", "--account", "HDFC Savings")
    let matches = try #require(summary["matches"] as? [[String: Any]])
    // Two rows of 1000 on one day: Bescom's row is Bescom's, whatever the order of the rows.
    #expect(matches.first { $0["id"] as? Int == 1 }?["line"] as? Int == 3)
    #expect(matches.first { $0["id"] as? Int == 2 }?["certain"] as? Bool == true)
    // The only candidate of the same amount and day is met, and marked uncertain.
    let croma = try #require(matches.first { $0["id"] as? Int == 3 })
    #expect(croma["line"] as? Int == 5 && croma["certain"] as? Bool == false)
    #expect(summary["added"] as? Int == 1)
    let review = try sandbox.run(["import", Self.folder + "/unrelated.csv", "--account", "HDFC Savings", "--review"])
    #expect(review.status == 64)
  }

  @Test func anOlderStatementImportedLaterAgreesAndUndoesNothingANewerOneSettled() throws {
    // The intraday report of 27 Nov, then the final statement of 1–15 Nov.
    let sandbox = try Sandbox()
    _ = try Self.imported(sandbox, "dkb-27-nov.camt052.xml", "--yes")
    let older = try Self.imported(sandbox, "dkb-1-15-nov.camt053.xml")
    let checks = try #require(older["accounts"] as? [[String: Any]])
    #expect(checks.first?["agrees"] as? Bool == true, "\(checks)")
    #expect(checks.first?["computed_balance"] as? String == "5165.79")
    // The final statements of both halves, then the intraday report between them: its expired
    // hold of €200 stays gone.
    let later = try Sandbox()
    _ = try Self.imported(later, "dkb-1-15-nov.camt053.xml", "--yes")
    _ = try Self.imported(later, "dkb-16-30-nov.camt053.xml")
    let report = try Self.imported(later, "dkb-27-nov.camt052.xml")
    #expect(report["added"] as? Int == 0 && report["settled_by_newer"] as? Int == 1)
    let listed = try #require(try json(later.ok("--json", "list")) as? [[String: Any]])
    #expect(!listed.contains { $0["amount_minor"] as? Int == 20_000 })
    let accounts = try #require(try json(later.ok("--json", "accounts")) as? [String: Any])
    #expect((accounts["accounts"] as? [[String: Any]])?.first?["balance"] as? String == "5080.40")
  }

  @Test func aNarrationNamingAnotherOfTheAccountsIsATransferWithIt() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "10000", "--on", "2026-10-31", "--methods",
      "UPI")
    try sandbox.ok("accounts", "add", "ICICI Current", "--type", "current", "--last4", "9012")
    try sandbox.ok("accounts", "add", "SBI Savings", "--type", "savings", "--number", "000401234567")
    _ = try Self.imported(
      sandbox, "own-accounts.csv", "--mapping", Self.folder + "/plain.rules", "--account", "HDFC Savings")
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    let out = try #require(listed.first { $0["amount_minor"] as? Int == 300_000 })
    #expect(out["kind"] as? String == "transfer")
    #expect(out["account"] as? String == "HDFC Savings" && out["to_account"] as? String == "ICICI Current")
    let into = try #require(listed.first { $0["amount_minor"] as? Int == 150_000 })
    #expect(into["account"] as? String == "SBI Savings" && into["to_account"] as? String == "HDFC Savings")
    // A bare 9012 at a shop is no account of the person's.
    #expect(listed.first { $0["amount_minor"] as? Int == 25_000 }?["kind"] as? String == "expense")
  }

  @Test func aCurrencyColumnGivesEachCurrencyItsAccount() throws {
    let sandbox = try Sandbox()
    let summary = try Self.imported(sandbox, "multi-currency.csv", "--mapping", Self.folder + "/multi-currency.rules")
    #expect(createdAccounts(summary) == ["Bank EUR: savings", "Bank USD: savings"])
    let accounts = try #require(summary["accounts"] as? [[String: Any]])
    #expect(accounts.allSatisfy { $0["agrees"] as? Bool == true })
    let listed = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let currencies = (listed["accounts"] as? [[String: Any]])?.map { $0["currency"] as? String }
    #expect(currencies == ["EUR", "USD"])
  }

  /// Guesses a bank CSV's mapping (`import --guess`), then imports the file with it.
  static func guessed(_ sandbox: Sandbox, _ file: String, account: String) throws -> [String: Any] {
    let path = folder + "/../guess/" + file
    let rules = sandbox.directory + "/" + file + ".rules"
    try Data(try sandbox.ok("import", "--guess", path).utf8).write(to: URL(fileURLWithPath: rules))
    return try #require(
      try json(sandbox.ok("--json", "import", path, "--mapping", rules, "--account", account)) as? [String: Any])
  }

  /// The issue's scenario: typed entries, then HDFC, ICICI, SBI and Kotak CSVs as the banks write
  /// them (title, separator and footer lines; mappings guessed), a card QFX with abbreviated
  /// payees, a CAMT.052/053 pair out of order, and a second statement of one account.
  @Test func theScenarioEndsWithEveryFigureAsComputedByHand() throws {
    let sandbox = try Sandbox()
    for account in [
      [
        "HDFC Savings", "--type", "savings", "--institution", "HDFC", "--opening", "150000", "--methods",
        "UPI,Debit Card",
      ],
      ["ICICI Current", "--type", "current", "--institution", "ICICI", "--opening", "50000"],
      ["SBI Savings", "--type", "savings", "--institution", "SBI", "--opening", "25000"],
      ["Kotak Savings", "--type", "savings", "--institution", "Kotak", "--opening", "40000"],
      ["Chase Freedom", "--type", "card", "--currency", "USD", "--last4", "9876", "--opening", "0"],
    ] {
      try sandbox.ok(["accounts", "add"] + account + (account.contains("--opening") ? ["--on", "2026-10-31"] : []))
    }
    try sandbox.ok("accounts", "add", "HDFC Regalia", "--type", "card", "--methods", "Credit Card", "--last4", "4242")
    try sandbox.ok("accounts", "add", "Wallet", "--type", "cash", "--methods", "Cash")
    for phrase in [
      "atm 5000 on 5 nov", "paid credit card bill 25000 from hdfc savings on 10 nov",
      "transfer 20000 from hdfc savings to icici current on 15 nov", "349 upi swiggy on 1 nov",
      "atm 3000 from sbi savings on 13 nov", "$45.67 whole foods groceries on 2 nov from chase freedom",
      "$129.99 amazon shopping on 4 nov from chase freedom",
    ] {
      try sandbox.ok("add", "--yes", phrase)
    }
    var summaries = [
      try Self.guessed(sandbox, "hdfc.csv", account: "HDFC Savings"),
      try Self.guessed(sandbox, "icici.csv", account: "ICICI Current"),
      try Self.guessed(sandbox, "sbi.csv", account: "SBI Savings"),
      try Self.guessed(sandbox, "kotak.csv", account: "Kotak Savings"),
      try Self.imported(sandbox, "chase-card-nov.qfx"),
      try Self.imported(sandbox, "dkb-27-nov.camt052.xml", "--yes"),
      try Self.imported(sandbox, "dkb-1-15-nov.camt053.xml"),
    ]
    // Every typed entry met once: four on HDFC, the transfer's other end on ICICI, SBI's ATM, the card's two.
    #expect(summaries.map { $0["matched"] as? Int } == [4, 1, 1, 0, 2, 0, 0])
    summaries.append(try Self.imported(sandbox, "hdfc-dec.csv", "--account", "HDFC Savings"))
    #expect(summaries.last?["duplicates"] as? Int == 1)
    for summary in summaries {
      let accounts = try #require(summary["accounts"] as? [[String: Any]])
      #expect(accounts.allSatisfy { $0["agrees"] as? Bool == true }, "\(summary["file"] ?? ""): \(accounts)")
    }
    let listed = try #require(
      try json(sandbox.ok("--json", "list", "--from", "2026-11-01", "--to", "2026-11-30", "--limit", "0"))
        as? [[String: Any]])
    let ids = listed.compactMap { $0["id"] as? Int }
    #expect(Set(ids).count == ids.count)
    // Each transfer once, between the accounts it joins.
    let transfers = listed.filter { $0["kind"] as? String == "transfer" }.map {
      "\($0["account"] as? String ?? "?") → \($0["to_account"] as? String ?? "?")"
    }
    #expect(
      transfers.sorted() == [
        "HDFC Savings → HDFC Regalia", "HDFC Savings → ICICI Current", "HDFC Savings → Wallet",
        "ICICI Current → Wallet", "SBI Savings → HDFC Regalia", "SBI Savings → Wallet",
      ])
    // By hand: INR spent 349 + 1,299 + 15,000 + 420 + 1,245 + 4,500 + 612.40; income 85,000 +
    // 450.50 + 1,00,000 + 800 + 215. USD 45.67 + 129.99 + 6.45. EUR 834.21 + 65.40 + the pending hold
    // of 200 (pending counts until `config pending exclude`); income the salary of 2,000.
    let spent = try Self.november(sandbox, "spent")
    #expect(spent == ["INR": 2_342_540, "USD": 18_211, "EUR": 109_961], "\(spent)")
    #expect(try Self.november(sandbox, "income") == ["INR": 18_646_550, "EUR": 200_000])
  }

  @Test func aReferenceTheBankRepeatsIsNoDuplicateOfAnotherPayment() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "SBI Savings", "--type", "savings", "--opening", "10000", "--on", "2026-10-31")
    let rules = ["--mapping", Self.folder + "/plain.rules", "--account", "SBI Savings"]
    _ = try sandbox.ok(["import", Self.folder + "/repeated-ref-nov.csv"] + rules)
    let december = try #require(
      try json(sandbox.ok(["--json", "import", Self.folder + "/repeated-ref-dec.csv"] + rules)) as? [String: Any])
    #expect(december["added"] as? Int == 1 && december["duplicates"] as? Int == 0)
    #expect((december["accounts"] as? [[String: Any]])?.first?["agrees"] as? Bool == true)
    // Overlapping statements whose rows all carry one reference: each payment once.
    let b = try #require(
      try json(sandbox.ok(["--json", "import", Self.folder + "/repeated-ref-nov-b.csv"] + rules)) as? [String: Any])
    #expect(b["added"] as? Int == 1 && b["duplicates"] as? Int == 1)
    let c = try #require(
      try json(sandbox.ok(["--json", "import", Self.folder + "/repeated-ref-nov-c.csv"] + rules)) as? [String: Any])
    #expect(c["added"] as? Int == 1 && c["duplicates"] as? Int == 1)
    #expect((c["accounts"] as? [[String: Any]])?.first?["agrees"] as? Bool == true)
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(listed.count == 5)
  }

  @Test func anIMPSBetweenTwoAccountsIsOneTransferWithoutASharedReference() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "10000", "--on", "2026-10-31")
    try sandbox.ok("accounts", "add", "ICICI Current", "--type", "current", "--opening", "10000", "--on", "2026-10-31")
    _ = try Self.imported(
      sandbox, "imps-out.csv", "--mapping", Self.folder + "/plain.rules", "--account", "HDFC Savings")
    _ = try Self.imported(
      sandbox, "imps-in.csv", "--mapping", Self.folder + "/plain.rules", "--account", "ICICI Current")
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    let moved = listed.filter { $0["amount_minor"] as? Int == 700_000 }
    #expect(moved.count == 1 && moved.first?["kind"] as? String == "transfer")
    // A friend's 450 the day after Swiggy's is no transfer: Swiggy is Food.
    #expect(listed.filter { $0["amount_minor"] as? Int == 45_000 }.count == 2)
  }

  @Test func aCardCSVMarkingOnlyItsCreditsReadsBlanksAsCharges() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Regalia", "--type", "card")
    let path = Self.folder + "/card-marks.csv"
    let guess = try sandbox.ok("import", "--guess", path)
    #expect(guess.contains("payee = Description"))
    let rules = sandbox.directory + "/card.rules"
    try Data(guess.utf8).write(to: URL(fileURLWithPath: rules))
    try sandbox.ok("import", path, "--mapping", rules, "--account", "regalia")
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(listed.filter { $0["kind"] as? String == "expense" }.count == 2)
    #expect(listed.first { $0["amount_minor"] as? Int == 2_500_000 }?["kind"] as? String == "transfer")
  }

  @Test func aMappingThatReadsNoRowImportsNothingAndIsNotRemembered() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings")
    let path = Self.folder + "/imps-out.csv"
    let refused = try sandbox.run(["import", path, "--mapping", Self.folder + "/reads-nothing.rules", "--yes"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("reads no row"))
    let fixed = try Self.imported(
      sandbox, "imps-out.csv", "--mapping", Self.folder + "/plain.rules", "--account", "HDFC Savings")
    #expect(fixed["added"] as? Int == 2)
  }

  @Test func aQIFGoesToTheAccountHoldingItsRowsOrNamedByAWordInItsCurrency() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Amex Gold", "--type", "card", "--currency", "USD")
    _ = try Self.imported(sandbox, "amex-nov.qif", "--account", "amex")
    let later = try Self.imported(sandbox, "amex-nov-later.qif")
    #expect(later["added"] as? Int == 1 && later["duplicates"] as? Int == 2)
    #expect(createdAccounts(later) == [])
    let named = try Self.imported(sandbox, "amex-named.qif")
    #expect(named["added"] as? Int == 1 && createdAccounts(named) == [])
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(listed.count == 4 && listed.allSatisfy { $0["currency"] as? String == "USD" })
  }

  @Test func theGuessSaysWhatItCannotReadAndReadsWhatBanksWrite() throws {
    let sandbox = try Sandbox()
    // A statement that needs no mapping, and a broken row between rows: said, never skipped.
    let ofx = try sandbox.run(["import", "--guess", Self.folder + "/chase-card-nov.qfx"])
    #expect(ofx.status == 65 && ofx.stderr.contains("not a bank CSV"))
    let broken = try sandbox.ok("import", "--guess", Self.folder + "/broken-row.csv")
    #expect(broken.contains("# warning: line 4") && !broken.contains("skip-matching ="))
    // Title lines before an ICICI header: a CSV, asked for its mapping.
    let titled = try sandbox.run(["import", Self.folder + "/icici-titled.csv"])
    #expect(titled.status == 65 && titled.stderr.contains("a CSV needs a mapping"))
    // Kotak's Opening Balance line opens the account the import creates.
    let rules = sandbox.directory + "/kotak.rules"
    try Data(try sandbox.ok("import", "--guess", Self.folder + "/kotak-opening.csv").utf8)
      .write(to: URL(fileURLWithPath: rules))
    let kotak = try Self.imported(sandbox, "kotak-opening.csv", "--mapping", rules, "--yes")
    #expect(kotak["added"] as? Int == 1)
    let check = try #require((kotak["accounts"] as? [[String: Any]])?.first)
    #expect(check["agrees"] as? Bool == true && check["computed_balance"] as? String == "18755.00")
  }

  @Test func anAccountNumberInACSVTitleLineFindsItsAccount() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Savings", "--type", "savings", "--number", "50100098765432")
    let path = Self.folder + "/../guess/hdfc.csv"
    let rules = sandbox.directory + "/hdfc.rules"
    try Data(try sandbox.ok("import", "--guess", path).utf8).write(to: URL(fileURLWithPath: rules))
    let summary = try #require(try json(sandbox.ok("--json", "import", path, "--mapping", rules)) as? [String: Any])
    #expect(createdAccounts(summary) == [])
    #expect((summary["accounts"] as? [[String: Any]])?.first?["account"] as? String == "Savings")
  }

  /// A typed balance for a day that has one replaces it (a corrected figure); undo brings the
  /// first back. A balance of another day stays beside it.
  @Test func aCorrectedBalanceReplacesTheOneOfItsDay() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "1000", "--on", "2026-11-01")
    try sandbox.ok("reconcile", "HDFC Savings", "1,000.00", "--on", "2026-11-20")
    try sandbox.ok("reconcile", "HDFC Savings", "900.00")
    try sandbox.ok("reconcile", "HDFC Savings", "950.00")
    func statements() throws -> [String?] {
      let shown = try #require(try json(sandbox.ok("--json", "balance", "HDFC Savings")) as? [String: Any])
      return (shown["statements"] as? [[String: Any]] ?? []).map { $0["statement"] as? String }
    }
    #expect(try statements() == ["1000.00", "950.00"])
    try sandbox.ok("undo")
    #expect(try statements() == ["1000.00", "900.00"])
  }
}
