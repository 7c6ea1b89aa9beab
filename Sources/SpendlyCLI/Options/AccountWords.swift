/// The words after an account's name, where a command takes nothing more (`accounts close NAME`,
/// `balance NAME`).
enum AccountWords {
  /// `command` is what the person typed it as: "accounts close", "balance", "reconcile".
  static func noRest(_ rest: [String], _ command: String) throws(CLIError) {
    guard rest.isEmpty else {
      throw .usage("\(command): \(Render.quoted(rest.joined(separator: " "))) after the name is not understood")
    }
  }
}
