/// The words after an account's name, where a command takes nothing more (`accounts close NAME`,
/// `balance NAME`).
enum AccountWords {
  static func noRest(_ rest: [String], _ action: String) throws(CLIError) {
    guard rest.isEmpty else {
      throw .usage("accounts \(action): \(Render.quoted(rest.joined(separator: " "))) after the name is not understood")
    }
  }
}
