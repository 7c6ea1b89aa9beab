import SpendlyCore
import SpendlyParse
import Testing

@testable import SpendlyStore

/// Issue 27, learning from corrections: a field corrected in review is kept for the merchant
/// (through the store's write path) and outranks both a word's guess and what was last used
/// there, in the parser's one history rule; a typed field is kept.
@Suite("Learning from corrections")
struct CorrectionLearningTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  static func fields(_ phrase: String, _ parser: PhraseParser) throws -> TransactionFields {
    try #require(try parser.parse(phrase, now: now).fields, "incomplete draft for \(phrase)")
  }

  @Test func aCorrectionOutranksTheLastUseAndAWordsGuess() throws {
    let store = try Store(path: ":memory:", clock: { Self.now })
    let parser = PhraseParser(catalog: try store.catalog.current(), history: store.merchants)
    // Reviewed: "lunch" guessed Food, the person chose Groceries at Ratnadeep.
    var first = try Self.fields("lunch at Ratnadeep 400", parser)
    first.category = "Groceries"
    _ = try store.transactions.add(
      first, corrections: [MerchantCorrection(merchant: "Ratnadeep", field: .category, value: "Groceries")])
    // A later entry there typed Food: plain history, no correction.
    _ = try store.transactions.add(try Self.fields("biscuits at ratnadeep 100 food", parser))
    #expect(store.merchants.merchantUse("ratnadeep")?.category == "Food")
    #expect(store.merchants.merchantUse("RATNADEEP")?.corrected == [.category: "Groceries"])

    let snacks = try parser.parse("snacks at Ratnadeep 250", now: Self.now)
    #expect(snacks.category == "Groceries")
    #expect(snacks.inferred.contains(.category))
    #expect(snacks.fromHistory == [.category])
    let bare = try parser.parse("ratnadeep 300", now: Self.now)  // nothing guessed: the correction still says so
    #expect(bare.category == "Groceries" && bare.fromHistory.contains(.category))
    let typed = try parser.parse("ratnadeep 300 food", now: Self.now)
    #expect(typed.category == "Food" && !typed.inferred.contains(.category) && typed.fromHistory.isEmpty)
  }

  @Test func aNewerCorrectionReplacesTheOldOneAndUndoPutsItBack() throws {
    let store = try Store(path: ":memory:", clock: { Self.now })
    let parser = PhraseParser(catalog: try store.catalog.current(), history: store.merchants)
    let entry = try Self.fields("400 at DMart", parser)
    _ = try store.transactions.add(
      entry, corrections: [MerchantCorrection(merchant: "DMart", field: .category, value: "Groceries")])
    let changes = try store.database.row("SELECT count(*) FROM changes")?.int(0)
    _ = try store.transactions.add(
      entry,
      corrections: [
        MerchantCorrection(merchant: "dmart", field: .category, value: "Shopping"),
        MerchantCorrection(merchant: "dmart", field: .method, value: "UPI"),
      ])
    // One change for the entry and its corrections; one row a merchant and field.
    #expect(try store.database.row("SELECT count(*) FROM changes")?.int(0) == changes.map { $0 + 1 })
    #expect(try store.database.row("SELECT count(*) FROM merchant_corrections")?.int(0) == 2)
    let later = try parser.parse("400 at DMart", now: Self.now)
    #expect(later.category == "Shopping" && later.method == "UPI")
    #expect(later.fromHistory == [.category, .method])
    _ = try store.undo()
    #expect(store.merchants.corrections(of: "DMart") == [.category: "Groceries"])
  }

  @Test func onlyAnInferredFieldChosenOtherwiseIsACorrection() throws {
    let parser = PhraseParser()
    let shown = try parser.parse("lunch at DMart 400", now: Self.now)
    #expect(shown.category == "Food" && shown.inferred.contains(.category))
    var reviewed = shown
    reviewed.category = "Groceries"
    reviewed.inferred.remove(.category)
    #expect(
      reviewed.corrections(since: shown) == [
        MerchantCorrection(merchant: "DMart", field: .category, value: "Groceries")
      ])
    // Accepted as shown: nothing corrected.
    #expect(shown.corrections(since: shown).isEmpty)
    // A typed field changed in review is the person's word already, no correction.
    let typed = try parser.parse("lunch at DMart 400 food upi", now: Self.now)
    var changed = typed
    changed.method = "Cash"
    #expect(changed.corrections(since: typed).isEmpty)
    // Without a merchant there is nothing to learn it for.
    let bare = try parser.parse("lunch 400", now: Self.now)
    var other = bare
    other.category = "Groceries"
    other.inferred.remove(.category)
    #expect(other.corrections(since: bare).isEmpty)
  }

  /// `edit ID`: a stored category or method changed is a correction for the merchant, as in
  /// review; one left alone, or a change that the draft inferred again (a new kind), is not.
  @Test func anEditedCategoryOrMethodIsACorrection() throws {
    let parser = PhraseParser()
    let stored = try Self.fields("lunch at DMart 400 food cash", parser)
    var edited = TransactionDraft(stored)
    #expect(edited.corrections(editing: stored).isEmpty)
    edited.category = "Groceries"
    edited.method = "UPI"
    #expect(
      edited.corrections(editing: stored) == [
        MerchantCorrection(merchant: "DMart", field: .category, value: "Groceries"),
        MerchantCorrection(merchant: "DMart", field: .method, value: "UPI"),
      ])
    edited.inferred.insert(.category)  // the fallback of a new kind: the tool's choice, not theirs
    #expect(edited.corrections(editing: stored) == [MerchantCorrection(merchant: "DMart", field: .method, value: "UPI")])
    var renamed = TransactionDraft(stored)
    renamed.merchant = nil
    renamed.category = "Groceries"
    #expect(renamed.corrections(editing: stored).isEmpty)
  }

  /// `quick`: the method and category it suggested, chosen otherwise.
  @Test func aSuggestionChosenOtherwiseIsACorrection() throws {
    let parser = PhraseParser()
    let typed = try parser.parse("420 at Social upi entertainment", now: Self.now)
    #expect(typed.corrections(of: [.method: "UPI", .category: "Food"]) == [
      MerchantCorrection(merchant: "Social", field: .category, value: "Entertainment")
    ])
    #expect(typed.corrections(of: [.method: "UPI", .category: "Entertainment"]).isEmpty)
    #expect(typed.corrections(of: [:]).isEmpty)
  }
}
