import SpendlyCore

/// Something a phrase's draft should tell the person (an amount it could not choose, a method it
/// overrode, a category it dropped), as data: code decides by the case, and the wording lives
/// only in `description`, where it is shown.
public enum DraftWarning: Hashable, Sendable, CustomStringConvertible {
  /// The phrase has no number that could be the amount.
  case noAmount
  /// Several numbers could be the amount (`shown`: them, quoted); `advice` says how to choose.
  case severalAmounts(shown: String, advice: String)
  /// A from/to word several accounts answer to.
  case ambiguousAccount(word: String, accounts: [String])
  /// A from/to word that names no account.
  case notAnAccount(word: String)
  /// A transfer's source taken as the person's only other account.
  case onlyOtherAccount(String)
  /// A transfer whose two ends are one account.
  case sameAccountBothEnds(String)
  /// A date after today (as read).
  case futureDate(String)
  /// A time later than now, today.
  case laterToday(time: String, now: String)
  /// A method word beside the method the phrase gave with `method:`.
  case methodOverridden(took: String, not: String)
  /// Two method words, neither marked: `took` was chosen.
  case methodsUnmarked(words: String, took: String)
  /// Two method words, one marked with "via".
  case methodMarked(took: String, not: String)
  /// A category of the other side, dropped.
  case droppedCategory(name: String, side: Category.Side, kind: Kind)

  /// Whether the warning is about the amount (so setting one answers it).
  public var isAboutAmount: Bool {
    switch self {
    case .noAmount, .severalAmounts: true
    default: false
    }
  }

  /// Where the remedy lies, for the edge to word after the description.
  public var seeAlso: SeeAlso? {
    if case .notAnAccount = self { return .accounts }
    return nil
  }

  public var description: String {
    switch self {
    case .noAmount: "no amount in the phrase (example: 420 upi food)"
    case .severalAmounts(let shown, let advice): "\(shown) could each be the amount; \(advice)"
    case .ambiguousAccount(let word, let accounts):
      "'\(word)' could be \(accounts.joined(separator: " or ")): say which (its name or an alias)"
    case .notAnAccount(let word): "'\(word)' is none of your accounts"
    case .onlyOtherAccount(let name): "took it from \(name), your only other account; say 'from ACCOUNT' if not"
    case .sameAccountBothEnds(let name): "from and to are both \(name): a transfer needs two accounts (change one)"
    case .futureDate(let date): "\(date) is in the future"
    case .laterToday(let time, let now): "\(time) today is later than now (\(now))"
    case .methodOverridden(let took, let not): "two payment methods: took \(took) (method:), not \(not)"
    case .methodsUnmarked(let words, let took): "two payment methods, \(words): took \(took) (say 'via …' to choose)"
    case .methodMarked(let took, let not): "two payment methods: took \(took) (via), not \(not)"
    case .droppedCategory(let name, let side, let kind):
      "dropped category \(name): it is an \(side.rawValue) category and this is an \(kind.rawValue)"
    }
  }
}
