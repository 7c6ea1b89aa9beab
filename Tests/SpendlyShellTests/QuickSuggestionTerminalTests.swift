import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: `spendly quick` on a history with clear usuals (cash coffee, card shopping, rent,
/// lunch at Social): what it suggests from the amount, the merchant Enter accepts, `<`, ^D
/// with text, exit statuses, and the usual expense in its amount and four Enters.
@Suite("quick's suggestions on a terminal")
struct QuickSuggestionTerminalTests {
  typealias Prompt = QuickCaptureTerminalTests

  /// Coffee ₹180 in cash at 10:00 (8 times), ₹3,250.50 by card at 19:00 (4), rent ₹35,000 by
  /// bank transfer (3), lunch ₹420 by UPI at Social at 13:00 (6); all before today.
  func seeded() throws -> Sandbox {
    let sandbox = try Sandbox.forShell()
    var runs: [[String]] = []
    for _ in 0..<8 { runs.append(["180", "cash", "food", "Blue Tokai", "10:00"]) }
    for _ in 0..<4 { runs.append(["3,250.50", "credit card", "shopping", "Zara", "19:00"]) }
    for _ in 0..<3 { runs.append(["35000", "bank", "rent", "Landlord", "09:30"]) }
    for _ in 0..<6 { runs.append(["420", "upi", "food", "Social", "13:00"]) }
    for run in runs {
      let result = try sandbox.run([
        "log-payment", "--amount", run[0], "--method", run[1], "--category", run[2], "--merchant", run[3],
        "--date", "2026-11-20", "--time", run[4], "--yes",
      ])
      #expect(result.status == 0, "\(result.err)")
    }
    return sandbox
  }

  /// Every transaction, newest first.
  func saved(_ sandbox: Sandbox) throws -> [[String: Any]] {
    let result = try sandbox.run(["list", "--json", "--limit", "0"])
    let parsed = try JSONSerialization.jsonObject(with: result.stdoutData)
    return try #require(parsed as? [[String: Any]], "list --json gave \(result.stdout)")
  }

  func quick(_ sandbox: Sandbox, at now: String = "2026-11-29T13:05") throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: ["--db", sandbox.database, "--now", now, "quick"],
      environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt(Prompt.amount, count: 1)
    return shell
  }

  @Test func theUsualExpenseIsItsAmountAndFourEnters() throws {
    let sandbox = try seeded()
    let shell = try quick(sandbox)
    try shell.enter("420" + Key.enter, then: Prompt.method)
    #expect(shell.screen.cursorLine.hasSuffix("[UPI]"), "\(shell.screen.cursorLine)")
    try shell.enter(Key.enter, then: Prompt.category)
    #expect(shell.screen.cursorLine.hasSuffix("[Food]"), "\(shell.screen.cursorLine)")
    try shell.enter(Key.enter, then: Prompt.merchant)
    #expect(shell.screen.cursorLine.hasSuffix("[Social]"), "\(shell.screen.cursorLine)")
    try shell.enter(Key.enter, then: Prompt.note)
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(shell.screen.text.contains("saved #22 · -₹420.00 Food · UPI · Social"), "\(shell.screen.text)")
    let saved = try self.saved(sandbox)
    #expect(saved[0]["merchant"] as? String == "Social")
    #expect(saved[0]["method"] as? String == "UPI")
  }

  @Test func theAmountDecidesTheMethodCategoryAndMerchant() throws {
    let sandbox = try seeded()
    for (amount, method, category, merchant, now) in [
      ("180", "Cash", "Food", "Blue Tokai", "2026-11-29T13:05"),
      ("3,250.50", "Credit Card", "Shopping", "Zara", "2026-11-29T10:00"),
      ("35000", "Bank Transfer", "Rent", "Landlord", "2026-11-29T10:00"),
      ("35000", "Bank Transfer", "Rent", "Landlord", "2026-11-29T19:55"),
    ] {
      let shell = try quick(sandbox, at: now)
      try shell.enter(amount + Key.enter, then: Prompt.method)
      #expect(shell.screen.cursorLine.hasSuffix("[\(method)]"), "\(amount): \(shell.screen.cursorLine)")
      try shell.enter(Key.enter, then: Prompt.category)
      #expect(shell.screen.cursorLine.hasSuffix("[\(category)]"), "\(amount): \(shell.screen.cursorLine)")
      try shell.enter(Key.enter, then: Prompt.merchant)
      #expect(shell.screen.cursorLine.hasSuffix("[\(merchant)]"), "\(amount): \(shell.screen.cursorLine)")
      shell.terminal.send(Key.ctrlC)
      #expect(try shell.terminal.waitForExit() == 1)
    }
    #expect(try saved(sandbox).count == 21)
  }

  @Test func anyMethodOrCategoryCanBePickedByNumberOrName() throws {
    let sandbox = try seeded()
    let shell = try quick(sandbox)
    try shell.enter("420" + Key.enter, then: Prompt.method)
    try shell.enter("?" + Key.enter, then: Prompt.method)  // lists every method, numbered
    #expect(shell.screen.text.contains("  1 UPI, 2 Cash, "), "\(shell.screen.text)")
    #expect(shell.screen.text.contains(", 6 Other"), "\(shell.screen.text)")
    try shell.enter("6" + Key.enter, then: Prompt.category)  // the sixth method, past the listed ones
    #expect(!shell.screen.text.contains("is not a method here"), "\(shell.screen.text)")
    try shell.enter("12" + Key.enter, then: Prompt.merchant)  // the twelfth category
    #expect(!shell.screen.text.contains("is not a category here"), "\(shell.screen.text)")
    try shell.enter("<" + Key.enter, then: Prompt.category)
    try shell.enter("health" + Key.enter, then: Prompt.merchant)
    try shell.enter("-" + Key.enter, then: Prompt.note)  // no merchant, though one is suggested
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try self.saved(sandbox)
    #expect(saved.count == 22)
    #expect(saved[0]["method"] as? String == "Other")
    #expect(saved[0]["category"] as? String == "Health")
    #expect(saved[0]["merchant"] is NSNull)
  }

  @Test func lessThanGoesBackAQuestion() throws {
    let sandbox = try seeded()
    let shell = try quick(sandbox)
    try shell.enter("420" + Key.enter, then: Prompt.method)
    try shell.enter(Key.enter, then: Prompt.category)
    try shell.enter("<" + Key.enter, then: Prompt.method)
    try shell.enter("<" + Key.enter, then: Prompt.amount)
    try shell.enter("180" + Key.enter, then: Prompt.method)
    #expect(shell.screen.cursorLine.hasSuffix("[Cash]"), "\(shell.screen.cursorLine)")
    try shell.enter(Key.enter, then: Prompt.category)
    try shell.enter(Key.enter, then: Prompt.merchant)
    try shell.enter("Third Wave" + Key.enter, then: Prompt.note)
    try shell.enter("<" + Key.enter, then: Prompt.merchant)
    try shell.enter(Key.enter, then: Prompt.note)  // back at the merchant, Enter takes the suggestion
    shell.terminal.send("flat white" + Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try self.saved(sandbox)
    #expect(saved[0]["amount"] as? String == "180.00")
    #expect(saved[0]["method"] as? String == "Cash")
    #expect(saved[0]["merchant"] as? String == "Blue Tokai")
    #expect(saved[0]["note"] as? String == "flat white")
  }

  @Test func controlDAbandonsAfterTextWasTyped() throws {
    let sandbox = try seeded()
    for prompt in [Prompt.amount, Prompt.merchant] {
      let shell = try quick(sandbox)
      if prompt == Prompt.merchant {
        try shell.enter("420" + Key.enter, then: Prompt.method)
        try shell.enter(Key.enter, then: Prompt.category)
        try shell.enter(Key.enter, then: Prompt.merchant)
      }
      shell.terminal.send("Some text" + Key.ctrlA + Key.ctrlD)
      #expect(try shell.terminal.waitForExit() == 1)
      // On a line of its own, not after the prompt ^D left the cursor at.
      let lines = shell.screen.text.split(separator: "\n")
      #expect(lines.contains { $0.hasPrefix("  discarded (nothing saved)") }, "\(shell.screen.text)")
    }
    #expect(try saved(sandbox).count == 21)
  }

  @Test func aBadAmountGivesOneHint() throws {
    let sandbox = try Sandbox.forShell()
    for bad in ["-5", "abc", "0"] {
      let shell = try quick(sandbox)
      try shell.enter(bad + Key.enter, then: Prompt.amount)
      let text = shell.screen.text.replacingOccurrences(of: "\n", with: "")  // rows wrap
      let hints = text.components(separatedBy: "example").count - 1
      #expect(hints == 1, "\(bad): \(shell.screen.text)")
      shell.terminal.send(Key.ctrlC)
      #expect(try shell.terminal.waitForExit() == 1)
    }
  }

  /// A suggested method and category chosen otherwise are corrections for the merchant, as
  /// the shell's review keeps them: they outrank a later plain entry there.
  @Test func aSuggestionChosenOtherwiseIsKeptForTheMerchant() throws {
    let sandbox = try seeded()
    let shell = try quick(sandbox)
    try shell.enter("420" + Key.enter, then: Prompt.method)
    #expect(shell.screen.cursorLine.hasSuffix("[UPI]"), "\(shell.screen.cursorLine)")
    try shell.enter("cash" + Key.enter, then: Prompt.category)
    #expect(shell.screen.cursorLine.hasSuffix("[Food]"), "\(shell.screen.cursorLine)")
    try shell.enter("entertainment" + Key.enter, then: Prompt.merchant)
    try shell.enter("Social" + Key.enter, then: Prompt.note)
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(shell.screen.text.contains("saved #22 · -₹420.00 Entertainment · Cash · Social"), "\(shell.screen.text)")
    // A later entry at Social typed Food by UPI is plain history: the corrections still win.
    #expect(try sandbox.run(["add", "--yes", "lunch", "at", "Social", "300", "food", "upi"]).status == 0)
    let next = try sandbox.run(["parse", "dinner", "at", "Social", "500"])
    #expect(next.out.contains("  expense  ₹500.00  Cash?  Entertainment?  Social"), "\(next.out)")
    #expect(next.out.contains("? from your history: category, method"), "\(next.out)")
  }
}
