import SpendlyCore

extension PhraseParser {
  /// A line that sets a budget rather than records an entry ("food budget 9000", "set food
  /// budget to 9000", "budget for food 9000", "monthly budget 50000"): the words of the
  /// `budget` command that set it ("food 9000", "50000"), or nil when the line names no budget
  /// word and amount. The budget and filler words are `budget` and `budget-filler` in
  /// lexicon/markers.txt; `budget set …` and `budget clear …` are the command's own, so nil.
  public func budgetSetting(_ words: [String]) -> [String]? {
    let lexicon = tables.lexicon
    let lowered = words.map { NameKey($0).text }
    guard lowered.contains(where: { lexicon.budgetWords.contains($0) }) else { return nil }
    if lowered.count > 1, lexicon.budgetWords.contains(lowered[0]), ["set", "clear", "remove"].contains(lowered[1]) {
      return nil
    }
    var rest: [String] = []
    for (word, low) in zip(words, lowered)
    where !lexicon.budgetWords.contains(low) && !lexicon.budgetFillers.contains(low) {
      rest.append(word)
    }
    let amounts = rest.filter { (try? amount($0, currency: .inr)) != nil }
    guard amounts.count == 1, rest.last == amounts[0] else { return nil }
    return rest
  }
}
