import SpendlyCore
import Testing

@Suite("Validator")
struct ValidatorTests {
  static func fields(
    _ kind: Kind = .expense, minor: Int64 = 42_000, category: String = "Food", method: String = "UPI",
    merchant: String? = nil, date: LocalDate = LocalDate(year: 2026, month: 11, day: 29)!
  ) -> TransactionFields {
    TransactionFields(
      kind: kind, amount: Money(minorUnits: minor, currency: .inr), category: category, method: method,
      merchant: merchant, date: date)
  }

  static func error(_ fields: TransactionFields) -> ValidationError? {
    do {
      _ = try Validator.validate(fields, catalog: .defaults)
      return nil
    } catch {
      return error
    }
  }

  @Test func normalisesNamesAndText() throws {
    var input = Self.fields(category: "food", method: "upi", merchant: "  Social  ")
    input.note = "   "
    let valid = try Validator.validate(input, catalog: .defaults)
    #expect(valid.category == "Food")
    #expect(valid.method == "UPI")
    #expect(valid.merchant == "Social")
    #expect(valid.note == nil)
  }

  @Test(arguments: [(Kind.income, "Food"), (.expense, "Salary"), (.income, "Other")])
  func categorySideContradictionNamesTheField(_ kind: Kind, _ category: String) throws {
    let error = try #require(Self.error(Self.fields(kind, category: category)))
    #expect(error.field == "category")
    #expect(error.value == category)
    #expect(error.description.hasPrefix("category '\(category)'"))
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let fields: TransactionFields
    let field: String
    let value: String
    var testDescription: String { "\(field) '\(value)'" }
  }

  static let bad: [Bad] = [
    .init(fields: fields(category: "Pets"), field: "category", value: "Pets"),
    .init(fields: fields(method: "Paypal"), field: "method", value: "Paypal"),
    .init(fields: fields(minor: 0), field: "amount", value: "0.00"),
    .init(fields: fields(minor: -42_000), field: "amount", value: "-420.00"),
    .init(fields: fields(minor: 100_000_000_000_000), field: "amount", value: "1000000000000.00"),
    .init(fields: fields(date: LocalDate(year: 1969, month: 12, day: 31)!), field: "date", value: "1969-12-31"),
    .init(fields: fields(merchant: "Evil\u{1B}[2J"), field: "merchant", value: "Evil\u{1B}[2J"),
  ]

  @Test(arguments: bad)
  func rejectsNamingFieldAndValue(_ row: Bad) throws {
    let error = try #require(Self.error(row.fields))
    #expect(error.field == row.field)
    #expect(error.value == row.value)
    #expect(!error.reason.isEmpty)
  }

  @Test func catalogLooksUpAliasesCaseInsensitively() {
    let catalog = Catalog(
      categories: Category.defaults + [Category(name: "Pets", side: .expense, aliases: ["vet"])],
      methods: PaymentMethod.defaults + [PaymentMethod(name: "HDFC Card", aliases: ["hdfc"])])
    #expect(catalog.category(named: "VET")?.name == "Pets")
    #expect(catalog.method(named: "Hdfc")?.name == "HDFC Card")
    #expect(catalog.category(named: "other income")?.side == .income)
    #expect(catalog.categories(on: .income).map(\.name) == Category.defaultIncome)
    #expect(
      Catalog.defaults.methods.map(\.name) == ["Cash", "UPI", "Credit Card", "Debit Card", "Bank Transfer", "Other"])
  }
}
