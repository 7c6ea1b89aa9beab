/// A command's or an answer's result with both its renderings, text and JSON. `Context.show`
/// prints one of them, so no command body chooses between them itself.
struct Rendered {
  /// The text lines; made only when text is shown (making them may note warnings).
  let text: () -> [String]
  /// What `--json` prints; nil when the result has no JSON form and its text is shown either way.
  let json: (() -> JSON)?
  /// Warnings for stderr once the result is printed: damaged rows, unknown currencies.
  var warnings: () -> [String] = { [] }

  init(text: @escaping () -> [String], json: (() -> JSON)?, warnings: @escaping () -> [String] = { [] }) {
    self.text = text
    self.json = json
    self.warnings = warnings
  }

  /// Lines that are the same with or without `--json` (a confirmation, "unchanged").
  static func lines(_ lines: [String]) -> Rendered { Rendered(text: { lines }, json: nil) }

  /// Lines as text, `json` with `--json`.
  static func lines(_ lines: [String], json: JSON) -> Rendered { Rendered(text: { lines }, json: { json }) }

  /// Nothing to print (the dialogue already said it).
  static var nothing: Rendered { Rendered(text: { [] }, json: nil) }
}

extension Context {
  /// Prints a result: its JSON with `--json` when it has one, else its text; then its warnings.
  /// The one place a result becomes output.
  func show(_ result: Rendered) {
    if json, let json = result.json {
      output.line(json().rendered())
    } else {
      for line in result.text() { output.line(line) }
    }
    for warning in result.warnings() { output.warning(warning) }
  }
}
