import Foundation
import SpendlyCore

/// A bank CSV's mapping guessed from its header and its rows, with why each column was chosen
/// and a warning where a choice is weak, for the person to check and save.
public struct BankCSVGuess: Sendable {
  public var mapping: BankCSVMapping
  /// "date = Txn Date (DD/MM/YY: 31/10/26 seen)": a line each, printed as comments.
  public var reasons: [String] = []
  public var warnings: [String] = []

  /// The mapping's lines with the reasons and warnings as `#` comments after its first line.
  public var text: String {
    var lines = mapping.text.split(separator: "\n").map(String.init)
    let notes = reasons.map { "# " + Self.oneLine($0) } + warnings.map { "# warning: " + Self.oneLine($0) }
    lines.insert(contentsOf: notes, at: min(1, lines.count))
    return lines.joined(separator: "\n") + "\n"
  }

  static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}

extension BankCSVFormat {
  /// The mapping `guessed` chooses.
  public static func guess(_ text: String) -> BankCSVMapping { guessed(text).mapping }

  /// A mapping guessed from the first rows: the header (after any title lines) names the columns,
  /// or a file with none is guessed from its values; the date format is decided from every row
  /// that looks like a transaction; the guess is then read back to find its footer.
  public static func guessed(_ text: String) -> BankCSVGuess {
    var guess = BankCSVGuess(mapping: BankCSVMapping())
    guess.mapping.delimiter = CSVReader.sniffDelimiter(text)
    var reader = CSVReader(text, delimiter: guess.mapping.delimiter)
    var records: [(line: Int, fields: [String])] = []
    while records.count < 500, let (line, fields) = reader.next() {
      records.append((line, fields.map { $0.trimmingSpaces() }))
    }
    if guess.mapping.delimiter != "," {
      let name = guess.mapping.delimiter == "\t" ? "tab" : String(guess.mapping.delimiter)
      guess.reasons.append("delimiter = \(name) (the lines split by it alike)")
    }
    // The header: the first line with three names or more, one of them a date's, and no value
    // that is a date. Title lines before it are skipped.
    let headerIndex = records.firstIndex { record in
      record.fields.filter { !$0.isEmpty }.count >= 3
        && record.fields.contains { [.date, .valueDate].contains(BankCSVColumn.of($0)) }
        && !record.fields.contains(where: DateFormatGuess.looksLikeDate)
    }
    let said = records.prefix((headerIndex ?? 0) + 1).contains { record in
      record.fields.contains { field in ["mm/dd", "mm-dd", "mm.dd"].contains { field.lowercased().contains($0) } }
    }
    var guesser = ColumnGuesser(guess: guess, records: records, monthFirstSaid: said)
    guesser.sawWholeFile = reader.next() == nil
    if let headerIndex {
      guesser.fromHeader(at: headerIndex)
    } else {
      guesser.fromValues()
    }
    guesser.checkByReading(text)
    return guesser.guess
  }
}

/// The steps of a guess, over the first records of the file.
struct ColumnGuesser {
  var guess: BankCSVGuess
  let records: [(line: Int, fields: [String])]
  let monthFirstSaid: Bool
  /// The records that look like transactions (a date where the date column is).
  var rows: [[String]] = []
  var rowLines: [Int] = []
  var names: [String] = []
  /// Whether the records are the whole file (a footer is only known then).
  var sawWholeFile = false

  init(guess: BankCSVGuess, records: [(line: Int, fields: [String])], monthFirstSaid: Bool) {
    self.guess = guess
    self.records = records
    self.monthFirstSaid = monthFirstSaid
  }

  var mapping: BankCSVMapping {
    get { guess.mapping }
    set { guess.mapping = newValue }
  }

  func values(_ column: Int) -> [String] { rows.map { column < $0.count ? $0[column] : "" } }

  /// The column's values that are numbers, read as the mapping's style says.
  func amounts(_ column: Int) -> [Int64?] {
    let style = AmountStyle.bankCSV(decimalComma: mapping.decimalComma, thousands: mapping.thousands)
    return values(column).map {
      $0.isEmpty ? nil : StatementValues.amount($0, style: style, exponent: Self.probe.exponent)
    }
  }

  func name(_ column: Int) -> String { names.isEmpty ? String(column + 1) : BankCSVColumn.named(names, column) }

  /// Keeps the records after `start` whose `column` holds a date, and decides its format.
  mutating func dates(in column: Int, after start: Int) {
    // A transaction has a date and a number beside it (a footer's date alone is no row).
    let kept = records.dropFirst(start).filter { record in
      column < record.fields.count && DateFormatGuess.looksLikeDate(record.fields[column])
        && record.fields.indices.contains { index in
          let value = record.fields[index]
          return index != column && value.contains(where: \.isNumber) && !value.contains(where: \.isLetter)
            && !DateFormatGuess.looksLikeDate(value)
        }
    }
    rows = kept.map(\.fields)
    rowLines = kept.map(\.line)
    mapping.date = name(column)
    guard let format = DateFormatGuess.guess(values(column), monthFirstSaid: monthFirstSaid) else {
      guess.warnings.append("no dates found in \(TextSanitizer.quoted(name(column))): date-format = YYYY-MM-DD assumed")
      return
    }
    mapping.dateFormat = format.format
    guess.reasons.append("date = \(name(column)) (\(format.reason))")
    if let warning = format.warning { guess.warnings.append(warning) }
  }

  /// Decimal comma when an amount ends in a comma and one or two digits (1.234,56; 42,50).
  mutating func decimalMark(_ columns: [Int]) {
    let marked = columns.flatMap(values).first { value in
      value.range(of: #"\d,\d{1,2}$"#, options: .regularExpression) != nil
        || value.range(of: #"\d\.\d{3},\d"#, options: .regularExpression) != nil
    }
    if let marked {
      mapping.decimalComma = true
      guess.reasons.append("decimal-comma = yes (\(marked) seen)")
    }
  }

  /// The mapping from a header's names, checked against the rows under it.
  mutating func fromHeader(at index: Int) {
    names = records[index].fields
    mapping.skip = index
    if index > 0 { guess.reasons.append("skip = \(index) (title lines before the header)") }
    let kinds = names.map(BankCSVColumn.of)
    func all(_ kind: BankCSVColumn) -> [Int] { kinds.indices.filter { kinds[$0] == kind } }
    let dateColumns = all(.date) + all(.valueDate)
    // The date column: a transaction date before a value date, the first with dates under it.
    let dateColumn =
      dateColumns.first { column in
        records.dropFirst(index + 1).contains {
          column < $0.fields.count && DateFormatGuess.looksLikeDate($0.fields[column])
        }
      } ?? dateColumns[0]
    dates(in: dateColumn, after: index + 1)
    decimalMark(all(.amount) + all(.debit) + all(.credit) + all(.balance))
    func filled(_ column: Int) -> Int { amounts(column).filter { ($0 ?? 0) != 0 }.count }
    let debits = all(.debit).sorted { filled($0) > filled($1) }
    let credits = all(.credit).sorted { filled($0) > filled($1) }
    if let debit = debits.first, let credit = credits.first, filled(debit) + filled(credit) > 0 || all(.amount).isEmpty
    {
      mapping.debit = name(debit)
      mapping.credit = name(credit)
      guess.reasons.append("debit = \(name(debit)) (money out: \(Self.rows(filled(debit))))")
      guess.reasons.append("credit = \(name(credit)) (money in: \(Self.rows(filled(credit))))")
    } else if let amount = all(.amount).first {
      amountColumn(amount, sides: all(.side))
    } else if let lone = debits.first ?? credits.first {
      let out = debits.first != nil
      if out { mapping.debit = name(lone) } else { mapping.credit = name(lone) }
      guess.reasons.append("\(out ? "debit" : "credit") = \(name(lone)) (money \(out ? "out" : "in"))")
      guess.warnings.append(
        "no \(out ? "credit" : "debit") column found: every row will be money \(out ? "out" : "in")")
    } else {
      numbers(excluding: [dateColumn])
    }
    let text = { (kind: BankCSVColumn) in all(kind).first { $0 != dateColumn } }
    if let payee = text(.payee) {
      mapping.payee = name(payee)
      guess.reasons.append("payee = \(name(payee)) (its name)")
    }
    if let memo = all(.memo).first, mapping.payee != name(memo) {
      mapping.memo = name(memo)
      guess.reasons.append("memo = \(name(memo)) (its name)")
    }
    if mapping.payee == nil { guess.warnings.append("no description column found: rows will have no payee") }
    if let reference = text(.reference) {
      mapping.reference = name(reference)
      guess.reasons.append("reference = \(name(reference)) (its name)")
    }
    if let currency = all(.currency).first(where: { values($0).contains { Currency.named($0) != nil } }) {
      mapping.currency = name(currency)
      guess.reasons.append(
        "currency = \(name(currency)) (\(values(currency).first { Currency.named($0) != nil }!) seen)")
    }
    if let balance = all(.balance).first {
      mapping.balance = name(balance)
      guess.reasons.append("balance = \(name(balance)) (its name)")
    }
  }

  /// "1 row", "4 rows".
  static func rows(_ count: Int) -> String { "\(count) row\(count == 1 ? "" : "s")" }

  /// One amount column: signed by a DR/CR column beside it when there is one, else by its sign.
  mutating func amountColumn(_ amount: Int, sides: [Int]) {
    mapping.amount = name(amount)
    // A DR/CR column whose values all say DR or CR; the nearest after the amount first (Kotak
    // has a second one beside its balance).
    let marked = sides.filter { column in
      let said = values(column).filter { !$0.isEmpty }
      return !said.isEmpty && said.allSatisfy { BankCSVColumn.side($0) != nil }
    }
    let side = marked.min { abs($0 - amount - 1) < abs($1 - amount - 1) }
    let signs = Set(amounts(amount).compactMap { $0 }.filter { $0 != 0 }.map { $0 > 0 })
    if let side {
      mapping.drcr = name(side)
      let said = Set(values(side).compactMap(BankCSVColumn.side)).map { $0 == .debit ? "DR" : "CR" }.sorted(by: >)
      guess.reasons.append("amount = \(name(amount)) (unsigned, signed by drcr)")
      guess.reasons.append("drcr = \(name(side)) (\(said.joined(separator: " and ")) seen beside the amount)")
    } else if signs.count == 2 {
      guess.reasons.append("amount = \(name(amount)) (signed: money in and out seen)")
    } else {
      guess.reasons.append("amount = \(name(amount))")
      let into = signs.first ?? true
      guess.warnings.append(
        "every amount in \(TextSanitizer.quoted(name(amount))) is \(into ? "positive" : "negative"): every row will be money "
          + "\(into ? "in" : "out"); if some are not, say drcr = COLUMN (a DR/CR column)"
          + (into ? ", or negate = yes for a card" : ""))
    }
  }
}
