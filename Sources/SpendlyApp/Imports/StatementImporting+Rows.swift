import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyStore

/// What the reference Spendly makes for a row the file gives none is made of: its day, amount
/// and cleaned payee, and how many rows of the file before it had the same (its ordinal).
struct MadeReference: Hashable {
  let date: LocalDate
  let amount: Int64
  let payee: String?
  let ordinal: Int

  /// The reference on `account` (its statement's account id, else its name).
  func reference(account: String) -> String {
    StatementValues.hashReference(account: account, date: date, amount: amount, payee: payee, ordinal: ordinal)
  }
}

extension StatementImporting {
  /// Each row's cleaned payee (cleaned once per distinct text: a bank writes the same payee on
  /// many rows) and, for a row the file gives no reference, what Spendly's reference is made of.
  static func payees(_ statement: Statement) -> [(payee: String?, made: MadeReference?)] {
    struct Seed: Hashable {
      let date: LocalDate
      let amount: Int64
      let payee: String?
    }
    var ordinals: [Seed: Int] = [:]
    var cleaned: [String: String?] = [:]
    func clean(_ text: String?) -> String? {
      guard let text else { return nil }
      if let known = cleaned[text] { return known }
      let result = PayeeCleaner.clean(text, lexicon: .standard)
      cleaned[text] = result
      return result
    }
    return statement.rows.map { row in
      let payee = clean(row.payee) ?? clean(row.memo)
      guard row.reference == nil else { return (payee, nil) }
      let seed = Seed(date: row.date, amount: row.amount, payee: payee)
      ordinals[seed, default: 0] += 1
      return (payee, MadeReference(date: row.date, amount: row.amount, payee: payee, ordinal: ordinals[seed]!))
    }
  }

  /// A statement's rows as the domain reads them: payees cleaned (once per distinct text), and a
  /// stable reference for each row the file gives none (the same payee, day and amount counted).
  public static func bankRows(
    _ statement: Statement, key: String, words: NarrationWords = Lexicon.standard.narrationWords,
    account: (String) -> String? = { _ in nil }
  ) -> [BankRow] {
    /// What a narration says, worked out once per distinct text (a bank repeats its narrations).
    var told: [String: (text: String, kind: NarrationKind?)] = [:]
    func narration(_ row: StatementRow) -> (text: String, kind: NarrationKind?)? {
      guard let raw = row.payee ?? row.memo else { return nil }
      let key = raw + "\u{1F}" + (row.payee != nil ? row.memo ?? "" : "")
      if let known = told[key] { return known }
      let answer = (
        TextSanitizer.printable(raw.replacingOccurrences(of: "\n", with: " ")),
        words.kind(of: [row.payee, row.memo].compactMap { $0 }.joined(separator: " "))
      )
      told[key] = answer
      return answer
    }
    return zip(statement.rows, Self.payees(statement)).map { row, cleaned -> BankRow in
      let payee = cleaned.payee
      let reference = row.reference ?? cleaned.made!.reference(account: key)
      var bank = BankRow(
        date: row.date, amount: Money(minorUnits: row.amount, currency: statement.currency), reference: reference,
        hasOwnReference: row.reference != nil, line: row.line
      )
      bank.postedDate = row.postedDate
      bank.payee = payee
      // A line break inside a quoted field is a space between words, not nothing.
      bank.memo = row.memo.map {
        TextSanitizer.printable($0.replacingOccurrences(of: "\n", with: " ")).trimmingSpaces()
      }.flatMap { $0.isEmpty ? nil : $0 }
      if bank.memo == row.payee { bank.memo = nil }
      // A row with only a memo: its cleaned form is the merchant, and the memo is no second copy.
      if row.payee == nil, let payee, NameKey.same(payee, bank.memo) { bank.memo = nil }
      if let cheque = row.cheque {
        bank.memo = [bank.memo, "cheque \(cheque)"].compactMap { $0 }.joined(separator: " · ")
      }
      bank.mcc = row.mcc
      bank.pending = row.pending
      bank.foreign = row.foreign
      bank.rate = row.rate
      bank.type = row.type
      bank.category = row.category
      // What the narration says the row is: an ATM's cash (no payee), a card bill, salary.
      let told = narration(row)
      bank.text = told?.text
      bank.narration = told?.kind
      // The person's own money moved: no one else is the payee.
      if [.atm, .cardBill, .selfTransfer].contains(bank.narration) || row.type?.uppercased() == "ATM" {
        bank.payee = nil
      }
      if bank.narration == .salary, row.amount > 0, bank.category == nil { bank.category = "Salary" }
      // A QIF transfer to an account of the person's; to one Spendly does not know, it is said in the note.
      if let other = row.transferAccount {
        if let known = account(other) {
          bank.transferAccount = known
        } else {
          bank.memo = [bank.memo, "[\(other)]"].compactMap { $0 }.joined(separator: " ")
        }
      }
      return bank
    }
  }


  /// Rows whose narration names another of the person's accounts, by its number or its masked
  /// last four digits ("XXXXXX4321"), or a card bill naming a card's last four ("CARD 4242"):
  /// a transfer with that account.
  static func linkOwnAccounts(_ rows: inout [BankRow], of account: Account, among accounts: [Account]) {
    let others = accounts.filter { $0.name != account.name && $0.currency == account.currency }
    guard !others.isEmpty else { return }
    for index in rows.indices where rows[index].transferAccount == nil {
      let row = rows[index]
      let words = NarrationWords.words(row.text ?? "")
      guard !words.isEmpty else { continue }
      let found = others.first { other in
        if let number = other.number?.lowercased().filter({ $0.isLetter || $0.isNumber }), number.count >= 6,
          words.contains(where: { $0 == number || ($0.count >= 8 && $0.hasSuffix(number)) })
        {
          return true
        }
        guard let last4 = other.last4?.lowercased() else { return false }
        let masked = words.contains { word in
          word.count > 4 && word.hasSuffix(last4) && word.dropLast(4).allSatisfy { $0 == "x" || $0 == "*" }
        }
        return masked || (row.narration == .cardBill && other.type == .card && words.contains(last4))
      }
      guard let found else { continue }
      rows[index].transferAccount = found.name
      if rows[index].narration == nil { rows[index].narration = .selfTransfer }
    }
  }
}
