/// Validated transaction fields with every name resolved, once, into the id it names: what the
/// store writes. The names in `fields` stay for display; the ids are what is stored.
public struct ResolvedFields: Hashable, Sendable {
  public let fields: TransactionFields
  /// Nil for a transfer, which has no category of its own.
  public let category: CategoryID?
  public let method: MethodID
  public let account: AccountID?
  public let counterAccount: AccountID?
  public let counterMethod: MethodID?

  public init(
    fields: TransactionFields, category: CategoryID?, method: MethodID, account: AccountID?,
    counterAccount: AccountID?, counterMethod: MethodID?
  ) {
    self.fields = fields
    self.category = category
    self.method = method
    self.account = account
    self.counterAccount = counterAccount
    self.counterMethod = counterMethod
  }
}

extension Validator {
  /// Validates `fields` against `catalog` (see `validate`) and resolves each name to the id of
  /// the catalog entry it names. The catalog must be the store's, whose entries carry ids.
  /// `inferringAccounts` as in `AccountRules.resolve`.
  public static func resolve(_ fields: TransactionFields, catalog: Catalog, inferringAccounts: Bool = true)
    throws(ValidationError) -> ResolvedFields
  {
    let valid = try validate(fields, catalog: catalog, inferringAccounts: inferringAccounts)
    func stored<ID>(_ id: ID?, _ field: String, _ name: String) throws(ValidationError) -> ID {
      guard let id else { throw ValidationError(field: field, value: name, reason: "is not stored yet") }
      return id
    }
    let category: CategoryID? =
      valid.kind == .transfer
      ? nil : try stored(catalog.category(named: valid.category)?.id, "category", valid.category)
    let method = try stored(catalog.method(named: valid.method)?.id, "method", valid.method)
    func account(_ name: String?, _ field: String) throws(ValidationError) -> AccountID? {
      guard let name else { return nil }
      guard let account = catalog.account(named: name) else {
        throw ValidationError(field: field, value: name, reason: "unknown account")
      }
      return try stored(account.id, field, name)
    }
    var counterMethod: MethodID?
    if let name = valid.counterMethod {
      counterMethod = try stored(catalog.method(named: name)?.id, "to method", name)
    }
    return ResolvedFields(
      fields: valid, category: category, method: method, account: try account(valid.account, "account"),
      counterAccount: try account(valid.counterAccount, "to account"), counterMethod: counterMethod)
  }
}
