import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `budget set` and `budget clear`: a monthly budget, overall or a category's, in a currency,
/// set or cleared from a month on or for that month only.
public struct BudgetSetting {
  /// What the person asked for.
  public struct Request: Sendable {
    /// nil for the overall budget (all expenses).
    public var category: String?
    public var currency: Currency
    /// The monthly limit in minor units; nil clears the budget.
    public var limit: Int64?
    public var scope: BudgetRule.Scope
    public var month: YearMonth
    /// Carry a month's unspent amount (or overspend) into the next; nil keeps what it was.
    public var rollover: Bool?

    public init(category: String?, currency: Currency, limit: Int64?, scope: BudgetRule.Scope, month: YearMonth) {
      self.category = category
      self.currency = currency
      self.limit = limit
      self.scope = scope
      self.month = month
    }
  }

  /// Why words name no budget; the words of the reply are the caller's.
  public enum Refusal: Error {
    /// The amount reader's own refusal of a number (too large, too many decimals).
    case amount(PhraseError)
    /// A number that is no amount above zero.
    case notAnAmount(String)
    /// A second number beside the amount.
    case secondNumber(String)
    case noCategory(String)
    case incomeCategory(String)
    case store(StoreError)
  }

  public let session: Session
  public var request: Request

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  /// Sets (or clears) the budget: what changed, in the store's words, or that it was so already.
  public func run() throws(StoreError) -> BudgetChange {
    try session.store().budgets.set(
      BudgetTarget(category: request.category, currency: request.currency), limit: request.limit,
      scope: request.scope, month: request.month, rollover: request.rollover)
  }

  /// The category (nil: overall) and the amount the words name. The amount is the longest run
  /// of words at the end (or the start) that reads as one, as a phrase's amount reads (8k,
  /// ₹8,000, $300, 1.2L, 2 lakh), in `currency` unless it names its own. The other words name
  /// the category as a phrase would: a name, an alias or a lexicon word ("chai" is Food).
  /// `settingAmount`: the words are meant to give an amount (`budget set`), so a category followed
  /// by words that are none ("food abc") is refused for its amount, not its category.
  public static func target(_ words: [String], currency: Currency, settingAmount: Bool = true, in session: Session)
    throws(Refusal) -> (category: String?, amount: Money?)
  {
    guard !words.isEmpty else { return (nil, nil) }
    let parser: PhraseParser
    do {
      parser = try session.phraseParser()
    } catch {
      throw .store(error)
    }
    var amount: Money?
    var nameWords = words
    for length in stride(from: words.count, through: 1, by: -1) {
      if let money = try? parser.amount(words.suffix(length).joined(separator: " "), currency: currency) {
        amount = money
        nameWords = Array(words.dropLast(length))
        break
      }
      if let money = try? parser.amount(words.prefix(length).joined(separator: " "), currency: currency) {
        amount = money
        nameWords = Array(words.dropFirst(length))
        break
      }
    }
    if amount == nil || amount!.minorUnits <= 0, let number = nameWords.first(where: { $0.contains(where: \.isNumber) })
    {
      // The amount reader's own reason (too large, too many decimals, zero) when it has one.
      do {
        _ = try parser.amount(number, currency: currency)
      } catch {
        throw .amount(error)
      }
      throw .notAnAmount(number)
    }
    if let stray = nameWords.first(where: { $0.contains(where: \.isNumber) }) { throw .secondNumber(stray) }
    guard !nameWords.isEmpty else { return (nil, amount) }
    let name = nameWords.joined(separator: " ")
    guard let category = parser.category(named: name) else {
      // "food abc": a category, then words that were meant as the amount.
      if settingAmount, amount == nil {
        for length in stride(from: nameWords.count - 1, through: 1, by: -1) {
          if parser.category(named: nameWords.prefix(length).joined(separator: " ")) != nil {
            throw .notAnAmount(nameWords.dropFirst(length).joined(separator: " "))
          }
          if parser.category(named: nameWords.suffix(length).joined(separator: " ")) != nil {
            throw .notAnAmount(nameWords.dropLast(length).joined(separator: " "))
          }
        }
      }
      throw .noCategory(name)
    }
    guard category.side == .expense else { throw .incomeCategory(category.name) }
    return (category.name, amount)
  }
}
