import Foundation
import SpendlyTestSupport
import Testing

/// `spendly open LINK` and `spendly log-payment`: every link form, every hostile link refused
/// with one line and nothing saved, and the unattended path for scripts.
@Suite("quick capture: open and log-payment")
struct QuickCaptureTests {
  func rows(_ sandbox: Sandbox) throws -> [[String: Any]] {
    guard FileManager.default.fileExists(atPath: sandbox.database) else { return [] }
    return try #require(try json(try sandbox.ok("--json", "list")) as? [[String: Any]])
  }

  /// A refusal: the exit code, one line on stderr saying so, nothing on stdout, nothing saved.
  func refused(_ arguments: [String], code: Int32 = 65, saying words: String, _ sandbox: Sandbox) throws {
    let result = try sandbox.run(arguments)
    #expect(result.status == code, "\(arguments.map { String($0.prefix(80)) }): \(result.stderr)")
    #expect(result.stderrLines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(words), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(try rows(sandbox).isEmpty)
  }

  @Test func aLinkWithEveryFieldSaves() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok(
      "open", "spendly://quickadd?amount=420&category=Food&method=UPI&merchant=Social&note=lunch&date=2026-11-28",
      "--yes")
    // The saved line names the day (not today's) and the merchant.
    #expect(out == "saved #1 · -₹420.00 Food · UPI · Sat 28 Nov 2026 · Social\n")
    let row = try #require(try rows(sandbox).first)
    #expect(row["amount"] as? String == "420.00")
    #expect(row["kind"] as? String == "expense")
    #expect(row["category"] as? String == "Food")
    #expect(row["method"] as? String == "UPI")
    #expect(row["merchant"] as? String == "Social")
    #expect(row["note"] as? String == "lunch")
    #expect(row["date"] as? String == "2026-11-28")
  }

  @Test func aPhraseLinkReadsAsAddDoes() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok("open", "spendly://quickadd?text=420%20upi%20food", "--yes")
    #expect(out == "saved #1 · -₹420.00 Food · UPI\n")
    // + is a space too, and the scheme and action are read in any case.
    _ = try sandbox.ok("open", "SPENDLY://QuickAdd/?text=180+cash+coffee", "--yes")
    let saved = try rows(sandbox)
    #expect(saved.count == 2)
    #expect(saved.first?["method"] as? String == "Cash")
    #expect(saved.first?["amount"] as? String == "180.00")
  }

  @Test func explicitValuesWinOverThePhrase() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.ok("open", "spendly://quickadd?text=420%20upi%20food&amount=99&method=Cash", "--yes")
    let row = try #require(try rows(sandbox).first)
    #expect(row["amount"] as? String == "99.00")
    #expect(row["method"] as? String == "Cash")
    #expect(row["category"] as? String == "Food")
  }

  @Test func aContradictingCategoryIsDroppedAndSaid() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["open", "spendly://quickadd?text=420%20upi%20lunch&category=Salary", "--yes"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("dropped category Salary: it is an income category and this is an expense"))
    let row = try #require(try rows(sandbox).first)
    #expect(row["kind"] as? String == "expense")
    #expect(row["category"] as? String == "Food")
    // Off a terminal without --yes the draft is not saved, whatever it says.
    #expect(try sandbox.run(["--json", "open", "spendly://quickadd?amount=5&category=Salary"]).status == 64)
  }

  @Test func aBareLinkOrOneWithoutAnAmountIsRefusedOffATerminal() throws {
    let sandbox = try Sandbox()
    try refused(["open", "spendly://quickadd", "--yes"], saying: "amount: missing in the link", sandbox)
    try refused(["open", "spendly://quickadd?", "--yes"], saying: "amount: missing", sandbox)
    try refused(["open", "spendly://quickadd?method=UPI&note=x", "--yes"], saying: "amount: missing", sandbox)
    try refused(["open", "spendly://quickadd?text=upi%20food", "--yes"], saying: "amount: missing", sandbox)
  }

  @Test func offATerminalWithoutYesNothingIsSaved() throws {
    let sandbox = try Sandbox()
    try refused(["open", "spendly://quickadd?amount=420"], code: 64, saying: "add --yes", sandbox)
  }

  @Test func hostileAmountsAreRefused() throws {
    let sandbox = try Sandbox()
    for amount in ["-5", "0", "1e9999", "99999999999999999999", "1.234", "abc", "%2D5"] {
      try refused(["open", "spendly://quickadd?amount=\(amount)", "--yes"], saying: "amount", sandbox)
    }
  }

  @Test func malformedLinksAreRefusedAndNamed() throws {
    let sandbox = try Sandbox()
    let cases: [(String, String)] = [
      ("https://quickadd?amount=420", "is not a spendly:// link"),
      ("spendly:quickadd?amount=420", "expected spendly://quickadd"),
      ("spendly://delete?id=1", "unknown action 'delete'"),
      ("spendly://quickadd?amount=420&amount=5", "key 'amount' is given twice"),
      ("spendly://quickadd?amount=420&evil=1", "unknown key 'evil'"),
      ("spendly://quickadd?amount=420&note=%ZZ", "malformed escape '%ZZ'"),
      ("spendly://quickadd?amount=420&note=%4", "malformed escape"),
      ("spendly://quickadd?amount=420&note=%1B%5B31m", "escape sequence (U+001B)"),
      ("spendly://quickadd?amount=420&note=a%0Ab", "a control character (U+000A)"),
      ("spendly://quickadd?amount=420&note=%C2%9B", "a control character (U+009B)"),
      ("spendly://quickadd?amount=420&note=%E2%80%AE", "invisible or direction-changing character (U+202E)"),
      ("spendly://quickadd?amount=420&note=%FF%FE", "not valid UTF-8"),
      ("spendly://quickadd?amount=420&note=a b", "a space at byte"),
      ("spendly://quickadd?amount=420&note=\u{1B}[2J", "a control character at byte"),
      ("spendly://quickadd?amount=420&&note=x", "an empty parameter"),
      ("spendly://quickadd?amount", "has no value"),
      ("spendly://quickadd?amount=", "'amount' is empty"),
      ("spendly://quickadd?amount=420#x", "fragment"),
      ("spendly://quickadd?amount=420&category=Nonsense", "unknown category"),
      ("spendly://quickadd?amount=420&method=Teleport", "unknown payment method"),
      ("spendly://quickadd?amount=420&date=2026-02-30", "date"),
    ]
    for (link, words) in cases {
      try refused(["open", link, "--yes"], saying: words, sandbox)
    }
  }

  @Test func aLongLinkIsRefused() throws {
    let sandbox = try Sandbox()
    let long = "spendly://quickadd?amount=420&note=" + String(repeating: "a", count: 10 * 1024)
    try refused(["open", long, "--yes"], saying: "a quick-add link is at most 2048", sandbox)
    // Just within the limit is fine (the note decodes to about 1,000 characters).
    let prefix = "spendly://quickadd?amount=420&note="
    let escaped = String(repeating: "a%20", count: (2048 - prefix.utf8.count) / 4)
    let fits = prefix + escaped + String(repeating: "b", count: 2048 - prefix.utf8.count - escaped.utf8.count)
    #expect(fits.utf8.count == 2048)
    let result = try sandbox.run(["open", fits, "--yes"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func theCommandLineIsChecked() throws {
    let sandbox = try Sandbox()
    try refused(["open"], code: 64, saying: "'open' needs a link", sandbox)
    try refused(
      ["open", "spendly://quickadd?amount=1", "spendly://quickadd?amount=2"], code: 64, saying: "unexpected", sandbox)
    try refused(
      ["open", "spendly://quickadd?text=netflix%20649%20monthly", "--yes"], saying: "schedule", sandbox)
  }

  @Test func jsonPrintsTheSavedTransaction() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok("--json", "open", "spendly://quickadd?amount=1.5k&merchant=Caf%C3%A9%20Noir", "--yes")
    let saved = try #require(try json(out) as? [String: Any])
    #expect(saved["amount"] as? String == "1500.00")
    #expect(saved["merchant"] as? String == "Café Noir")
  }

  // MARK: log-payment

  @Test func logPaymentInfersFromTheMerchantsHistory() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()  // Social: Food by UPI
    let out = try sandbox.ok("log-payment", "--amount", "250", "--merchant", "social", "--yes")
    #expect(out == "saved #2 · -₹250.00 Food · UPI (inferred category Food and method UPI) · Social\n")
    let row = try #require(try rows(sandbox).first)
    #expect(row["merchant"] as? String == "Social")
    #expect(row["time"] as? String == "13:05")
    // What is given wins over history.
    _ = try sandbox.ok("log-payment", "--amount", "90", "--merchant", "Social", "--method", "cash", "--yes")
    #expect(try rows(sandbox).first?["method"] as? String == "Cash")
    #expect(try rows(sandbox).first?["category"] as? String == "Food")
  }

  @Test func logPaymentPrintsJSON() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok(
      "--json", "log-payment", "--amount", "1,250.50", "--merchant", "Zara", "--category", "Shopping", "--method",
      "card", "--note", "shirt", "--date", "2026-11-20", "--yes")
    let saved = try #require(try json(out) as? [String: Any])
    #expect(saved["amount"] as? String == "1250.50")
    #expect(saved["category"] as? String == "Shopping")
    #expect(saved["method"] as? String == "Credit Card")
    #expect(saved["date"] as? String == "2026-11-20")
    #expect(saved["kind"] as? String == "expense")
  }

  @Test func logPaymentRefusesWhatIsNoPayment() throws {
    let sandbox = try Sandbox()
    try refused(["log-payment", "--yes"], code: 64, saying: "needs --amount", sandbox)
    try refused(["log-payment", "--amount", "", "--yes"], code: 64, saying: "needs --amount", sandbox)
    for amount in ["-5", "0", "1e9999", "0.001"] {
      try refused(["log-payment", "--amount", amount, "--yes"], saying: "amount", sandbox)
    }
    try refused(["log-payment", "--amount", "420"], code: 64, saying: "add --yes", sandbox)
    try refused(["log-payment", "420", "--yes"], code: 64, saying: "unexpected", sandbox)
    let salary = try sandbox.run(["log-payment", "--amount", "420", "--category", "Salary", "--yes"])
    #expect(salary.status == 0)
    #expect(salary.stderr.contains("dropped category Salary"))
    #expect(try rows(sandbox).first?["kind"] as? String == "expense")
  }
}
