import SpendlyApp

/// What each command's arguments do with the store, for the routes.
extension StoreUse {
  /// Whether `categories`, `methods` or `accounts` arguments only read: alone or `list`; the other actions write.
  static func catalog(_ arguments: Arguments) -> StoreUse {
    [nil, "list"].contains(arguments.positional.first?.lowercased()) ? .read : .write
  }

  /// `config` and `config KEY` read; `config KEY VALUE` writes.
  static func config(_ arguments: Arguments) -> StoreUse { arguments.positional.count < 2 ? .read : .write }

  /// `recurring`, `recurring list` and `recurring dates` read; the other actions write.
  static func recurring(_ arguments: Arguments) -> StoreUse {
    [nil, "list", "dates"].contains(arguments.positional.first?.lowercased()) ? .read : .write
  }
}
