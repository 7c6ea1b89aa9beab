import Foundation
import SpendlyTestSupport
import Testing

/// `log` reads the same now that the store keeps facts, not sentences: one of every kind of
/// change, run through the binary, prints (each command and then `log` and `log --json`)
/// exactly what Spendly printed before facts (`Tests/Fixtures/change-log/every-kind.txt`,
/// captured from the binary before the change; the sandbox's folder is written SANDBOX, and a
/// backup's size in KB, which a new column changes, N).
@Suite("the change log's words, one of every kind of change")
struct ChangeLogWordingTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// A step of the run: a command's words, or a file written into the sandbox.
  enum Step {
    case run([String])
    case write(String, String)
  }

  static let booksCSV = """
    Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note
    2026-11-27,,expense,99.00,INR,Food,Cash,,snack
    2026-11-26,,expense,35.50,INR,Transport,Cash,,bus

    """

  static let steps: [Step] = [
    .run(["add", "--yes", "420", "upi", "food", "lunch", "at", "Social"]),
    .run(["add", "--yes", "150000", "salary", "income"]),
    .run(["add", "--yes", "60", "cash", "transport", "auto"]),
    .run(["edit", "3", "--amount", "75"]),
    .run(["delete", "2"]),
    .run(["categories", "add", "Pets", "--alias", "vet"]),
    .run(["categories", "add", "Dividends", "--income"]),
    .run(["categories", "rename", "Pets", "Animals"]),
    .run(["categories", "alias", "Animals", "petfood"]),
    .run(["methods", "add", "HDFC Card", "--alias", "hdfc"]),
    .run(["methods", "rename", "HDFC Card", "HDFC Credit"]),
    .run(["methods", "alias", "UPI", "bhim"]),
    .run(["config", "currency", "USD"]),
    .run(["config", "currency", "INR"]),
    .run(["config", "week", "sunday"]),
    .run(["budget", "set", "food", "8000"]),
    .run(["budget", "set", "food", "9000"]),
    .run(["budget", "set", "40000", "--month", "2026-12"]),
    .run(["budget", "set", "travel", "3000", "--rollover"]),
    .run(["budget", "clear", "food", "--from", "2027-01"]),
    .run(["budget", "clear", "travel"]),
    .run(["recurring", "add", "--yes", "netflix", "649", "monthly", "from", "5", "nov", "cc"]),
    .run(["recurring", "add", "--yes", "salary", "150000", "monthly", "from", "1", "nov", "income"]),
    .run(["recurring", "skip", "1", "2026-12-05"]),
    .run(["recurring", "edit", "1", "--amount", "799", "--from", "2027-01-05"]),
    .run(["recurring", "edit", "1", "--note", "family"]),
    .run(["recurring", "pause", "1"]),
    .run(["recurring", "resume", "1"]),
    .run(["recurring", "end", "1", "2027-06-30"]),
    .run(["recurring", "end", "1", "never"]),
    .run(["due", "--log", "--yes"]),
    .run(["recurring", "delete", "2"]),
    .run(["add", "--yes", "199", "upi", "entertainment", "spotify", "on", "1", "nov"]),
    .run(["recurring", "add", "--yes", "spotify", "199", "monthly", "from", "1", "nov", "upi"]),
    .run(["debts", "add", "HDFC Loan", "--balance", "1,00,000", "--apr", "12", "--min", "5000", "--due-day", "5"]),
    .run([
      "debts", "add", "Card", "--balance", "20000", "--apr", "36.5", "--min-percent", "5", "--min-floor", "500",
      "--due-day", "10", "--kind", "card",
    ]),
    .run(["debts", "pay", "HDFC Loan", "5000"]),
    .run(["debts", "edit", "HDFC Loan", "--apr", "11.5", "--balance", "95000", "--due-day", "7"]),
    .run(["debts", "edit", "Card", "--min", "1000", "--term", "none", "--kind", "other", "--start", "2026-10-01"]),
    .run(["debts", "plan", "--budget", "40000"]),
    .run(["debts", "remove", "Card"]),
    .run([
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50000", "--on", "2026-11-01", "--methods",
      "UPI",
    ]),
    .run(["accounts", "add", "Wallet", "--type", "wallet"]),
    .run(["accounts", "rename", "Wallet", "Purse"]),
    .run(["accounts", "edit", "Purse", "--institution", "Paytm"]),
    .run(["accounts", "close", "Purse", "--on", "2026-11-28"]),
    .run(["accounts", "reopen", "Purse"]),
    .run(["reconcile", "HDFC Savings", "49000", "--on", "2026-11-28"]),
    .run(["import", "statement.ofx", "--account", "HDFC Savings", "--yes"]),
    .run(["add", "--yes", "99", "cash", "food", "snack"]),
    .run(["export", "csv", "books.csv"]),
    .run(["export", "json", "books.json"]),
    .run(["delete", "12"]),
    .write("books.csv", Self.booksCSV),
    .run(["import", "books.csv"]),
    .run(["delete", "1"]),
    .run(["import", "books.json"]),
    .run(["undo"]),
    .run(["redo"]),
    .run(["undo"]),
    .run(["undo"]),
    .run(["redo"]),
    .run(["backup", "b.db"]),
    .run(["add", "--yes", "30", "cash", "transport", "bus"]),
    .run(["restore", "b.db"]),
    .run(["add", "--yes", "45", "cash", "food", "tea"]),
    .run(["undo"]),
    .run(["log", "--limit", "0"]),
    .run(["--json", "log", "--limit", "0"]),
  ]

  /// The text with each "(280 KB, checked)" written "(N KB, checked)".
  static func sized(_ text: String) -> String {
    text.replacingOccurrences(of: #"\(\d+ KB, checked\)"#, with: "(N KB, checked)", options: .regularExpression)
  }

  @Test func everyKindReadsAsBefore() throws {
    let sandbox = try Sandbox()
    let statement = Self.fixtures.appendingPathComponent("statements/hdfc-savings-nov.ofx")
    try FileManager.default.copyItem(atPath: statement.path, toPath: sandbox.directory + "/statement.ofx")
    var transcript = ""
    for step in Self.steps {
      switch step {
      case .write(let name, let text):
        try text.write(toFile: sandbox.directory + "/" + name, atomically: true, encoding: .utf8)
      case .run(let words):
        transcript += "$ " + words.joined(separator: " ") + "\n"
        let result = try sandbox.run(words)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        transcript += result.stdout
      }
    }
    let pinned = try String(
      contentsOf: Self.fixtures.appendingPathComponent("change-log/every-kind.txt"), encoding: .utf8)
    let got = Self.sized(transcript.replacingOccurrences(of: sandbox.directory, with: "SANDBOX"))
    let expected = Self.sized(pinned)
    let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in got.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard index < wanted.count else { break }
      #expect(line == wanted[index], "line \(index + 1)")
    }
    #expect(got == expected)
  }
}
