import SpendlyCore

/// Money as JSON, in its one shape: `{"amount": "420.00", "amount_minor": 42000, "currency": "INR"}`,
/// the amount written with the currency's exponent.
struct MoneyJSON: Encodable, Equatable {
  let amount: String
  let amountMinor: Int64
  let currency: String

  init(_ minor: Int64, _ currency: Currency) {
    amount = MoneyFormat.plain(minor, exponent: currency.exponent)
    amountMinor = minor
    self.currency = currency.code
  }

  init(_ money: Money) { self.init(money.minorUnits, money.currency) }
}

/// A value whose keys are written into the object around it (`"amount"`, `"amount_minor"`,
/// `"currency"` of a transaction, beside its other fields).
struct Inline<Value: Encodable>: JSONInline {
  let value: Value
  init(_ value: Value) { self.value = value }

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// A money figure beside its currency: `"balance": "420.00", "balance_minor": 42000`, the
/// currency named once by the object holding it.
struct MoneyFigure: JSONSiblings {
  let minor: Int64
  let exponent: Int

  init(_ minor: Int64, _ currency: Currency) {
    self.minor = minor
    exponent = currency.exponent
  }

  func pairs(key: String) -> [(String, JSON)] {
    [(key, .string(MoneyFormat.plain(minor, exponent: exponent))), (key + "_minor", .int(minor))]
  }

  static func nullPairs(key: String) -> [(String, JSON)] { [(key, .null), (key + "_minor", .null)] }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(MoneyFormat.plain(minor, exponent: exponent))
  }
}

/// A key written only when it has a value: left out, not null, when `value` is nil.
struct IfPresent<Value: Encodable>: JSONSiblings {
  let value: Value?
  init(_ value: Value?) { self.value = value }

  func pairs(key: String) -> [(String, JSON)] {
    guard let value else { return [] }
    if let siblings = value as? any JSONSiblings { return siblings.pairs(key: key) }
    return [(key, JSON(value))]
  }
  static func nullPairs(key: String) -> [(String, JSON)] { [] }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}
