import SpendlyCore

/// What a change did, as the change log records it. Every write of the store is one of these.
public enum ChangeAction: String, Sendable, CaseIterable {
  case add, edit, delete
  case `import`
  case undo, redo
  case addCategory = "add-category"
  case addMethod = "add-method"
  case addAlias = "add-alias"
  case rename
  case setting
  case budget
  case addSchedule = "add-schedule"
  case editSchedule = "edit-schedule"
  case deleteSchedule = "delete-schedule"
  case logRecurring = "log-recurring"
  case addDebt = "add-debt"
  case editDebt = "edit-debt"
  case removeDebt = "remove-debt"
  case payDebt = "pay-debt"
  case addAccount = "add-account"
  case editAccount = "edit-account"
  case renameAccount = "rename-account"
  case closeAccount = "close-account"
  case reconcile
  case mapping
  /// The whole database replaced (`restore`, `import --replace`): never undone.
  case replace
}
