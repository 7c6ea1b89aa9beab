import Foundation
import SpendlyCore

/// The guess from values alone (a file with no header), and the guess read back: a footer's
/// lines, lines to skip, a balance that moves with the amounts.
extension ColumnGuesser {
  /// How many decimals a guess reads amounts with: enough for any currency's (a probe only).
  static let probe = Currency(code: "XXX", symbol: "", exponent: 4, name: "probe")

  /// A headerless file: the first line of three fields or more with a date starts the rows; the
  /// date column, the amounts and the text are told from what the rows hold.
  mutating func fromValues() {
    mapping.header = false
    guard
      let start = records.firstIndex(where: {
        $0.fields.count >= 3 && $0.fields.contains(where: DateFormatGuess.looksLikeDate)
      })
    else {
      mapping.date = "1"
      guess.warnings.append("no header and no line with a date: say which column is which, by number")
      return
    }
    mapping.skip = start
    guess.reasons.append("header = no (no line names the columns: they are told from the values)")
    if start > 0 { guess.reasons.append("skip = \(start) (title lines before the rows)") }
    let dateColumn = records[start].fields.firstIndex(where: DateFormatGuess.looksLikeDate)!
    dates(in: dateColumn, after: start)
    let numeric = numbers(excluding: [dateColumn])
    let width = rows.map(\.count).max() ?? 0
    func letters(_ column: Int) -> Int { values(column).reduce(0) { $0 + $1.filter(\.isLetter).count } }
    if let text = (0..<width).filter({ $0 != dateColumn && !numeric.contains($0) }).max(by: {
      letters($0) < letters($1)
    }),
      letters(text) > 0
    {
      mapping.payee = name(text)
      guess.reasons.append("payee = \(name(text)) (the column with the most text)")
    }
  }

  /// The amount columns told from numbers: one column is the amount; two filled in turn are
  /// debit and credit; a column that moves by the amounts is the balance. The columns used.
  @discardableResult
  mutating func numbers(excluding taken: [Int]) -> [Int] {
    let width = rows.map(\.count).max() ?? 0
    let candidates = (0..<width).filter { column in
      let said = values(column).filter { !$0.isEmpty }
      return !taken.contains(column) && !said.isEmpty && !said.contains(where: DateFormatGuess.looksLikeDate)
        && said.allSatisfy { $0.contains(where: \.isNumber) && !$0.contains(where: \.isLetter) }
    }
    decimalMark(candidates)
    var numeric = candidates.filter { column in
      amounts(column).enumerated().allSatisfy { values(column)[$0.offset].isEmpty || $0.element != nil }
    }
    // Serial numbers and references: integers only, where other columns have decimals.
    let mark: Character = mapping.decimalComma ? "," : "."
    let decimal = numeric.filter { values($0).contains { $0.contains(mark) } }
    if !decimal.isEmpty { numeric = decimal }
    guard let first = numeric.first else {
      guess.warnings.append("no column of amounts found: say amount = N (or debit and credit)")
      return []
    }
    if numeric.count == 1 {
      amountColumn(first, sides: [])
      return numeric
    }
    // Two columns where every row fills exactly one: money out and money in.
    func filled(_ column: Int) -> [Bool] { amounts(column).map { ($0 ?? 0) != 0 } }
    for (offset, debit) in numeric.enumerated() {
      for credit in numeric.dropFirst(offset + 1) where zip(filled(debit), filled(credit)).allSatisfy({ $0 != $1 }) {
        let balance = numeric.first { $0 != debit && $0 != credit }
        let flow = zip(amounts(debit), amounts(credit)).map { Optional(($1 ?? 0) - ($0 ?? 0)) }
        var (out, into) = (debit, credit)
        if let balance {
          let check = Self.agreement(flow, amounts(balance))
          if check.against > check.agree { (out, into) = (credit, debit) }
          mapping.balance = name(balance)
        } else {
          guess.warnings.append(
            "which of columns \(debit + 1) and \(credit + 1) is money out is a guess (no balance to check it)")
        }
        mapping.debit = name(out)
        mapping.credit = name(into)
        guess.reasons.append("debit = \(name(out)) (money out)")
        guess.reasons.append("credit = \(name(into)) (money in)")
        return numeric
      }
    }
    // An amount and the balance it moves.
    var best: (amount: Int, balance: Int, agree: Int)?
    for amount in numeric {
      for balance in numeric where balance != amount {
        let agree = Self.agreement(amounts(amount), amounts(balance)).agree
        if agree > (best?.agree ?? 0) { best = (amount, balance, agree) }
      }
    }
    amountColumn(best?.amount ?? first, sides: [])
    if let best {
      mapping.balance = name(best.balance)
    } else {
      guess.warnings.append(
        "several columns of numbers and none moves by another: column \(first + 1) taken as the amount")
    }
    return numeric
  }

  /// How many rows a balance moves by their amount (and against it), in the file's order or
  /// newest first, whichever agrees more.
  static func agreement(_ amounts: [Int64?], _ balances: [Int64?]) -> (agree: Int, against: Int, compared: Int) {
    var forward = (0, 0)
    var backward = (0, 0)
    var compared = 0
    for i in amounts.indices.dropFirst() where i < balances.count {
      guard let before = balances[i - 1], let after = balances[i] else { continue }
      compared += 1
      let change = after &- before
      if let amount = amounts[i] {
        if change == amount { forward.0 += 1 } else if change == -amount { forward.1 += 1 }
      }
      if let amount = amounts[i - 1] {
        if -change == amount { backward.0 += 1 } else if change == amount { backward.1 += 1 }
      }
    }
    let chosen = max(forward.0, forward.1) >= max(backward.0, backward.1) ? forward : backward
    return (chosen.0, chosen.1, compared)
  }

  /// Reads the file with the guess: a line in the rows that is no row is skipped by
  /// `skip-matching`; dated lines at the end that are no rows by `skip-end`; what is left is a
  /// warning. The footer and the balance's check go in the comments.
  mutating func checkByReading(_ text: String) {
    guard mapping.date != nil, mapping.amount != nil || mapping.debit != nil || mapping.credit != nil else { return }
    var trial = mapping
    trial.currency = nil
    var skipped: [String] = []
    let nonBlank = records.filter { $0.fields.contains { !$0.isEmpty } }
    for _ in 0..<6 {
      let statement: Statement
      do {
        statement = try BankCSVFormat.read(text, mapping: trial, currency: Self.probe)
      } catch {
        guard let at = nonBlank.firstIndex(where: { $0.line == error.line }), skipped.count < 5 else {
          guess.warnings.append("this mapping does not read the file: line \(error.line): \(error.message)")
          return
        }
        let record = nonBlank[at]
        let isRow = rowLines.contains(record.line)
        let rowsAfter = nonBlank[(at + 1)...].filter { rowLines.contains($0.line) }.count
        if trial.skipEnd == 0, sawWholeFile, rowsAfter == 0 {
          trial.skipEnd = nonBlank.count - at
          guess.reasons.append(
            "skip-end = \(trial.skipEnd) (the lines from \(error.line) on are a footer: \(TextSanitizer.quoted(record.fields.joined(separator: " "), limit: 40)))"
          )
        } else if !isRow, let first = record.fields.first(where: { !$0.isEmpty }), first.contains(where: \.isNumber) {
          // A line between rows that begins like a date but does not read: a broken row, for
          // the person to see, never skipped without a word.
          guess.warnings.append(
            "line \(record.line) (\(TextSanitizer.quoted(first, limit: 40))) is no row: \(error.message); fix it, or skip it with skip-matching")
          return
        } else if !isRow, let first = record.fields.first(where: { !$0.isEmpty }) {
          skipped.append(NSRegularExpression.escapedPattern(for: first))
          trial.skipMatching =
            #"^\W*"# + (skipped.count == 1 ? skipped[0] : "(?:" + skipped.joined(separator: "|") + ")")
          guess.reasons.append(
            "skip-matching skips line \(record.line) (\(TextSanitizer.quoted(first, limit: 40)): no row)")
        } else {
          guess.warnings.append("this mapping does not read the file: line \(error.line): \(error.message)")
          return
        }
        continue
      }
      mapping.skipEnd = trial.skipEnd
      mapping.skipMatching = trial.skipMatching
      let footer = statement.skippedFooterLines - trial.skipEnd
      let last = statement.rows.map(\.line).max() ?? 0
      if footer > 0, let first = nonBlank.first(where: { $0.line > last && !BankCSVColumn.isSeparator($0.fields) }) {
        let text = TextSanitizer.quoted(first.fields.filter { !$0.isEmpty }.joined(separator: " "), limit: 40)
        guess.reasons.append(
          "\(footer) footer line\(footer == 1 ? "" : "s") after the last row, from \(text), \(footer == 1 ? "is" : "are") skipped on import")
      }
      balanceCheck(statement)
      return
    }
  }

  /// The balance column checked against the amounts read: a note, or a warning when it moves
  /// against them.
  mutating func balanceCheck(_ statement: Statement) {
    guard let balance = mapping.balance else { return }
    let column = Int(balance).map { $0 - 1 } ?? names.firstIndex { $0.lowercased() == balance.lowercased() }
    guard let column else { return }
    let style = AmountStyle.bankCSV(decimalComma: mapping.decimalComma, thousands: mapping.thousands)
    let byLine = Dictionary(records.map { ($0.line, $0.fields) }, uniquingKeysWith: { first, _ in first })
    let balances = statement.rows.map { row -> Int64? in
      guard let fields = byLine[row.line], column < fields.count else { return nil }
      return StatementValues.amount(fields[column], style: style, exponent: Self.probe.exponent)
    }
    let check = Self.agreement(statement.rows.map(\.amount), balances)
    guard check.compared > 0 else { return }
    guess.reasons.removeAll { $0.hasPrefix("balance = ") }
    if check.against > check.agree {
      guess.warnings.append(
        "\(TextSanitizer.quoted(balance)) moves against the amounts on \(check.against) of \(check.compared) rows: "
          + "if money out reads as money in, say negate = yes")
    } else {
      guess.reasons.append("balance = \(balance) (moves by the amounts on \(check.agree) of \(check.compared) rows)")
    }
  }
}
