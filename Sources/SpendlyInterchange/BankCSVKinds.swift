import SpendlyCore

/// What a bank CSV's own columns say of its rows' kinds, so that a mapping that reads every row
/// as one kind (all money in, or all out) is refused when the file has both: amounts in both a
/// withdrawal and a deposit column, a DR/CR column saying both, or one column signed both ways.
struct BankCSVKinds {
  let names: [String]
  let debitColumns: [Int]
  let creditColumns: [Int]
  /// DR/CR columns the mapping does not use as `drcr`.
  let sideColumns: [Int]
  /// A lone debit or credit column, whose signs the mapping drops.
  let lone: Int?
  let style: AmountStyle
  let exponent: Int
  var filledDebit: Int?
  var filledCredit: Int?
  var sidesSeen: [Int: Set<AmountReader.Side>] = [:]
  var loneSigns: Set<Bool> = []

  init(header: [String], mapping: BankCSVMapping, style: AmountStyle, exponent: Int) {
    let names = header.map { $0.trimmingSpaces() }
    self.names = names
    let kinds = names.map(BankCSVColumn.of)
    debitColumns = kinds.indices.filter { kinds[$0] == .debit }
    creditColumns = kinds.indices.filter { kinds[$0] == .credit }
    func index(_ name: String?) -> Int? {
      guard let name else { return nil }
      if let number = Int(name) { return number - 1 }
      return names.firstIndex { $0.lowercased() == name.lowercased() }
    }
    let drcr = index(mapping.drcr)
    sideColumns = kinds.indices.filter { kinds[$0] == .side && $0 != drcr }
    lone =
      mapping.amount == nil && (mapping.debit == nil) != (mapping.credit == nil)
      ? index(mapping.debit ?? mapping.credit) : nil
    self.style = style
    self.exponent = exponent
  }

  /// Takes note of one row's fields.
  mutating func note(_ fields: [String]) {
    func value(_ index: Int) -> Int64? {
      guard index < fields.count else { return nil }
      return StatementValues.amount(fields[index].trimmingSpaces(), style: style, exponent: exponent)
    }
    if filledDebit == nil { filledDebit = debitColumns.first { (value($0) ?? 0) != 0 } }
    if filledCredit == nil { filledCredit = creditColumns.first { (value($0) ?? 0) != 0 } }
    for column in sideColumns where column < fields.count {
      if let side = BankCSVColumn.side(fields[column]) { sidesSeen[column, default: []].insert(side) }
    }
    if let lone, let amount = value(lone), amount != 0 { loneSigns.insert(amount > 0) }
  }

  /// Why the rows read as they do cannot be right, or nil.
  func refusal(_ rows: [StatementRow]) -> String? {
    let signs = Set(rows.filter { $0.amount != 0 }.map { $0.amount > 0 })
    guard rows.count >= 2, signs.count == 1, let into = signs.first else { return nil }
    let kind = "every row reads as money \(into ? "in" : "out")"
    func quoted(_ index: Int) -> String { TextSanitizer.quoted(names[index], limit: 40) }
    if let debit = filledDebit, let credit = filledCredit {
      return "\(kind), but \(quoted(debit)) and \(quoted(credit)) both have amounts: map them as "
        + "debit = \(BankCSVColumn.named(names, debit)) and credit = \(BankCSVColumn.named(names, credit))"
    }
    if let side = sideColumns.first(where: { sidesSeen[$0]?.count == 2 }) {
      return "\(kind), but \(quoted(side)) says DR and CR: map it as drcr = \(BankCSVColumn.named(names, side))"
    }
    if let lone, loneSigns.count == 2 {
      let name = lone < names.count ? quoted(lone) : "column \(lone + 1)"
      let mapped = lone < names.count ? BankCSVColumn.named(names, lone) : String(lone + 1)
      return "\(kind), but \(name) has amounts of both signs: map it as amount = \(mapped)"
    }
    return nil
  }
}
