import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: a field corrected in review is what later drafts for that merchant get, shown
/// `? from your history`; a typed field is kept.
@Suite("learning from corrections")
struct LearnFromCorrectionsTests {
  @Test func aCorrectedCategoryIsUsedForTheMerchantNextTime() throws {
    let sandbox = try Sandbox.forShell()
    let session = [
      "lunch at Social 400", "category", "entertainment", "",
      "dinner at Social 500", "",
      "lunch at Social 300 food", "",
    ].map { $0 + "\n" }.joined()
    let result = try sandbox.run([], input: Data(session.utf8))
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    // The first draft guesses Food from "lunch"; the person corrects it to Entertainment.
    #expect(lines.first == "  expense  ₹400.00  Cash?  Food?  Social  \"lunch\"  today 13:05", "\(result.out)")
    #expect(result.out.contains("  saved #1 · Social · Entertainment this month ₹400.00"))
    // "dinner" would guess Food again: the correction wins, and the draft says where it came from.
    #expect(result.out.contains("  expense  ₹500.00  Cash?  Entertainment?  Social  \"dinner\"  today 13:05"))
    #expect(result.out.contains("  ? from your history: category"))
    #expect(result.out.contains("  saved #2 · Social · Entertainment this month ₹900.00"))
    // A typed category is the person's word, history or not.
    #expect(result.out.contains("  saved #3 · Social · Food this month ₹300.00"), "\(result.out)")
  }

  /// The case: Food → Groceries for DMart in review, then an entry there typed Food
  /// (plain history, not a correction): the correction still wins for the next draft.
  @Test func aCorrectionOutranksALaterPlainEntry() throws {
    let sandbox = try Sandbox.forShell()
    let session = [
      "lunch at DMart 400", "category", "groceries", "",
      "biscuits at dmart 100 food", "",
      "snacks at dmart 250", "",
    ].map { $0 + "\n" }.joined()
    let result = try sandbox.run([], input: Data(session.utf8))
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("  expense  ₹400.00  Cash?  Food?  DMart  \"lunch\"  today 13:05"), "\(result.out)")
    #expect(result.out.contains("  saved #1 · DMart · Groceries this month ₹400.00"), "\(result.out)")
    #expect(result.out.contains("  saved #2 · DMart · Food this month ₹100.00"), "\(result.out)")
    #expect(
      result.out.contains("  expense  ₹250.00  Cash?  Groceries?  DMart  \"snacks\"  today 13:05"), "\(result.out)")
    #expect(result.out.contains("  saved #3 · DMart · Groceries this month ₹650.00"), "\(result.out)")
    // One change a saved entry: the correction is part of entry #1's change, and goes with its undo.
    let log = try sandbox.run(["log", "--limit", "5"])
    #expect(log.out.split(separator: "\n").filter { $0.contains("added") }.count == 3, "\(log.out)")
  }

  @Test func oneShotAddLearnsTooAndTheMethodFollows() throws {
    let sandbox = try Sandbox.forShell()
    let first = try sandbox.run(["add", "--yes", "coffee", "at", "Blue", "Tokai", "250", "groceries", "upi"])
    #expect(first.status == 0, "\(first.err)")
    let second = try sandbox.run(["add", "--yes", "coffee", "at", "Blue", "Tokai", "180"])
    #expect(second.status == 0, "\(second.err)")
    #expect(second.out.contains("saved #2 · -₹180.00 Groceries · UPI"), "\(second.out)")
    #expect(second.out.contains("· Blue Tokai"), "\(second.out)")
    let other = try sandbox.run(["add", "--yes", "coffee", "180"])  // no merchant: the word's guess
    #expect(other.out.contains("saved #3 · -₹180.00 Food"), "\(other.out)")
  }

  /// The DMart case, corrected by `edit ID --category` after a later plain entry there:
  /// the correction wins for the next draft, and `undo` of the edit takes it back with it.
  @Test func aOneShotEditRecordsACorrectionUndoneWithIt() throws {
    let sandbox = try Sandbox.forShell()
    #expect(try sandbox.run(["add", "--yes", "lunch", "at", "DMart", "400"]).status == 0)
    #expect(try sandbox.run(["add", "--yes", "biscuits", "at", "dmart", "100", "food"]).status == 0)
    let before = try sandbox.run(["parse", "snacks", "at", "dmart", "250"])
    #expect(before.out.contains("  expense  ₹250.00  Cash?  Food?  DMart"), "\(before.out)")
    let edit = try sandbox.run(["edit", "1", "--category", "groceries", "--method", "upi"])
    #expect(edit.status == 0, "\(edit.err)")
    let after = try sandbox.run(["parse", "snacks", "at", "dmart", "250"])
    #expect(after.out.contains("  expense  ₹250.00  UPI?  Groceries?  DMart"), "\(after.out)")
    #expect(after.out.contains("? from your history: category, method"), "\(after.out)")
    // One change for the edit and its corrections: one undo takes both back.
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0, "\(undo.err)")
    let undone = try sandbox.run(["parse", "snacks", "at", "dmart", "250"])
    #expect(undone.out.contains("  expense  ₹250.00  Cash?  Food?  DMart"), "\(undone.out)")
    #expect(try sandbox.transactions().last?["category"] as? String == "Food")
  }

  /// `edit ID` at the prompt: the review's `e` steps through the fields; a category changed
  /// there is kept for the merchant, and the next draft says where it came from.
  @Test func anEditAtThePromptRecordsACorrection() throws {
    let sandbox = try Sandbox.forShell()
    #expect(try sandbox.run(["add", "--yes", "lunch", "at", "Social", "400"]).status == 0)
    #expect(try sandbox.run(["add", "--yes", "dinner", "at", "social", "500", "food"]).status == 0)
    // amount, kind, currency, category, method, merchant, note, date, time; then save?.
    let review = ["", "", "", "entertainment", "", "", "", "", ""]
    let session = (["edit 1"] + review + ["", "snacks at social 250", ""]).map { $0 + "\n" }.joined()
    let result = try sandbox.run([], input: Data(session.utf8))
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("  updated #1"), "\(result.out)")
    #expect(result.out.contains("  expense  ₹250.00  Cash?  Entertainment?  Social  \"snacks\""), "\(result.out)")
    #expect(result.out.contains("  ? from your history: category"), "\(result.out)")
    #expect(result.out.contains("  saved #3 · Social · Entertainment this month ₹650.00"), "\(result.out)")
  }
}
