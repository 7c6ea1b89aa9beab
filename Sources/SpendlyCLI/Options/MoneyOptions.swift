import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The money options several commands read: `--currency CODE` (else the default currency) and an
/// amount option (`--balance`, `--opening`, `--min`), each with a one-line error naming it.
enum MoneyOptions {
  static func currency(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Currency {
    guard let code = arguments["currency"] else {
      return try reporting { try context.store().settings.defaultCurrency() }
    }
    guard let currency = Currency.named(code) else { throw .data("currency: \(MoneyError.unknownCurrency(code))") }
    return currency
  }

  static func amount(_ text: String, _ field: String, _ currency: Currency, _ context: Context) throws(CLIError)
    -> Money
  {
    // Zero is a fine floor, minimum (with a term) or balance, though no transaction's amount.
    if field != "amount", field != "budget", (try? AmountReader.read(text, style: zeroAllowed, currency: currency))?
      .minorUnits == 0
    {
      return Money(minorUnits: 0, currency: currency)
    }
    let parser = try context.phraseParser()
    do {
      return try parser.amount(text, currency: currency)
    } catch {
      throw .data("\(field): " + error.message.replacingFirst("amount: ", with: ""))
    }
  }

  /// The phrase style with zero allowed: a debt's floor, minimum or balance may be zero.
  static let zeroAllowed: AmountStyle = {
    var style = AmountStyle.phrase
    style.allowsZero = true
    return style
  }()
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard hasPrefix(target) else { return self }
    return replacement + dropFirst(target.count)
  }
}
