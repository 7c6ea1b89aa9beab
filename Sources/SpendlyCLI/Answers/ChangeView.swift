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
      json: JSON(
        RevertedJSON(
          verb: verb == "undid" ? "undone" : "redone", action: result.action, summary: summary,
          transactions: result.transactionIDs)))
  }
}

/// `undo|redo --json`: the action reverted (under `undone` or `redone`), the change in words,
/// and the transactions it touched.
struct RevertedJSON: Encodable {
  /// "undone" or "redone": the key the action is written under.
  let verb: String
  let action: String
  let summary: String
  let transactions: [Int64]

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(action, forKey: JSONKey(verb))
    try container.encode(summary, forKey: "summary")
    try container.encode(transactions, forKey: "transactions")
  }
}
