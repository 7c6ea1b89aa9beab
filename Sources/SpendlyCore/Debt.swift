/// A non-negative decimal read exactly from text ("10.5" is 105 tenths): rates and percents,
/// never a floating-point number.
public struct DecimalNumber: Hashable, Sendable, CustomStringConvertible {
  /// The value times 10^scale.
  public let units: Int64
  public let scale: Int

  public init(units: Int64, scale: Int) {
    self.units = units
    self.scale = scale
  }

  /// Reads "10.5", "36", "0.25" (up to 6 decimals, at most 7 whole digits), with the amount
  /// reader's digit scanning in the `decimal` style; the scale is the decimals as written.
  public init?(text: some StringProtocol) {
    let bytes = Substring(text).utf8
    let point = bytes.firstIndex(of: UInt8(ascii: "."))
    let wholeDigits = point.map { bytes.distance(from: bytes.startIndex, to: $0) } ?? bytes.count
    let decimals = point.map { bytes.distance(from: $0, to: bytes.endIndex) - 1 } ?? 0
    guard wholeDigits <= 7, decimals <= 6, point == nil || decimals > 0,
      let value = try? AmountReader.number(bytes, style: .decimal, exponent: decimals)
    else { return nil }
    units = value
    scale = decimals
  }

  /// 10^scale.
  public var denominator: Int64 {
    var result: Int64 = 1
    for _ in 0..<scale { result *= 10 }
    return result
  }

  public var isZero: Bool { units == 0 }

  /// "10.5", with no trailing zeros.
  public var description: String {
    var text = MoneyFormat.plain(units, exponent: scale)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// `amount × self / divisor`, rounded to the unit half away from zero.
  public func apply(to amount: Int64, dividedBy divisor: Int64) -> Int64 {
    let numerator = Int128(amount) * Int128(units)
    let denominator = Int128(denominator) * Int128(divisor)
    let half = denominator / 2
    let rounded = numerator >= 0 ? (numerator + half) / denominator : (numerator - half) / denominator
    return Int64(clamping: rounded)
  }
}

/// What a debt must be paid each month at least.
public enum MinimumPayment: Hashable, Sendable {
  /// A fixed amount (minor units).
  case fixed(Int64)
  /// A percent of the balance, at least `floor` (minor units).
  case percent(DecimalNumber, floor: Int64)

  /// The minimum on `balance` (after the month's interest): never more than the balance.
  public func amount(on balance: Int64) -> Int64 {
    guard balance > 0 else { return 0 }
    switch self {
    case .fixed(let amount): return min(amount, balance)
    case .percent(let percent, let floor): return min(max(floor, percent.apply(to: balance, dividedBy: 100)), balance)
    }
  }
}

/// A loan, a card or another debt: its balance from a start date, its rate, its minimum and its
/// monthly due day (clamped to each month's length, nothing carried from the month before).
public struct Debt: Hashable, Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    case loan, card, other
  }

  public var id: Int64
  public var name: String
  public var kind: Kind
  public var balance: Money
  public var start: LocalDate
  /// The annual rate in percent (APR), e.g. 10.5.
  public var apr: DecimalNumber
  public var minimum: MinimumPayment
  public var dueDay: Int
  /// For an amortizing loan: its term, which makes its minimum the amortized payment.
  public var term: Int?

  public init(
    id: Int64, name: String, kind: Kind, balance: Money, start: LocalDate, apr: DecimalNumber,
    minimum: MinimumPayment, dueDay: Int, term: Int? = nil
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.balance = balance
    self.start = start
    self.apr = apr
    self.minimum = minimum
    self.dueDay = dueDay
    self.term = term
  }

  /// The minimum in effect: the amortized payment when there is a term.
  public var effectiveMinimum: MinimumPayment {
    guard let term else { return minimum }
    return .fixed(Amortization.payment(principal: balance.minorUnits, apr: apr, months: term))
  }

  /// A month's interest on `balance`: balance × APR / 12 / 100, rounded half away from zero.
  public static func interest(on balance: Int64, apr: DecimalNumber) -> Int64 {
    balance > 0 ? apr.apply(to: balance, dividedBy: 1200) : 0
  }

  /// The due date in a month: the due day, clamped to that month's length.
  public static func dueDate(day: Int, in month: YearMonth) -> LocalDate {
    LocalDate(year: month.year, month: month.month, day: min(max(day, 1), month.lastDay.day))!
  }

  /// The first month with a due date: for a loan with a term the month after the start (its
  /// first instalment), else the start's own month when its due day is still to come.
  var firstDueMonth: YearMonth {
    let month = YearMonth(start)
    if term == nil, Self.dueDate(day: dueDay, in: month) > start { return month }
    return month.adding(months: 1)
  }

  /// The due dates from the first one (see `firstDueMonth`) up to `last`, both included.
  public func dueDates(through last: LocalDate) -> [LocalDate] {
    var result: [LocalDate] = []
    var month = firstDueMonth
    while true {
      let date = Self.dueDate(day: dueDay, in: month)
      if date > last || result.count > 12_000 { return result }
      result.append(date)
      month = month.adding(months: 1)
    }
  }

  /// The next due date on or after `today`.
  public func nextDue(onOrAfter today: LocalDate) -> LocalDate {
    var month = max(YearMonth(today), firstDueMonth)
    while Self.dueDate(day: dueDay, in: month) < today { month = month.adding(months: 1) }
    return Self.dueDate(day: dueDay, in: month)
  }

  /// When the instalments went unpaid: the first of the due dates before `today` that no payment
  /// answered (none inside the period that ends at it, nor since), when the latest is one of
  /// them and something was owed; nil when the latest was paid.
  public func overdue(today: LocalDate, payments: [(LocalDate, Int64)]) -> LocalDate? {
    let dates = dueDates(through: today.adding(days: -1))
    guard !dates.isEmpty else { return nil }
    // A balance too large to keep is still owed.
    guard (try? balance(on: dates[dates.count - 1], payments: payments).minorUnits) ?? 1 > 0 else { return nil }
    // A due date's period runs after the due date before it, or from the start (its day
    // included); a payment in it, or since, pays it. So the latest payment pays every due date
    // up to the first on or after it, and those after that are unpaid.
    let latest = payments.map(\.0).filter { $0 <= today }.max()
    guard let latest, latest >= start else { return dates[0] }
    guard let reached = dates.firstIndex(where: { $0 >= latest }), reached + 1 < dates.count else { return nil }
    return dates[reached + 1]
  }

  /// The balance on `date`: the starting balance, the interest posted at each due date on the
  /// balance then, less the payments (date, minor units) made so far. A payment on a due date
  /// comes after that day's interest.
  /// A figure that no longer fits is an error naming the debt and the day, never capped.
  public func balance(on date: LocalDate, payments: [(LocalDate, Int64)]) throws(FigureTooLarge) -> Money {
    let currency = self.balance.currency
    var balance = self.balance
    let sorted = payments.filter { $0.0 <= date }.sorted { $0.0 < $1.0 }
    var next = 0
    func pay(_ payment: (LocalDate, Int64)) throws(FigureTooLarge) {
      balance = try balance.subtracting(
        Money(minorUnits: payment.1, currency: currency),
        or: FigureTooLarge(name: name, figure: "balance on \(payment.0)"))
    }
    for due in dueDates(through: date) {
      while next < sorted.count, sorted[next].0 < due {
        try pay(sorted[next])
        next += 1
      }
      let interest = Money(minorUnits: Self.interest(on: balance.minorUnits, apr: apr), currency: currency)
      balance = try balance.adding(interest, or: FigureTooLarge(name: name, figure: "balance on \(due)"))
    }
    while next < sorted.count {
      try pay(sorted[next])
      next += 1
    }
    return balance
  }
}

/// A fixed-rate amortization schedule.
public enum Amortization {
  /// One month of the schedule.
  public struct Row: Equatable, Sendable {
    public let month: Int
    public let date: LocalDate
    public let payment: Int64
    public let interest: Int64
    public let principal: Int64
    public let balance: Int64
  }

  /// P × r / (1 − (1 + r)^−n) rounded half away from zero (P / n at r = 0), with
  /// r = APR / 12 / 100, computed exactly as a fraction of whole numbers.
  public static func payment(principal: Int64, apr: DecimalNumber, months: Int) -> Int64 {
    guard months > 0, principal > 0 else { return max(principal, 0) }
    if apr.isZero { return Cadence.divideRounded(Int128(principal), by: Int128(months)) }
    // r = a / d, reduced; payment = P · a · (d + a)^n / (d · ((d + a)^n − d^n)).
    var a = UInt64(apr.units)
    var d = UInt64(apr.denominator) * 1200
    let common = gcd(a, d)
    a /= common
    d /= common
    let grown = BigUInt.power(BigUInt(d + a), months)
    let base = BigUInt.power(BigUInt(d), months)
    let numerator = BigUInt(UInt64(principal)) * BigUInt(a) * grown
    let denominator = BigUInt(d) * (grown - base)
    return BigUInt.roundedQuotient(numerator, denominator)
  }

  static func gcd(_ x: UInt64, _ y: UInt64) -> UInt64 {
    var (a, b) = (x, y)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }

  /// The schedule of `debt` from its starting balance over its term (or `months`): each row
  /// the interest on the balance, principal = payment − interest, the new balance; the last
  /// payment clears the balance exactly. Row 1 falls on the due date of the month after the start.
  /// A figure that no longer fits is an error naming it.
  public static func schedule(_ debt: Debt, months: Int) throws(FigureTooLarge) -> [Row] {
    let c = debt.balance.currency
    let payment = payment(principal: debt.balance.minorUnits, apr: debt.apr, months: months)
    var balance = debt.balance.minorUnits
    var rows: [Row] = []
    var month = YearMonth(debt.start).adding(months: 1)
    var index = 1
    while balance > 0 && index <= max(months, 1) * 2 + 12 {
      let interest = Debt.interest(on: balance, apr: debt.apr)
      let owed = try Money(minorUnits: balance, currency: c).adding(
        Money(minorUnits: interest, currency: c),
        or: FigureTooLarge(name: debt.name, figure: "balance in month \(index)")
      ).minorUnits
      let paid = index >= months || payment >= owed ? owed : payment
      balance = owed - paid
      rows.append(
        Row(
          month: index, date: Debt.dueDate(day: debt.dueDay, in: month), payment: paid, interest: interest,
          principal: paid - interest, balance: balance))
      month = month.adding(months: 1)
      index += 1
    }
    return rows
  }

  /// What a schedule pays in all and in interest, added up through `Money`: a total that no
  /// longer fits is an error naming it ("H2: its total paid"), never a capped figure.
  public static func totals(_ rows: [Row], of debt: Debt) throws(FigureTooLarge) -> (paid: Money, interest: Money) {
    let c = debt.balance.currency
    let paid = try Money.total(
      rows.map { Money(minorUnits: $0.payment, currency: c) }, in: c,
      or: FigureTooLarge(name: debt.name, figure: "total paid"))
    let interest = try Money.total(
      rows.map { Money(minorUnits: $0.interest, currency: c) }, in: c,
      or: FigureTooLarge(name: debt.name, figure: "total interest"))
    return (paid, interest)
  }
}
