import SpendlyCore

extension PhraseParser {
  /// Reads text that is only an amount, with the phrase's own amount reader, so an `--amount`
  /// option or a review prompt takes what a phrase takes: 1.5k, ₹1,250.50, $45, 1.2L, 2 lakh,
  /// 50 eur. `currency` is the currency of an amount that names none. A minus sign is refused
  /// (the kind gives the sign). Errors read `amount: ...`.
  public func amount(_ text: String, currency: Currency) throws(PhraseError) -> Money {
    let tokens = try Tokenizer.tokens(TextSanitizer.blankingEscapes(text))
    let shown = text.trimmingSpaces()
    func fail(_ error: MoneyError) -> PhraseError {
      var failure = PhraseError("amount: \(error)", column: 1, length: max(1, text.count))
      failure.showsExample = error.showsExample
      return failure
    }
    guard !tokens.isEmpty else { throw fail(.empty) }
    let anyTime = LocalDateTime(date: LocalDate(daysSinceEpoch: 0), time: LocalTime(hour: 0, minute: 0)!)
    var run = PhraseRun(parser: tables, tokens: tokens, now: anyTime)
    run.explicitCurrency = currency
    try run.amount()
    guard let money = run.draft.amount else {
      if run.draft.warnings.contains(where: { if case .severalAmounts = $0 { true } else { false } }) {
        throw PhraseError("amount: '\(shown)' holds more than one number; give one", column: 1, length: text.count)
      }
      throw fail(.notANumber(shown))
    }
    guard run.tokens.allSatisfy(\.used) else { throw fail(.notANumber(shown)) }
    if run.signKind == .expense { throw fail(.negative(shown)) }
    return money
  }
}
