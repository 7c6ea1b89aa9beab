import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Issue 23's property: random amounts, rendered in every style a front end takes (western and
/// lakh grouping, a decimal comma, each sign form, symbols and codes before or after, the word
/// multipliers for phrases), read by every front end give what `AmountReader` gives, and the
/// reader gives the amount generated. A text the reader refuses, every front end refuses.
@Suite("issue 23: every amount front end reads what the one reader reads")
struct AmountFrontEndPropertyTests {
  /// xorshift64*, fixed seed: the same samples on every run and machine.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_F491_4F6C_DD1D
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  }

  enum Grouping: CaseIterable { case none, western, lakh }

  /// `digits` (a whole number, as text) grouped with `mark`.
  static func grouped(_ digits: String, _ grouping: Grouping, mark: String) -> String {
    let characters = Array(digits)
    guard grouping != .none, characters.count > 3 else { return digits }
    var groups = [String(characters.suffix(3))]
    var rest = Array(characters.dropLast(3))
    let size = grouping == .western ? 3 : 2
    while !rest.isEmpty {
      groups.insert(String(rest.suffix(size)), at: 0)
      rest = Array(rest.dropLast(size))
    }
    return groups.joined(separator: mark)
  }

  /// A random decimal: its text (grouped, with `point`) and its value as `units / 10^scale`.
  static func decimal(_ random: inout Generator, maxDigits: Int, point: String, group: String, grouping: Grouping)
    -> (text: String, units: Int64, scale: Int)
  {
    var units: Int64 = 0
    let digits = 1 + random.below(maxDigits)
    for _ in 0..<digits { units = units * 10 + Int64(random.below(10)) }
    if units == 0 { units = Int64(1 + random.below(9)) }
    let scale = random.pick([0, 0, 1, 2, 2, 3, 4])
    var power: Int64 = 1
    for _ in 0..<scale { power *= 10 }
    let whole = String(units / power)
    var fraction = String(units % power)
    while fraction.count < scale { fraction = "0" + fraction }
    var text = grouped(whole, grouping, mark: group)
    if scale > 0 {
      text += point + fraction
      if random.chance(15) { text += "0" }  // 12.340: a zero past the currency's decimals
    }
    return (text, units, scale)
  }

  /// units × multiplier × 10^exponent / 10^scale, or nil when not whole or past the entry limit.
  static func minor(_ units: Int64, scale: Int, multiplier: Int64, exponent: Int, limit: Int64 = AmountStyle.entryLimit)
    -> Int64?
  {
    var value = Int128(units) * Int128(multiplier)
    for _ in 0..<exponent { value *= 10 }
    for _ in 0..<scale {
      guard value % 10 == 0 else { return nil }
      value /= 10
    }
    var whole = value
    for _ in 0..<exponent { whole /= 10 }
    guard whole <= Int128(limit), value > 0 else { return nil }
    return Int64(value)
  }

  static let currencies: [Currency] = [.inr, .inr, .usd, .eur, .jpy, .bhd]

  /// A phrase's amount: a symbol before or a code after for any currency but INR (the default),
  /// western or lakh grouping, maybe a multiplier word.
  static func phraseSample(_ random: inout Generator) -> (text: String, expected: Money?) {
    let currency = random.pick(currencies)
    let (number, units, scale) = decimal(
      &random, maxDigits: 9, point: ".", group: ",", grouping: random.pick(Grouping.allCases))
    let (word, multiplier): (String, Int64) =
      random.chance(40) ? random.pick([("k", 1_000), ("L", 100_000), (" lakh", 100_000), ("cr", 10_000_000),
        (" crore", 10_000_000)]) : ("", 1)
    var text = number + word
    let marks: [String: ([String], [String])] = [
      "INR": (["", "₹", "Rs ", "Rs.", "₹ "], ["", " inr", " INR"]), "USD": (["$"], [" usd", " USD"]),
      "EUR": (["€"], [" eur", " EUR"]), "JPY": (["¥"], [" jpy"]), "BHD": ([], [" bhd", " BHD"]),
    ]
    let (before, after) = marks[currency.code]!
    if !before.isEmpty, after.isEmpty || random.chance(50) {
      text = random.pick(before) + text
    } else {
      text += random.pick(after)
    }
    let expected = minor(units, scale: scale, multiplier: multiplier, exponent: currency.exponent)
    return (text, expected.map { Money(minorUnits: $0, currency: currency) })
  }

  @Test func phrasesAndAmountOptionsReadWhatTheReaderReads() throws {
    var random = Generator(state: 0x5EED_2300_0000_0001)
    let parser = PhraseParser()
    let now = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 29)!, time: LocalTime(hour: 13, minute: 5)!)
    var read = 0
    for _ in 0..<3_000 {
      let (text, expected) = Self.phraseSample(&random)
      let reader = try? AmountReader.read(text, style: .phrase, currency: .inr).money
      #expect(reader == expected, "reader: \(text)")
      let option = try? parser.amount(text, currency: .inr)
      #expect(option == reader, "--amount: \(text)")
      let phrase = (try? parser.parse(text + " lunch", now: now))?.amount
      #expect(phrase == reader, "phrase: \(text) lunch")
      if reader != nil { read += 1 }
      if reader != expected || option != reader || phrase != reader { return }
    }
    #expect(read > 1_500)
  }

  /// A statement's number: every sign form, western, lakh, space or apostrophe grouping, a
  /// decimal comma; zero allowed.
  static func statementSample(_ random: inout Generator) -> (
    text: String, expected: Int64?, exponent: Int, decimalComma: Bool, thousands: Character?
  ) {
    let exponent = random.pick([2, 2, 0, 3])
    let decimalComma = random.chance(30)
    let thousands: Character? = random.chance(20) ? random.pick([" ", "'"]) : nil
    let group = thousands.map(String.init) ?? (decimalComma ? "." : ",")
    var (text, units, scale) = decimal(
      &random, maxDigits: 12, point: decimalComma ? "," : ".", group: group, grouping: random.pick(Grouping.allCases))
    var expected = minor(units, scale: scale, multiplier: 1, exponent: exponent, limit: .max)
    if random.chance(3) {
      text = random.pick(["0", "0" + (decimalComma ? "," : ".") + "00"])
      expected = 0
    }
    let negative = random.chance(50)
    if negative {
      text = random.pick(["-\(text)", "−\(text)", "(\(text))", "\(text)-"])
      expected = expected.map { -$0 }
    } else if random.chance(20) {
      text = "+" + text
    }
    return (text, expected, exponent, decimalComma, thousands)
  }

  @Test func statementValuesAndBankCSVReadWhatTheReaderReads() throws {
    var random = Generator(state: 0x5EED_2300_0000_0002)
    var read = 0
    for _ in 0..<3_000 {
      let (text, expected, exponent, decimalComma, thousands) = Self.statementSample(&random)
      let currency = Currency.all.first { $0.exponent == exponent }!
      let reader = try? AmountReader.read(
        text, style: .statement(decimalComma: decimalComma, thousands: thousands), currency: currency
      ).minorUnits
      #expect(reader == expected, "reader: \(text)")
      let value = StatementValues.amount(text, exponent: exponent, decimalComma: decimalComma, thousands: thousands)
      #expect(value == reader, "StatementValues: \(text)")
      // The same number as a bank CSV's cell, with a Dr/Cr mark or a symbol beside it half the time.
      var cell = text
      var cellValue = reader
      if random.chance(50), let magnitude = reader.map(abs), !text.contains("(") {
        let debit = random.chance(50)
        cell = text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "−", with: "").replacingOccurrences(
          of: "+", with: "") + random.pick(debit ? [" Dr", " DR", "DR"] : [" Cr", " CR", "CR"])
        cellValue = debit ? -magnitude : magnitude
      } else if random.chance(30), !text.hasPrefix("("), !text.hasSuffix("-") {
        cell = random.pick(["\(currency.code) ", "\(currency.symbol.trimmingSpaces())"]) + text
        if random.chance(50) { cell = text + " " + currency.code }
      }
      var mapping = BankCSVMapping()
      mapping.date = "Date"
      mapping.amount = "Amount"
      mapping.decimalComma = decimalComma
      mapping.thousands = thousands
      let csv = "Date,Amount\n2026-11-29,\"\(cell.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
      let row = (try? BankCSVFormat.read(csv, mapping: mapping, currency: currency))?.rows.first?.amount
      if cellValue != 0 { #expect(row == cellValue, "bank CSV: \(cell)") }
      if reader != nil { read += 1 }
      if reader != expected || value != reader { return }
    }
    #expect(read > 1_500)
  }

  /// A balance typed for `reconcile`: a minus, parentheses or Dr/Cr; a symbol or code beside it.
  @Test func reconcileReadsWhatTheReaderReads() throws {
    var random = Generator(state: 0x5EED_2300_0000_0003)
    for _ in 0..<3_000 {
      let (number, units, scale) = Self.decimal(
        &random, maxDigits: 11, point: ".", group: ",", grouping: random.pick(Grouping.allCases))
      var text = random.pick(["", "", "₹", "Rs ", "INR "]) + number
      if text == number, random.chance(30) { text += " INR" }
      var expected = Self.minor(units, scale: scale, multiplier: 1, exponent: 2)
      let form = random.below(6)
      switch form {
      case 0: text = "-" + text
      case 1: text = "(" + text + ")"
      case 2: text += random.pick([" Dr", " DR", "Dr", " dr"])
      case 3: text += random.pick([" Cr", " CR", "Cr", " cr"])
      default: break
      }
      if form <= 2 { expected = expected.map { -$0 } }
      let reader = try? AmountReader.read(text, style: .balance, currency: .inr).minorUnits
      #expect(reader == expected, "reader: \(text)")
      let reconcile = try? ReconcileCommand.balance(text, .inr).minorUnits
      #expect(reconcile == reader, "reconcile: \(text)")
      if reader != expected || reconcile != reader { return }
    }
  }

  /// Spendly's own CSV: typed amounts with a symbol or code, western or lakh grouping.
  @Test func spendlyCSVReadsWhatTheReaderReads() throws {
    var random = Generator(state: 0x5EED_2300_0000_0004)
    var samples: [(String, Money?)] = []
    for _ in 0..<2_000 {
      let currency = random.pick(Self.currencies)
      let (number, units, scale) = Self.decimal(
        &random, maxDigits: 10, point: ".", group: ",", grouping: random.pick(Grouping.allCases))
      let text =
        random.chance(50)
        ? number : random.pick([currency.symbol.trimmingSpaces() + number, number + " " + currency.code])
      let expected = Self.minor(units, scale: scale, multiplier: 1, exponent: currency.exponent)
      let reader = try? AmountReader.read(text, style: .entry, currency: .inr).money
      // A bare number is in the file's default currency (INR).
      let generated =
        text == number
        ? Self.minor(units, scale: scale, multiplier: 1, exponent: 2).map { Money(minorUnits: $0, currency: .inr) }
        : expected.map { Money(minorUnits: $0, currency: currency) }
      #expect(reader == generated, "reader: \(text)")
      samples.append((text, reader))
    }
    let path = NSTemporaryDirectory() + "spendly-amount-property-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var file = "Date,Type,Amount\n"
    for (text, _) in samples { file += "2026-11-29,income,\"\(text)\"\n" }
    try file.write(toFile: path, atomically: true, encoding: .utf8)
    var csv = try SpendlyCSVReader(path: path, defaultCurrency: .inr)
    for (text, reader) in samples {
      let row: Money?
      do {
        row = try csv.next()?.fields.amount
      } catch {
        row = nil
      }
      #expect(row == reader, "Spendly CSV: \(text)")
    }
  }
}
