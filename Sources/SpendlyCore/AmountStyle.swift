/// How one front end writes amounts: its decimal mark and grouping, the sign forms it allows,
/// whether a currency symbol or code may stand beside the number, whether word multipliers
/// (k, lakh, crore) count, and its limits. `AmountReader` reads every front end's text with
/// its style, so the rules live in one place and front ends differ only by what is listed here.
public struct AmountStyle: Sendable, Hashable {
  /// Where grouping marks may stand in the whole part.
  public enum Grouping: Sendable, Hashable {
    /// Western (1,234,567) or lakh (12,34,567) groups; `1,50,000` reads either way. A misplaced
    /// mark is an error.
    case westernOrLakh
    /// Anywhere before the decimal mark, as statements print them (1 234,56; 1'234.56).
    case anywhere
  }

  /// The forms a sign may take.
  public struct Signs: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// -420, −420.
    public static let leadingMinus = Signs(rawValue: 1)
    /// +420.
    public static let leadingPlus = Signs(rawValue: 2)
    /// 420.00- (some banks' debit).
    public static let trailingMinus = Signs(rawValue: 4)
    /// (420.00).
    public static let parentheses = Signs(rawValue: 8)
    /// 420.00 Dr, 420.00 CR: a debit is negative, a credit positive.
    public static let drCr = Signs(rawValue: 16)
  }

  /// The decimal mark's byte ("." or ",").
  public var decimalMark: UInt8
  /// The grouping mark's byte ("," or "." or "'" or " ").
  public var groupMark: UInt8
  /// Whether a space, an apostrophe and a no-break space also group (statements).
  public var spaceGroups: Bool
  public var grouping: Grouping
  public var signs: Signs
  /// Whether a currency symbol or code may stand before or after the number (₹420, 1200 INR).
  public var symbols: Bool
  /// Whether word multipliers count: 1.5k, 2 lakh, 1.2L, 3 cr. Off, "cr" is only a credit.
  public var multipliers: Bool
  /// Whether zero is an amount (a balance may be zero; a transaction's amount may not).
  public var allowsZero: Bool
  /// The largest whole part accepted (major units).
  public var maximumMajorUnits: Int64
  /// The most digits a number may have, leading and trailing zeros counted (nil: no limit but the limit above).
  public var digitLimit: Int?

  public init(
    decimalMark: UInt8 = UInt8(ascii: "."), groupMark: UInt8 = UInt8(ascii: ","), spaceGroups: Bool = false,
    grouping: Grouping = .westernOrLakh, signs: Signs = [.leadingPlus], symbols: Bool = true,
    multipliers: Bool = false, allowsZero: Bool = false, maximumMajorUnits: Int64 = AmountStyle.entryLimit,
    digitLimit: Int? = nil
  ) {
    self.decimalMark = decimalMark
    self.groupMark = groupMark
    self.spaceGroups = spaceGroups
    self.grouping = grouping
    self.signs = signs
    self.symbols = symbols
    self.multipliers = multipliers
    self.allowsZero = allowsZero
    self.maximumMajorUnits = maximumMajorUnits
    self.digitLimit = digitLimit
  }

  /// The largest amount a person may enter, in major units.
  public static let entryLimit: Int64 = 999_999_999_999

  /// Typed amounts with no multiplier: Spendly's CSV, an edit's amount. A minus is refused (the
  /// kind gives the sign); zero is refused.
  public static let entry = AmountStyle()

  /// A phrase's amount and the options that read as one (`--amount`, `budget set`, `debts`):
  /// as `entry`, with word multipliers (1.5k, 2 lakh, 3 cr).
  public static let phrase = AmountStyle(multipliers: true)

  /// A statement balance typed by hand (`reconcile`): signed by a minus, parentheses or
  /// Dr/Cr, never multiplied, so "52,080.00 Cr" is a credit of 52,080.00; zero is a balance
  /// too (a card paid off).
  public static let balance = AmountStyle(signs: [.leadingMinus, .leadingPlus, .parentheses, .drCr], allowsZero: true)

  /// A plain non-negative decimal with no grouping, sign or symbol (rates, percents:
  /// `DecimalNumber`); zero allowed.
  public static let decimal = AmountStyle(
    groupMark: UInt8(ascii: "."), signs: [], symbols: false, allowsZero: true, maximumMajorUnits: .max)

  /// A statement file's number (OFX/QFX, QIF, CAMT): signed, any grouping before the mark,
  /// zero allowed, no symbols, at most 17 digits.
  public static func statement(decimalComma: Bool = false, thousands: Character? = nil) -> AmountStyle {
    let point = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
    let group = thousands?.asciiValue ?? (decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ","))
    return AmountStyle(
      decimalMark: point, groupMark: group, spaceGroups: true, grouping: .anywhere,
      signs: [.leadingMinus, .leadingPlus, .trailingMinus, .parentheses], symbols: false, allowsZero: true,
      maximumMajorUnits: .max, digitLimit: 17)
  }

  /// A bank CSV mapping's cell: a statement's number that may also carry a symbol or code
  /// (₹1,200.00, 1200 INR) and a Dr/Cr mark.
  public static func bankCSV(decimalComma: Bool = false, thousands: Character? = nil) -> AmountStyle {
    var style = statement(decimalComma: decimalComma, thousands: thousands)
    style.signs.insert(.drCr)
    style.symbols = true
    return style
  }
}
