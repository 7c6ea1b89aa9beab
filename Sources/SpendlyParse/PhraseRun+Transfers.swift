import SpendlyCore

/// What a transfer word says about its ends ("atm" is the bank to Cash).
public enum TransferRoute: String, Sendable, CaseIterable {
  case transfer
  case cardBill = "card-bill"
  case withdrawal
  case deposit

  /// The methods of its ends when the phrase names none (the card is the person's default card).
  func ends(card: String) -> (from: String, to: String?) {
    switch self {
    case .transfer: ("Bank Transfer", nil)
    case .cardBill: ("Bank Transfer", card)
    case .withdrawal: ("Debit Card", "Cash")
    case .deposit: ("Cash", "Bank Transfer")
    }
  }
}

/// The words that name each of the person's accounts, for phrases: its name and aliases; its
/// institution, and the institution with a word for its type ("hdfc card", "hdfc savings"), and
/// a type word alone ("wallet", "savings"), each only while one account answers to it.
enum AccountWords {
  static func table(_ catalog: Catalog) -> [String: String] {
    var named: [String: String] = [:]
    for account in catalog.accounts {
      for word in [account.name] + account.aliases where named[NameKey(word).text] == nil {
        named[NameKey(word).text] = account.name
      }
    }
    var derived: [String: Set<String>] = [:]
    for account in catalog.accounts {
      let types = typeWords(account.type)
      for word in types.filter({ !["card", "cash", "bank", "credit card", "cc"].contains($0) }) {
        derived[word, default: []].insert(account.name)
      }
      guard let institution = account.institution.map({ NameKey($0).text }), !institution.isEmpty else { continue }
      derived[institution, default: []].insert(account.name)
      for word in types { derived[institution + " " + word, default: []].insert(account.name) }
    }
    for (word, accounts) in derived where named[word] == nil {
      if accounts.count == 1 {
        named[word] = accounts.first!
      } else {
        // "hdfc" of HDFC Savings and HDFC Regalia is the bank account, when there is one.
        let banks = catalog.accounts.filter {
          accounts.contains($0.name) && $0.type.isBank && $0.institution.map({ NameKey($0).text }) == word
        }
        if banks.count == 1 { named[word] = banks[0].name }
      }
    }
    return named
  }

  /// The words several accounts answer to ("savings" of HDFC Savings and SBI Savings), each
  /// with those accounts: a phrase that uses one is told to say which.
  static func ambiguous(_ catalog: Catalog, named: [String: String]) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for account in catalog.accounts {
      var words = typeWords(account.type).filter { !["card", "cash", "bank", "credit card", "cc"].contains($0) }
      if let institution = account.institution.map({ NameKey($0).text }), !institution.isEmpty {
        words.append(institution)
        words += typeWords(account.type).map { institution + " " + $0 }
      }
      for word in words where named[word] == nil { found[word, default: []].append(account.name) }
    }
    return found.filter { $0.value.count > 1 }
  }

  /// The words of the accounts' own names that one account alone has ("regalia" of HDFC
  /// Regalia, "sbi" of SBI Savings beside HDFC Savings), three letters or more: a transfer's end
  /// after from/to may name its account by one ("to regalia"), as `list --account` does. A word
  /// of an account type ("savings") is never one: it names every account of its type.
  static func nameWords(_ catalog: Catalog, named: [String: String]) -> [String: String] {
    let types = Set(AccountType.allCases.flatMap { typeWords($0) })
    var owners: [String: Set<String>] = [:]
    for account in catalog.accounts {
      for word in NameKey(account.name).text.split(separator: " ").map(String.init)
      where word.count >= 3 && word.contains(where: \.isLetter) && !types.contains(word) {
        owners[word, default: []].insert(account.name)
      }
    }
    var found: [String: String] = [:]
    for (word, accounts) in owners where accounts.count == 1 && named[word] == nil { found[word] = accounts.first! }
    return found
  }

  static func typeWords(_ type: AccountType) -> [String] {
    switch type {
    case .savings: ["savings", "saving", "bank", "account"]
    case .current: ["current", "bank", "account"]
    case .cash: ["cash"]
    case .wallet: ["wallet"]
    case .card: ["card", "credit card", "cc"]
    case .loan: ["loan"]
    }
  }
}

extension PhraseRun {
  // MARK: Transfers, accounts and foreign amounts

  /// A transfer word makes the phrase a transfer: a route word anywhere ("atm", "cc bill"); the
  /// plain "transfer" only at the start, or when the phrase names an end ("… to savings").
  mutating func transferWords() {
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      guard free(i), tokens[i].info.has(.transferStart), !inTransferName(i) else { continue }
      for n in stride(from: min(4, tokens.count - i), through: 1, by: -1) {
        let range = i..<(i + n)
        guard range.allSatisfy(free),
          let route = lexicon.transferRoutes[range.map { tokens[$0].word }.joined(separator: " ")]
        else { continue }
        if route == .transfer && i != 0 && !namesAnEnd() { break }
        transferRoute = transferRoute ?? route
        for j in range { tokens[j].used = true }
        i += n - 1
        break
      }
    }
  }

  /// Whether the word at `i` is half of a name with a transfer word in it ("recurring deposit").
  func inTransferName(_ i: Int) -> Bool {
    let names = lexicon.transferNames
    return i > 0 && names.contains(tokens[i - 1].word + " " + tokens[i].word)
      || i + 1 < tokens.count && names.contains(tokens[i].word + " " + tokens[i + 1].word)
  }

  /// Whether a from/to word comes before an account or a method word ("to savings", "from upi").
  func namesAnEnd() -> Bool {
    tokens.indices.dropLast().contains { i in
      free(i) && (lexicon.fromWords.contains(tokens[i].word) || lexicon.toWords.contains(tokens[i].word))
        && (tokens[i + 1].info.has(.accountStart) || tokens[i + 1].info.method >= 0)
    }
  }

  /// Account words: the entry's account, or a transfer's source and destination by their
  /// from/to ("moved 5000 from hdfc to sbi"); the from/to word goes with it. In a transfer, a
  /// method after from/to is that end's method (with no accounts, the ends are methods).
  mutating func accountWords() {
    let table = parser.accountWords
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      guard free(i) else { continue }
      let marker: Bool? =
        i > 0 && free(i - 1)
        ? (lexicon.fromWords.contains(tokens[i - 1].word)
          ? true : lexicon.toWords.contains(tokens[i - 1].word) ? false : nil) : nil
      var found: (String, Int)?
      if tokens[i].info.has(.accountStart) {
        for n in stride(from: min(4, tokens.count - i), through: 1, by: -1) {
          let range = i..<(i + n)
          if range.allSatisfy(free), let name = table[range.map { tokens[$0].word }.joined(separator: " ")] {
            found = (name, n)
            break
          }
        }
      }
      // In a transfer, after from/to, a word of one account's own name names it ("to regalia"),
      // unless the word already means something else ("from salary": the category).
      let info = tokens[i].info
      if found == nil, transferRoute != nil, marker != nil, info.method < 0, info.category < 0, info.suggestion < 0,
        let name = parser.accountNameWords[tokens[i].word]
      {
        found = (name, 1)
      }
      if found == nil, marker != nil, let names = parser.ambiguousAccountWords[tokens[i].word] {
        draft.warnings.append(.ambiguousAccount(word: tokens[i].text, accounts: names))
      }
      if let (name, n) = found {
        if transferRoute == nil {
          guard draft.account == nil else { continue }
          draft.account = name
        } else if marker == false || (marker == nil && draft.account != nil) {
          guard draft.counterAccount == nil else { continue }
          draft.counterAccount = name
        } else {
          guard draft.account == nil else { continue }
          draft.account = name
        }
        for j in i..<(i + n) { tokens[j].used = true }
        if marker != nil { tokens[i - 1].used = true }
        i += n - 1
      } else if transferRoute != nil, marker != nil, tokens[i].info.method < 0, !parser.catalog.accounts.isEmpty,
        tokens[i].info.flags.isEmpty, !tokens[i].hasDigit, parser.ambiguousAccountWords[tokens[i].word] == nil
      {
        draft.warnings.append(.notAnAccount(word: tokens[i].text))
        if marker == true { unknownEnds.from = true } else { unknownEnds.to = true }
      } else if transferRoute != nil, let marker, tokens[i].info.method >= 0 {
        let method = parser.catalog.methods[Int(tokens[i].info.method)].name
        if marker { draft.method = method } else { draft.counterMethod = method }
        tokens[i].used = true
        tokens[i - 1].used = true
      }
    }
  }

  /// "paid hdfc loan 15000", "car loan emi 12000", "12000 car loan payment": money paid to a card
  /// or a loan with no category said (an expense word or a loan-payment word, before or after the
  /// name and the amount) is a transfer to it from the bank, which lowers what is owed (an expense
  /// charged to it would raise it). The loan-payment words are used (dropped from the note), and
  /// a from-word names the paying account.
  mutating func liabilityPayment() {
    let paymentWords = tokens.indices.filter { free($0) && tokens[$0].info.has(.loanPayment) }
    guard transferRoute == nil, explicitKind == nil, explicitCategory == nil, namedCategories.isEmpty,
      suggestedCategories.isEmpty, let name = draft.account, let account = parser.catalog.account(named: name),
      account.isLiability, !paymentWords.isEmpty || tokens.contains(where: { $0.info.has(.expenseMarker) })
    else { return }
    for i in paymentWords { tokens[i].used = true }
    transferRoute = .transfer
    draft.counterAccount = name
    draft.account = nil
    // The account words again, now as a transfer's ends: "… car loan from sbi" is paid from SBI.
    let warnings = draft.warnings
    accountWords()
    draft.warnings = warnings + draft.warnings.dropFirst(warnings.count).filter { !warnings.contains($0) }
  }

  /// "car loan emi 12000" with a debt record named "Car loan" and no loan account: an expense
  /// paid on that debt (linked to it, so what is owed goes down), in Debt unless a category is
  /// said. It needs an expense word or a loan-payment word, and the debt's whole name.
  mutating func debtPayment() {
    guard transferRoute == nil, explicitKind == nil || explicitKind == .expense, !parser.settings.debts.isEmpty,
      draft.account.flatMap(parser.catalog.account(named:)).map({ !$0.isLiability }) ?? true
    else { return }
    let paymentWords = tokens.indices.filter { free($0) && tokens[$0].info.has(.loanPayment) }
    guard !paymentWords.isEmpty || tokens.contains(where: { $0.info.has(.expenseMarker) }) else { return }
    for n in stride(from: min(6, tokens.count), through: 1, by: -1) {
      for i in 0...(tokens.count - n) {
        let range = i..<(i + n)
        guard range.allSatisfy(free) else { continue }
        let text = range.map { tokens[$0].word }.joined(separator: " ")
        guard let debt = parser.settings.debts.first(where: { NameKey($0.name).text == text }) else { continue }
        pays(debt, words: Array(range) + paymentWords)
        return
      }
    }
    // With a payment word, one word of one debt's name beside it is enough ("hdfc emi 5000"
    // pays "HDFC card"), when no other word is left to say what was paid for ("emi 3000 for
    // personal trainer" pays no debt); a word two debts share, or a filler, names none.
    guard !paymentWords.isEmpty else { return }
    func isName(_ i: Int) -> Bool {
      free(i) && !paymentWords.contains(i) && !tokens[i].hasDigit && !tokens[i].info.has(.filler)
        && !tokens[i].info.has(.nameJoiner) && !lexicon.fromWords.contains(tokens[i].word)
        && !lexicon.toWords.contains(tokens[i].word)
    }
    func besidePayment(_ i: Int) -> Bool {
      paymentWords.contains { p in
        abs(p - i) == 1 || abs(p - i) == 2 && tokens[(p + i) / 2].hasDigit
      }
    }
    let words = tokens.indices.filter(isName)
    var named: [Int: (id: Int64, name: String)] = [:]
    for i in words where besidePayment(i) {
      let key = NameKey(tokens[i].word)
      let debts = parser.settings.debts.filter { debt in
        debt.name.split(separator: " ").contains { NameKey(String($0)) == key }
      }
      if debts.count == 1 { named[i] = debts[0] }
    }
    guard let debt = named.values.first, named.values.allSatisfy({ $0.id == debt.id }),
      words.allSatisfy({ named[$0] != nil })
    else { return }
    pays(debt, words: Array(named.keys) + paymentWords)
  }

  /// The phrase pays `debt`, named by `words`: a payment linked to it, in Debt when no category is named.
  mutating func pays(_ debt: (id: Int64, name: String), words: [Int]) {
    for j in words { tokens[j].used = true }
    draft.debtID = debt.id
    if explicitCategory == nil, namedCategories.isEmpty, let category = parser.catalog.category(named: "Debt"),
      category.side == .expense
    {
      explicitCategory = category
    }
  }

  /// A transfer's ends once the method words are read: a bare method word that is the route's
  /// destination ("withdrew 2000 cash") is that end, not the source; the rest come from the route
  /// and the accounts (inferred). A transfer has no category of its own.
  mutating func transferEnds() {
    guard let route = transferRoute else { return }
    draft.kind = .transfer
    draft.category = Transfer.category
    let ends = route.ends(card: parser.settings.card)
    let destination = ends.to.flatMap { parser.catalog.method(named: $0)?.name }
    if let method = draft.method, method == destination, draft.counterMethod == nil, draft.counterAccount == nil {
      draft.counterMethod = method
      draft.method = nil
    }
    if draft.method == nil {
      // From a bank, the route's own method (Bank Transfer, or Debit Card at an ATM); from cash
      // or a card, that account's.
      let source = draft.account.flatMap(parser.catalog.account(named:))
      draft.method =
        source.flatMap {
          $0.type.isBank ? nil : AccountRules.method(for: $0, catalog: parser.catalog, card: parser.settings.card)
        }
        ?? parser.catalog.methodName(ends.from, fallback: "Cash")
      draft.inferred.insert(.method)
    }
    if draft.counterMethod == nil, draft.counterAccount == nil, let destination, destination != draft.method {
      draft.counterMethod = destination
      draft.inferred.insert(.to)
    }
  }

  /// An entry on an account that named no method takes the account's (inferred); an entry
  /// that named no account takes its method's (inferred), as the store would.
  mutating func inferAccounts() {
    PhraseParser(tables: parser).inferAccounts(&draft)
  }

  /// "1046.50 for $12.50": of two amounts, the one after a foreign word in another currency is
  /// what the charge was in that currency; the other is the amount. True when it read one.
  mutating func foreignAmount(_ candidates: [AmountCandidate]) -> Bool {
    guard candidates.count == 2 else { return false }
    for (home, foreign) in [(candidates[0], candidates[1]), (candidates[1], candidates[0])] {
      guard let first = foreign.tokens.first, first > 0, free(first - 1),
        lexicon.foreignWords.contains(tokens[first - 1].word), foreign.currency >= 0,
        currency(of: foreign) != currency(of: home)
      else { continue }
      let currency = currency(of: home)
      draft.amount = Money(minorUnits: home.minorUnits, currency: currency)
      draft.currency = currency
      draft.foreignAmount = Money(minorUnits: foreign.minorUnits, currency: self.currency(of: foreign))
      if let sign = home.sign { signKind = sign }
      for j in Array(home.tokens) + Array(foreign.tokens) + [first - 1] {
        tokens[j].used = true
        tokens[j].amountOrMarker = true
      }
      return true
    }
    return false
  }
}

extension PhraseParser {
  /// Fills the accounts a draft leaves open from its methods (marked inferred), and the method
  /// of an entry on an account that named none, by the store's rules (`AccountRules`).
  public func inferAccounts(_ draft: inout TransactionDraft) {
    guard !catalog.accounts.isEmpty else { return markMissingEnds(&draft) }
    if draft.method == nil, let account = draft.account.flatMap(catalog.account(named:)) {
      draft.method = AccountRules.method(for: account, catalog: catalog, card: settings.card, kind: draft.kind)
      draft.inferred.insert(.method)
    }
    let (account, counter) = AccountRules.inferred(
      kind: draft.kind, account: draft.account, counterAccount: draft.counterAccount, method: draft.method,
      counterMethod: draft.counterMethod, currency: draft.currency, date: draft.date, catalog: catalog)
    if draft.account == nil, let account {
      draft.account = account.name
      draft.inferred.insert(.account)
      if draft.kind == .transfer, !account.type.isBank,
        draft.method.map({ AccountRules.fallbackTypes($0) == [[.current, .savings]] }) ?? false
      {
        draft.warnings.append(.onlyOtherAccount(account.name))
      }
    }
    if draft.kind == .transfer, draft.counterAccount == nil, let counter {
      draft.counterAccount = counter.name
      draft.inferred.insert(.to)
    }
    if draft.kind == .transfer, let account = draft.account, account == draft.counterAccount {
      draft.warnings.append(.sameAccountBothEnds(account))
    }
    markMissingEnds(&draft)
  }

  /// A transfer must know both its ends before it is saved: with no accounts, where the money
  /// went; with accounts, an account at one end at least, and at the other an account or a
  /// method no account takes (the ends are inferred before this), which is money Spendly does
  /// not keep: "atm 2000" with only a bank account is HDFC Savings → Cash (untracked), a
  /// withdrawal into the cash at hand; from Cash into the bank, a deposit. Each end not known is
  /// `missing`, so the draft asks for it.
  func markMissingEnds(_ draft: inout TransactionDraft) {
    draft.missing.removeAll { $0 == .account || $0 == .to }
    guard draft.kind == .transfer else { return }
    if catalog.accounts.isEmpty {
      if draft.counterMethod == nil { draft.missing.append(.to) }
      return
    }
    if draft.account == nil && (draft.method == nil || draft.counterAccount == nil) { draft.missing.append(.account) }
    if draft.counterAccount == nil && draft.counterMethod == nil { draft.missing.append(.to) }
  }

  /// After a field changed: the accounts that were inferred are inferred again from the new fields.
  public func reinferAccounts(_ draft: inout TransactionDraft) {
    draft.warnings.removeAll {
      if case .sameAccountBothEnds = $0 { true } else { false }
    }
    if draft.inferred.contains(.account) {
      draft.account = nil
      draft.inferred.remove(.account)
    }
    if draft.inferred.contains(.to), draft.counterAccount != nil {
      draft.counterAccount = nil
      draft.inferred.remove(.to)
    }
    // An inferred source that is the destination too (the default Cash, then --to Cash) is a
    // transfer's own source instead (Bank Transfer), as "transfer 300 to cash" reads.
    if draft.kind == .transfer, draft.inferred.contains(.method), let method = draft.method,
      method == draft.counterMethod
    {
      draft.method = catalog.methodName(TransferRoute.transfer.ends(card: settings.card).from, fallback: method)
    }
    inferAccounts(&draft)
  }
}
