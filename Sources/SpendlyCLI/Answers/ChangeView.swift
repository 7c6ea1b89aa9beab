import SpendlyStore

/// What `undo` and `redo` print about the change they reverted or put back.
enum ChangeView {
  /// "undid add of #2", "undid: renamed category Food → Meals", and the JSON of it.
  static func report(_ result: UndoResult, verb: String) -> Rendered {
    let ids = result.transactionIDs.map { "#\($0)" }
    let subject = ids.count <= 5 ? ids.joined(separator: ", ") : "\(ids.count) transactions"
    // A change of single transactions names them; any other says what it was.
    let named = !ids.isEmpty && ["add", "edit", "delete", "import"].contains(result.action)
    let summary = ChangeWords.text(result.fact, action: result.action, id: result.undoneChangeID)
    let line = named ? "\(verb) \(result.action) of \(subject)" : "\(verb): \(Render.safe(summary))"
    return .lines(
      [line],
      json: JSON.object([
        (verb == "undid" ? "undone" : "redone", .string(result.action)), ("summary", .string(summary)),
        ("transactions", .array(result.transactionIDs.map { .int($0) })),
      ]))
  }
}
