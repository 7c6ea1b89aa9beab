import SpendlyCore
import SpendlyParse

/// Finds the account a person's words name (`--account WORD`, `balance sbi`): an exact name or
/// alias first, then a unique word or prefix of an account's own name, then the words phrases
/// take (institution, "hdfc card"). An institution alone never wins over an account's own name.
public enum AccountLookup {
  /// What the words name.
  public enum Found: Equatable, Sendable {
    case account(Account)
    /// Several accounts answer to the words equally well: the person says which.
    case ambiguous([Account])
    case none
  }

  public static func find(_ text: String, accounts: [Account], parser: PhraseParser?) -> Found {
    let key = NameKey(text.trimmingSpaces())
    guard !key.text.isEmpty else { return .none }
    if let exact = accounts.first(where: { NameKey($0.name) == key }) { return .account(exact) }
    let aliased = accounts.filter { $0.aliases.contains { NameKey($0) == key } }
    if aliased.count == 1 { return .account(aliased[0]) }
    let typed = key.text.split(separator: " ").map(String.init)
    // Each word typed starts a word of the name, in order: "regalia", "hdfc sav".
    let byName = accounts.filter { account in
      var words = NameKey(account.name).text.split(separator: " ")[...]
      for word in typed {
        guard let index = words.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
        words = words[(index + 1)...]
      }
      return true
    }
    if byName.count == 1 { return .account(byName[0]) }
    if byName.count > 1 {
      // "hdfc" of HDFC Savings and HDFC Regalia: a whole word beats a prefix of one.
      let whole = byName.filter { account in
        let words = Set(NameKey(account.name).text.split(separator: " ").map(String.init))
        return typed.allSatisfy(words.contains)
      }
      if whole.count == 1 { return .account(whole[0]) }
      return .ambiguous(byName)
    }
    if let name = parser?.account(named: text), let account = accounts.first(where: { $0.name == name }) {
      return .account(account)
    }
    return .none
  }

  /// The account the first words name (the longest run that names one) and the words after it.
  /// A run several accounts answer to is `.ambiguous`.
  public static func leading(_ words: [String], accounts: [Account], parser: PhraseParser?) -> (Found, rest: [String]) {
    guard !words.isEmpty else { return (.none, words) }
    for count in (1...words.count).reversed() {
      let found = find(words.prefix(count).joined(separator: " "), accounts: accounts, parser: parser)
      if case .none = found { continue }
      return (found, Array(words.dropFirst(count)))
    }
    return (.none, words)
  }
}
