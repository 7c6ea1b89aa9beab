import SpendlyCore
import SpendlyStore

/// A transaction's fields as `list --json` and every other command give them.
struct TransactionFieldsJSON: Encodable {
  let kind: String
  let money: Inline<MoneyJSON>
  let category: String
  let method: String
  let merchant: String?
  let note: String?
  let date: String
  let time: String?
  let status: String
  let importSource: String?
  let externalReference: String?
  let foreignAmount: String?
  let foreignAmountMinor: Int64?
  let foreignCurrency: String?
  let rate: String?
  let account: String?
  let toAccount: String?
  let toMethod: String?
  let entry: String
  let postedDate: String?
  let recurringId: Int64?
  let debtId: Int64?

  init(_ fields: TransactionFields) {
    kind = fields.kind.rawValue
    money = Inline(MoneyJSON(fields.amount))
    category = fields.category
    method = fields.method
    merchant = fields.merchant
    note = fields.note
    date = fields.date.description
    time = fields.time?.description
    status = fields.status.rawValue
    importSource = fields.importSource
    externalReference = fields.externalReference
    foreignAmount = fields.foreignAmount?.decimalString
    foreignAmountMinor = fields.foreignAmount?.minorUnits
    foreignCurrency = fields.foreignAmount?.currency.code
    rate = fields.rate?.text
    account = fields.account
    toAccount = fields.counterAccount
    toMethod = fields.counterMethod
    entry = fields.entry.rawValue
    postedDate = fields.postedDate?.description
    recurringId = fields.recurringID
    debtId = fields.debtID
  }
}

/// A stored transaction: its id, its fields, when it was made and last changed.
struct TransactionJSON: Encodable {
  let id: Int64
  let fields: Inline<TransactionFieldsJSON>
  let createdAt: String
  let updatedAt: String

  init(_ transaction: Transaction) {
    id = transaction.id
    fields = Inline(TransactionFieldsJSON(transaction.fields))
    createdAt = transaction.createdAt.description
    updatedAt = transaction.updatedAt.description
  }
}
