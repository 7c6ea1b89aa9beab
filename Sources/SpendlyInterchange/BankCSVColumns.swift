import SpendlyCore

/// What a bank CSV's column is, told from its header's words: "Withdrawal Amount (INR )" is money
/// out, "Dr / Cr" is the side of an amount, "Closing Balance" a balance.
enum BankCSVColumn: Equatable {
  case date, valueDate, amount, debit, credit, side, balance, currency, reference, payee, memo, serial, other

  /// The words of a header's name: lowercased, split at anything not a letter or digit.
  static func words(_ name: String) -> [String] {
    name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  static func of(_ name: String) -> BankCSVColumn {
    let words = words(name)
    let set = Set(words)
    func any(_ list: [String]) -> Bool { !set.isDisjoint(with: list) }
    if words.isEmpty { return .other }
    // "Dr / Cr", "CR/DR", "DrCr", "Debit/Credit", "Credit Debit Indicator": the side of an amount.
    if (set.contains("dr") && set.contains("cr")) || any(["drcr", "crdr"])
      || (set.contains("debit") && set.contains("credit"))
    {
      return .side
    }
    if any(["balance", "bal", "saldo", "solde"]) { return .balance }
    if any(["withdrawal", "withdrawals", "debit", "debits", "dr", "withdrawn", "spent", "cargo", "soll", "lastschrift"])
      || (set.contains("out") && any(["paid", "money"]))
    {
      return .debit
    }
    if any(["deposit", "deposits", "credit", "credits", "cr", "received", "abono", "haben", "gutschrift"])
      || (set.contains("in") && any(["paid", "money"]))
    {
      return .credit
    }
    if any(["amount", "amt", "betrag", "montant", "importe", "bedrag", "umsatz"]) { return .amount }
    if any(["date", "dt", "datum", "buchungstag", "fecha", "valuta"]) {
      return any(["value", "valuta", "wertstellung"]) ? .valueDate : .date
    }
    if any(["currency", "ccy", "curr", "währung", "devise", "moneda"]) { return .currency }
    if any(["ref", "reference", "chq", "cheque", "check", "utr", "id", "referenz"]) { return .reference }
    // The card holder's name ("Primary / Addon Customer Name") names no payee.
    if any(["customer", "cardholder", "holder", "addon"]) && !any(["description", "narration", "details"]) {
      return .other
    }
    if any([
      "description", "narration", "particulars", "details", "payee", "merchant", "name", "beneficiary",
      "counterparty", "verwendungszweck", "empfänger", "beschreibung", "libellé", "libelle", "buchungstext",
      "remarks", "text", "concepto",
    ]) {
      return .payee
    }
    if any(["memo", "note", "notes", "purpose", "comment", "comments"]) { return .memo }
    if any(["type", "indicator", "kind"]) { return .side }
    if words == ["s", "no"] || words == ["sl", "no"] || words == ["sr", "no"] || any(["serial"]) || name == "#" {
      return .serial
    }
    return .other
  }

  /// How a mapping names the column at `index` of `names`: its name, or its number when an
  /// earlier column has the same name (Kotak's second "Dr / Cr").
  static func named(_ names: [String], _ index: Int) -> String {
    let name = names[index].trimmingSpaces()
    let first = names.firstIndex { $0.trimmingSpaces().lowercased() == name.lowercased() }
    return first == index && !name.isEmpty && Int(name) == nil ? name : String(index + 1)
  }

  /// The side a DR/CR column's value gives, or nil when it is neither.
  static func side(_ marker: String) -> AmountReader.Side? {
    switch marker.trimmingSpaces().uppercased() {
    case "DR", "D", "DEBIT", "DR.": return .debit
    case "CR", "C", "CREDIT", "CR.": return .credit
    default: return nil
    }
  }

  /// A row of only `*`, `-`, `=` or `_` (and empty fields): a separator, skipped anywhere.
  static func isSeparator(_ fields: [String]) -> Bool {
    var any = false
    for field in fields {
      let text = field.trimmingSpaces()
      if text.isEmpty { continue }
      guard text.allSatisfy({ "*-=_".contains($0) }) else { return false }
      any = true
    }
    return any
  }
}
