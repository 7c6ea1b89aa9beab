/// The accounts an import's JSON summary says it made, each read as "NAME: TYPE" from
/// `created_account_types` (`{"name": …, "type": …}`); nil when a key is missing, an entry is not
/// such an object, or `created_accounts` (the names alone) does not list the same names.
func createdAccounts(_ summary: [String: Any]?) -> [String]? {
  guard let entries = summary?["created_account_types"] as? [Any], let names = summary?["created_accounts"] as? [String]
  else { return nil }
  var read: [String] = []
  var typed: [String] = []
  for entry in entries {
    guard let object = entry as? [String: Any], object.count == 2, let name = object["name"] as? String,
      let type = object["type"] as? String
    else { return nil }
    read.append("\(name): \(type)")
    typed.append(name)
  }
  return typed == names ? read : nil
}
